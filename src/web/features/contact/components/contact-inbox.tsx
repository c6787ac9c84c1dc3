import { useState } from 'react';
import type { ContactMessage, ContactMessageStatus } from '../../../../shared/contact/contact.schemas';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { LoadErrorAlert } from '../../../components/ui/load-error-alert';
import { Skeleton } from '../../../components/ui/loading';
import { useLeagueTimeZone } from '../../../lib/api/get-league';
import { cx } from '../../../lib/cx';
import { formatDateTime } from '../../../lib/dates';
import { toast } from '../../../lib/toast';
import { useContactInbox, useSetContactStatus } from '../api/contact';

const TABS: { status: ContactMessageStatus; label: string; empty: string }[] = [
  { status: 'new', label: 'New', empty: 'No new messages. Messages people send from the Contact page arrive here.' },
  { status: 'read', label: 'Read', empty: 'Nothing here. Messages you mark as read wait here until you archive them.' },
  { status: 'archived', label: 'Archived', empty: 'Nothing archived yet.' },
];

/** The contact inbox on /admin: messages from /contact, new → read → archived. */
export function ContactInbox() {
  const [status, setStatus] = useState<ContactMessageStatus>('new');
  const inbox = useContactInbox(status);
  const tab = TABS.find((t) => t.status === status)!;

  return (
    <Card id="contact-inbox" role="region" aria-labelledby="contact-inbox-title" className="scroll-mt-20">
      <h2 id="contact-inbox-title" className="text-lg font-semibold text-primary-900">
        Messages to the league
      </h2>
      <p className="mt-1 text-sm text-slate-700">What people sent from the Contact page. Answer by email, then archive.</p>
      <div className="mt-4 flex flex-wrap gap-2" role="group" aria-label="Which messages">
        {TABS.map((t) => (
          <Button
            key={t.status}
            size="sm"
            variant={t.status === status ? 'primary' : 'secondary'}
            aria-pressed={t.status === status}
            onClick={() => setStatus(t.status)}
          >
            {t.label}
            {inbox.data ? ` (${inbox.data.counts[t.status]})` : ''}
          </Button>
        ))}
      </div>
      <div className="mt-4">
        {inbox.isPending ? (
          <Skeleton className="h-24 w-full" />
        ) : inbox.isError ? (
          <LoadErrorAlert title="The messages could not be loaded" message={inbox.error.message} onRetry={() => inbox.refetch()} />
        ) : inbox.data.messages.length === 0 ? (
          <p className="rounded-lg border-2 border-dashed border-slate-300 px-4 py-6 text-center text-slate-700">{tab.empty}</p>
        ) : (
          <ul className="flex flex-col gap-3">
            {inbox.data.messages.map((m) => (
              <ContactMessageItem key={m.id} message={m} />
            ))}
          </ul>
        )}
      </div>
    </Card>
  );
}

function ContactMessageItem({ message: m }: { message: ContactMessage }) {
  const timeZone = useLeagueTimeZone();
  const [open, setOpen] = useState(m.status === 'new');
  const setStatus = useSetContactStatus();
  const bodyId = `contact-message-${m.id}`;

  const move = async (status: ContactMessageStatus, done: string) => {
    try {
      await setStatus.mutateAsync({ id: m.id, status });
      toast.success(done);
    } catch (err) {
      toast.error(err instanceof Error ? err.message : 'The message could not be moved. Try again.');
    }
  };
  const reply = `mailto:${encodeURIComponent(m.email)}?subject=${encodeURIComponent(`Re: ${m.subject}`)}`;

  return (
    <li className={cx('rounded-lg border bg-white', m.status === 'new' ? 'border-primary-300' : 'border-slate-200')}>
      <button
        type="button"
        aria-expanded={open}
        aria-controls={bodyId}
        onClick={() => setOpen(!open)}
        className="flex w-full flex-col items-start gap-1 px-4 py-3 text-left"
      >
        <span className="flex w-full flex-wrap items-center gap-2">
          <span className="font-semibold break-words text-primary-900">{m.subject}</span>
          {m.status === 'new' ? <Badge tone="accent">New</Badge> : null}
        </span>
        <span className="text-sm text-slate-700">
          {m.name} · {formatDateTime(m.createdAt, timeZone)}
        </span>
      </button>
      {open ? (
        <div id={bodyId} className="border-t border-slate-200 px-4 py-3">
          <p className="text-sm text-slate-700">
            From <span className="font-semibold break-all">{m.email}</span>
            {m.signedIn ? ' (signed in)' : ''}
          </p>
          <p className="mt-2 break-words whitespace-pre-wrap text-slate-900">{m.body}</p>
          <div className="mt-4 flex flex-wrap gap-2">
            <a href={reply} className="inline-flex items-center rounded-lg bg-primary-700 px-3 py-1.5 text-sm font-semibold text-white hover:bg-primary-800">
              Reply by email
            </a>
            {m.status === 'new' ? (
              <Button size="sm" variant="secondary" busy={setStatus.isPending} onClick={() => void move('read', 'Marked as read.')}>
                Mark as read
              </Button>
            ) : (
              <Button size="sm" variant="secondary" busy={setStatus.isPending} onClick={() => void move('new', 'Marked as new.')}>
                Mark as new
              </Button>
            )}
            {m.status === 'archived' ? null : (
              <Button size="sm" variant="secondary" busy={setStatus.isPending} onClick={() => void move('archived', 'Message archived.')}>
                Archive
              </Button>
            )}
          </div>
        </div>
      ) : null}
    </li>
  );
}
