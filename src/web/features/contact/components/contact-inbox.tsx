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
import { RichText, useT } from '../../../lib/i18n';
import { toast } from '../../../lib/toast';
import { useContactInbox, useSetContactStatus } from '../api/contact';

const TABS = [
  { status: 'new', label: 'inbox.tabNew', empty: 'inbox.emptyNew' },
  { status: 'read', label: 'inbox.tabRead', empty: 'inbox.emptyRead' },
  { status: 'archived', label: 'inbox.tabArchived', empty: 'inbox.emptyArchived' },
] as const satisfies readonly { status: ContactMessageStatus; label: string; empty: string }[];

/** The contact inbox on /admin: messages from /contact, new → read → archived. */
export function ContactInbox() {
  const { t } = useT('contact');
  const [status, setStatus] = useState<ContactMessageStatus>('new');
  const inbox = useContactInbox(status);
  const current = TABS.find((tab) => tab.status === status)!;

  return (
    <Card id="contact-inbox" role="region" aria-labelledby="contact-inbox-title" className="scroll-mt-20">
      <h2 id="contact-inbox-title" className="text-lg font-semibold text-primary-900">
        {t('inbox.title')}
      </h2>
      <p className="mt-1 text-sm text-slate-700">{t('inbox.intro')}</p>
      <div className="mt-4 flex flex-wrap gap-2" role="group" aria-label={t('inbox.tabs')}>
        {TABS.map((tab) => (
          <Button
            key={tab.status}
            size="sm"
            variant={tab.status === status ? 'primary' : 'secondary'}
            aria-pressed={tab.status === status}
            onClick={() => setStatus(tab.status)}
          >
            {inbox.data ? t('inbox.tabCount', { label: t(tab.label), count: inbox.data.counts[tab.status] }) : t(tab.label)}
          </Button>
        ))}
      </div>
      <div className="mt-4">
        {inbox.isPending ? (
          <Skeleton className="h-24 w-full" />
        ) : inbox.isError ? (
          <LoadErrorAlert title={t('inbox.loadError')} message={inbox.error.message} onRetry={() => inbox.refetch()} />
        ) : inbox.data.messages.length === 0 ? (
          <p className="rounded-lg border-2 border-dashed border-slate-300 px-4 py-6 text-center text-slate-700">{t(current.empty)}</p>
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
  const { t } = useT('contact');
  const timeZone = useLeagueTimeZone();
  const [open, setOpen] = useState(m.status === 'new');
  const setStatus = useSetContactStatus();
  const bodyId = `contact-message-${m.id}`;

  const move = async (status: ContactMessageStatus, done: string) => {
    try {
      await setStatus.mutateAsync({ id: m.id, status });
      toast.success(done);
    } catch (err) {
      toast.error(err instanceof Error ? err.message : t('message.moveFailed'));
    }
  };
  const reply = `mailto:${encodeURIComponent(m.email)}?subject=${encodeURIComponent(t('message.replySubject', { subject: m.subject }))}`;

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
          {m.status === 'new' ? <Badge tone="accent">{t('message.new')}</Badge> : null}
        </span>
        <span className="text-sm text-slate-700">
          {m.name} · {formatDateTime(m.createdAt, timeZone)}
        </span>
      </button>
      {open ? (
        <div id={bodyId} className="border-t border-slate-200 px-4 py-3">
          <p className="text-sm text-slate-700">
            <RichText
              ns="contact"
              k={m.signedIn ? 'message.fromSignedIn' : 'message.from'}
              values={{ email: m.email }}
              components={{ 0: <span className="font-semibold break-all" /> }}
            />
          </p>
          <p className="mt-2 break-words whitespace-pre-wrap text-slate-900">{m.body}</p>
          <div className="mt-4 flex flex-wrap gap-2">
            <a href={reply} className="inline-flex items-center rounded-lg bg-primary-700 px-3 py-1.5 text-sm font-semibold text-white hover:bg-primary-800">
              {t('message.reply')}
            </a>
            {m.status === 'new' ? (
              <Button size="sm" variant="secondary" busy={setStatus.isPending} onClick={() => void move('read', t('message.markedRead'))}>
                {t('message.markRead')}
              </Button>
            ) : (
              <Button size="sm" variant="secondary" busy={setStatus.isPending} onClick={() => void move('new', t('message.markedNew'))}>
                {t('message.markNew')}
              </Button>
            )}
            {m.status === 'archived' ? null : (
              <Button size="sm" variant="secondary" busy={setStatus.isPending} onClick={() => void move('archived', t('message.archived'))}>
                {t('message.archive')}
              </Button>
            )}
          </div>
        </div>
      ) : null}
    </li>
  );
}
