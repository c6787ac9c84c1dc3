import { useSearchParams } from 'react-router';
import type { MailQueueView, QueuedMail } from '../../../../shared/mail/mail-queue.schemas';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { LoadErrorAlert } from '../../../components/ui/load-error-alert';
import { Skeleton } from '../../../components/ui/loading';
import { PageHeader } from '../../../components/ui/page-header';
import { useLeagueTimeZone } from '../../../lib/api/get-league';
import { formatDateTime } from '../../../lib/dates';
import { useT } from '../../../lib/i18n';
import { toast } from '../../../lib/toast';
import { useMailQueue, useResendMail } from '../api/mail-queue';
import { mailKindLabel, mailStatusLabel } from '../mail-words';

const VIEWS: readonly MailQueueView[] = ['failed', 'waiting'];

/** /admin-mail: email that failed for good or still waits to go out, with the reason, and "Send again". */
export function MailQueuePage() {
  const { t } = useT('mail-queue');
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
        title={t('page.title')}
        description={retentionDays ? t('page.descriptionRetention', { days: retentionDays }) : t('page.description')}
      />
      <div className="mb-4 flex flex-wrap gap-2" role="group" aria-label={t('page.viewGroup')}>
        {VIEWS.map((v) => (
          <Button key={v} size="sm" variant={v === view ? 'primary' : 'secondary'} aria-pressed={v === view} onClick={() => choose(v)}>
            {counts
              ? v === 'failed'
                ? t('page.failedCount', { count: counts.failed })
                : t('page.waitingCount', { count: counts.waiting })
              : v === 'failed'
                ? t('view.failed')
                : t('view.waiting')}
          </Button>
        ))}
      </div>
      <p className="mb-4 max-w-2xl text-sm text-slate-700">
        {t('page.sendAgainHelp')}
      </p>

      <section aria-labelledby="mail-list-heading" aria-busy={queue.isFetching}>
        <h2 id="mail-list-heading" className="sr-only">
          {view === 'failed' ? t('list.failedHeading') : t('list.waitingHeading')}
        </h2>
        {queue.isPending ? (
          <div className="flex flex-col gap-2" aria-hidden="true">
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} className="h-28 w-full" />
            ))}
          </div>
        ) : queue.isError ? (
          <LoadErrorAlert title={t('list.loadError')} message={queue.error.message} onRetry={() => queue.refetch()} />
        ) : messages.length === 0 ? (
          <EmptyMail view={view} counts={counts!} onSwitch={choose} />
        ) : (
          <>
            <ol className="flex flex-col gap-3" aria-label={view === 'failed' ? t('list.failedLabel') : t('list.waitingLabel')}>
              {messages.map((m) => (
                <li key={m.id}>
                  <MailItem message={m} />
                </li>
              ))}
            </ol>
            {queue.hasNextPage ? (
              <div className="mt-4 flex justify-center">
                <Button variant="secondary" busy={queue.isFetchingNextPage} onClick={() => void queue.fetchNextPage()}>
                  {t('list.loadMore')}
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
  const { t } = useT('mail-queue');
  if (counts.failed === 0 && counts.waiting === 0) {
    return (
      <EmptyState title={t('empty.noneTitle')}>{t('empty.noneBody')}</EmptyState>
    );
  }
  const other: MailQueueView = view === 'failed' ? 'waiting' : 'failed';
  return (
    <EmptyState
      title={view === 'failed' ? t('empty.noFailedTitle') : t('empty.noWaitingTitle')}
      action={
        <Button variant="secondary" onClick={() => onSwitch(other)}>
          {other === 'failed' ? t('empty.showFailed', { count: counts.failed }) : t('empty.showWaiting', { count: counts.waiting })}
        </Button>
      }
    >
      {view === 'failed'
        ? t('empty.waitingLeft', { count: counts.waiting })
        : t('empty.failedLeft', { count: counts.failed })}
    </EmptyState>
  );
}

function MailItem({ message: m }: { message: QueuedMail }) {
  const { t } = useT('mail-queue');
  const timeZone = useLeagueTimeZone();
  const resend = useResendMail();
  const send = async () => {
    try {
      await resend.mutateAsync(m.id);
      toast.success(t('item.resent', { address: m.toAddress }));
    } catch (err) {
      toast.error(err instanceof Error ? err.message : t('item.resendError'));
    }
  };
  const reasonId = `mail-reason-${m.id}`;

  return (
    <article className="min-w-0 rounded-lg border border-slate-200 bg-white px-4 py-3" aria-label={t('item.label', { subject: m.subject, address: m.toAddress })}>
      <div className="flex flex-wrap items-center gap-2">
        <h3 className="min-w-0 font-semibold wrap-anywhere text-primary-900">{m.subject}</h3>
        <Badge tone={m.status === 'failed' ? 'danger' : m.status === 'sending' ? 'accent' : 'neutral'}>{mailStatusLabel(t, m)}</Badge>
      </div>
      <dl className="mt-2 grid grid-cols-1 gap-x-4 gap-y-1 text-sm sm:grid-cols-[max-content_minmax(0,1fr)]">
        <dt className="font-semibold text-slate-800">{t('item.to')}</dt>
        <dd className="min-w-0 wrap-anywhere text-slate-900">{m.toAddress}</dd>
        <dt className="font-semibold text-slate-800">{t('item.what')}</dt>
        <dd className="min-w-0 text-slate-900">
          {t('item.kindQueued', { kind: mailKindLabel(t, m.kind), when: formatDateTime(m.createdAt, timeZone) })}
        </dd>
        <dt className="font-semibold text-slate-800">{t('item.tries')}</dt>
        <dd className="min-w-0 text-slate-900">
          {m.status === 'pending'
            ? t('item.attemptsNext', { count: m.attempts, when: formatDateTime(m.nextAttemptAt, timeZone) })
            : t('item.attempts', { count: m.attempts })}
        </dd>
        <dt className="font-semibold text-slate-800">{t('item.reason')}</dt>
        <dd id={reasonId} className="min-w-0 wrap-anywhere text-slate-900">
          {m.lastError ?? t('item.noError')}
        </dd>
      </dl>
      <div className="mt-3 flex flex-wrap items-center gap-3">
        {m.status === 'sending' ? (
          <p className="text-sm text-slate-700">{t('item.sendingNow')}</p>
        ) : (
          <Button size="sm" variant="secondary" busy={resend.isPending} aria-describedby={reasonId} onClick={() => void send()}>
            {t('item.sendAgain')}
          </Button>
        )}
      </div>
    </article>
  );
}
