import { useState } from 'react';
import type { AdminAnnouncement, AnnouncementState } from '../../../../shared/announcements/announcements.schemas';
import { SeverityBadge } from '../../../app/announcements/announcement-card';
import { Button } from '../../../components/ui/button';
import { ConfirmModal } from '../../../components/ui/confirm-modal';
import { EmptyState } from '../../../components/ui/empty-state';
import { LoadErrorAlert } from '../../../components/ui/load-error-alert';
import { Skeleton } from '../../../components/ui/loading';
import { PageHeader } from '../../../components/ui/page-header';
import { useLeagueTimeZone } from '../../../lib/api/get-league';
import { cx } from '../../../lib/cx';
import { formatDateTime } from '../../../lib/dates';
import { RichText, useT } from '../../../lib/i18n';
import { toast } from '../../../lib/toast';
import { useDeleteAnnouncement } from '../api/delete-announcement';
import { useAdminAnnouncements } from '../api/get-admin-announcements';
import { AnnouncementEditor, audienceLabel } from './announcement-editor';

const STATE = {
  scheduled: { label: 'state.scheduled', className: 'bg-primary-100 text-primary-800' },
  live: { label: 'state.live', className: 'bg-success-100 text-success-800' },
  expired: { label: 'state.expired', className: 'bg-slate-200 text-slate-800' },
} as const satisfies Record<AnnouncementState, { label: string; className: string }>;

/** /admin-announcements: every announcement with its state; New and Edit preview before publishing; Delete asks first. */
export function AnnouncementsAdminPage() {
  const { t } = useT('announcements');
  const timeZone = useLeagueTimeZone();
  const list = useAdminAnnouncements();
  const remove = useDeleteAnnouncement();
  const [editing, setEditing] = useState<{ announcement: AdminAnnouncement | null; key: number } | null>(null);
  const [deleting, setDeleting] = useState<AdminAnnouncement | null>(null);
  const openNew = () => setEditing({ announcement: null, key: Date.now() });

  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: () => toast.success(t('page.deleted', { title: deleting.title })),
      onError: (err) => toast.error(err.message),
      onSettled: () => setDeleting(null),
    });
  };

  const newButton = <Button onClick={openNew}>{t('page.new')}</Button>;

  return (
    <section>
      <PageHeader
        title={t('page.title')}
        description={t('page.description')}
        actions={list.data && list.data.length > 0 ? newButton : null}
      />
      {list.isPending ? (
        <div aria-hidden="true" className="flex flex-col gap-3">
          <Skeleton className="h-28 w-full" />
          <Skeleton className="h-28 w-full" />
        </div>
      ) : list.isError ? (
        <LoadErrorAlert title={t('page.loadError')} message={list.error.message} onRetry={() => list.refetch()} />
      ) : list.data.length === 0 ? (
        <EmptyState title={t('page.empty.title')} action={newButton}>
          {t('page.empty.body')}
        </EmptyState>
      ) : (
        <ul className="flex flex-col gap-3">
          {list.data.map((a) => (
            <li key={a.id}>
              <article aria-label={a.title} className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
                <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
                  <div className="min-w-0">
                    <div className="flex flex-wrap items-center gap-2">
                      <span className={cx('inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold', STATE[a.state].className)}>
                        {t(STATE[a.state].label)}
                      </span>
                      <SeverityBadge severity={a.severity} />
                      {a.pinned ? (
                        <span className="inline-flex items-center rounded-full bg-accent-200 px-2.5 py-0.5 text-xs font-semibold text-primary-900">{t('card.pinned')}</span>
                      ) : null}
                    </div>
                    <h2 className="mt-2 text-lg font-semibold break-words text-primary-900">{a.title}</h2>
                    <dl className="mt-1 grid gap-x-4 text-sm text-slate-700 sm:grid-cols-[auto_1fr]">
                      <dt className="font-medium text-slate-800">{t('card.audience')}</dt>
                      <dd>{audienceLabel(t, a.audience)}</dd>
                      <dt className="font-medium text-slate-800">{a.state === 'scheduled' ? t('card.publishes') : t('card.published')}</dt>
                      <dd>{formatDateTime(a.publishAt, timeZone)}</dd>
                      <dt className="font-medium text-slate-800">{a.state === 'expired' ? t('card.expired') : t('card.expires')}</dt>
                      <dd>{a.expiresAt ? formatDateTime(a.expiresAt, timeZone) : t('card.never')}</dd>
                    </dl>
                  </div>
                  <div className="flex shrink-0 gap-2">
                    <Button variant="secondary" size="sm" onClick={() => setEditing({ announcement: a, key: Date.now() })}>
                      <RichText ns="announcements" k="card.edit" values={{ title: a.title }} components={{ 0: <span className="sr-only" /> }} />
                    </Button>
                    <Button variant="danger" size="sm" onClick={() => setDeleting(a)}>
                      <RichText ns="announcements" k="card.delete" values={{ title: a.title }} components={{ 0: <span className="sr-only" /> }} />
                    </Button>
                  </div>
                </div>
              </article>
            </li>
          ))}
        </ul>
      )}

      {editing ? <AnnouncementEditor key={editing.key} announcement={editing.announcement} timeZone={timeZone} onClose={() => setEditing(null)} /> : null}

      <ConfirmModal
        open={deleting !== null}
        title={t('delete.title')}
        message={deleting ? t('delete.message', { title: deleting.title }) : null}
        confirmLabel={t('delete.confirm')}
        destructive
        busy={remove.isPending}
        onConfirm={confirmDelete}
        onCancel={() => setDeleting(null)}
      />
    </section>
  );
}
