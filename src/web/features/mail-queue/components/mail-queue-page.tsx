import { useSearchParams } from 'react-router';
import type { MailQueueView, QueuedMail } from '../../../../shared/mail/mail-queue.schemas';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { LoadErrorAlert } from '../../../components/ui/load-error-alert';
import { Skeleton } from '../../../components/ui/loading';
import { PageHeader } from '../../../components/ui/page-header';
import { useLeagueTimeZone } from '../../../lib/api/get-league';
import { countOf } from '../../../lib/count-words';
import { formatDateTime } from '../../../lib/dates';
import { toast } from '../../../lib/toast';
import { useMailQueue, useResendMail } from '../api/mail-queue';
import { mailKindLabel, mailStatusLabel } from '../mail-words';

const VIEWS: { view: MailQueueView; label: string }[] = [
  { view: 'failed', label: 'Failed' },
  { view: 'waiting', label: 'Waiting' },
];

/** /admin-mail: email that failed for good or still waits to go out, with the reason, and "Send again". */
export function MailQueuePage() {
  const [params, setParams] = useSearchParams();
  const view: MailQueueView = params.get('view') === 'waiting' ? 'waiting' : 'failed';
  const queue = useMailQueue(view);
  const pages = queue.data?.pages ?? [];
  const messages = pages.flatMap((p) => p.messages);
  const counts = pages[0]?.counts;
  const retentionDays = pages[0]?.retentionDays;

  const choose = (v: MailQueueView) =>
    void setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (v === 'failed') next.delete('view');
        else next.set('view', v);
        return next;
      },
      { preventScrollReset: true },
    );

  return (
    <section>
      <PageHeader
        title="Mail"
        description={`Email the app could not send, and email still waiting to go out, with the reason. Sent email is not listed${retentionDays ? ` and is deleted after ${countOf(retentionDays, 'day')}` : ''}.`}
      />
      <div className="mb-4 flex flex-wrap gap-2" role="group" aria-label="Which email">
        {VIEWS.map((v) => (
          <Button key={v.view} size="sm" variant={v.view === view ? 'primary' : 'secondary'} aria-pressed={v.view === view} onClick={() => choose(v.view)}>
            {v.label}
            {counts ? ` (${counts[v.view]})` : ''}
          </Button>
        ))}
      </div>
      <p className="mb-4 max-w-2xl text-sm text-slate-700">
        Send again puts the message back in the queue at once, to the same address with the same Message-ID, so a person who did get an earlier copy
        sees one email. If the mail server refused the address, correct it first (on Users & teams or in a new invitation), or it will fail again.
      </p>

      <section aria-labelledby="mail-list-heading" aria-busy={queue.isFetching}>
        <h2 id="mail-list-heading" className="sr-only">
          {view === 'failed' ? 'Failed email' : 'Waiting email'}
        </h2>
        {queue.isPending ? (
          <div className="flex flex-col gap-2" aria-hidden="true">
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} className="h-28 w-full" />
            ))}
          </div>
        ) : queue.isError ? (
          <LoadErrorAlert title="The mail list could not be loaded" message={queue.error.message} onRetry={() => queue.refetch()} />
        ) : messages.length === 0 ? (
          <EmptyMail view={view} counts={counts!} onSwitch={choose} />
        ) : (
          <>
            <ol className="flex flex-col gap-3" aria-label={view === 'failed' ? 'Failed email, newest first' : 'Waiting email, newest first'}>
              {messages.map((m) => (
                <li key={m.id}>
                  <MailItem message={m} />
                </li>
              ))}
            </ol>
            {queue.hasNextPage ? (
              <div className="mt-4 flex justify-center">
                <Button variant="secondary" busy={queue.isFetchingNextPage} onClick={() => void queue.fetchNextPage()}>
                  Load more email
                </Button>
              </div>
            ) : null}
          </>
        )}
      </section>
    </section>
  );
}

function EmptyMail({ view, counts, onSwitch }: { view: MailQueueView; counts: { failed: number; waiting: number }; onSwitch: (v: MailQueueView) => void }) {
  if (counts.failed === 0 && counts.waiting === 0) {
    return (
      <EmptyState title="No mail is failing or waiting.">
        Every email the app queued has gone out. Email that cannot be delivered shows here with the mail server's reason, so you can correct the
        address and send it again.
      </EmptyState>
    );
  }
  const other: MailQueueView = view === 'failed' ? 'waiting' : 'failed';
  return (
    <EmptyState
      title={view === 'failed' ? 'No email has failed.' : 'No email is waiting.'}
      action={
        <Button variant="secondary" onClick={() => onSwitch(other)}>
          Show {other} email ({counts[other]})
        </Button>
      }
    >
      {view === 'failed'
        ? `${countOf(counts.waiting, 'email is', 'emails are')} still waiting to go out; the app retries them on its own.`
        : `${countOf(counts.failed, 'email', 'emails')} failed for good and will not be tried again unless you send it again.`}
    </EmptyState>
  );
}

function MailItem({ message: m }: { message: QueuedMail }) {
  const timeZone = useLeagueTimeZone();
  const resend = useResendMail();
  const send = async () => {
    try {
      await resend.mutateAsync(m.id);
      toast.success(`The email to ${m.toAddress} is queued to be sent again now, with the same Message-ID.`);
    } catch (err) {
      toast.error(err instanceof Error ? err.message : 'The email could not be queued again. Reload the list and try again.');
    }
  };
  const reasonId = `mail-reason-${m.id}`;

  return (
    <article className="min-w-0 rounded-lg border border-slate-200 bg-white px-4 py-3" aria-label={`${m.subject} to ${m.toAddress}`}>
      <div className="flex flex-wrap items-center gap-2">
        <h3 className="min-w-0 font-semibold wrap-anywhere text-primary-900">{m.subject}</h3>
        <Badge tone={m.status === 'failed' ? 'danger' : m.status === 'sending' ? 'accent' : 'neutral'}>{mailStatusLabel(m)}</Badge>
      </div>
      <dl className="mt-2 grid grid-cols-1 gap-x-4 gap-y-1 text-sm sm:grid-cols-[max-content_minmax(0,1fr)]">
        <dt className="font-semibold text-slate-800">To</dt>
        <dd className="min-w-0 wrap-anywhere text-slate-900">{m.toAddress}</dd>
        <dt className="font-semibold text-slate-800">What</dt>
        <dd className="min-w-0 text-slate-900">
          {mailKindLabel(m.kind)}, queued {formatDateTime(m.createdAt, timeZone)}
        </dd>
        <dt className="font-semibold text-slate-800">Tries</dt>
        <dd className="min-w-0 text-slate-900">
          {m.attempts === 0 ? 'Not tried yet' : `Tried ${countOf(m.attempts, 'time')}`}
          {m.status === 'pending' ? `; next try ${formatDateTime(m.nextAttemptAt, timeZone)}` : ''}
        </dd>
        <dt className="font-semibold text-slate-800">Reason</dt>
        <dd id={reasonId} className="min-w-0 wrap-anywhere text-slate-900">
          {m.lastError ?? 'No error yet: it has not been tried.'}
        </dd>
      </dl>
      <div className="mt-3 flex flex-wrap items-center gap-3">
        {m.status === 'sending' ? (
          <p className="text-sm text-slate-700">A server is sending it right now.</p>
        ) : (
          <Button size="sm" variant="secondary" busy={resend.isPending} aria-describedby={reasonId} onClick={() => void send()}>
            Send again now
          </Button>
        )}
      </div>
    </article>
  );
}
