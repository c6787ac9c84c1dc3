import { RichText, useT } from '../../lib/i18n';
import { AnnouncementBody, SeverityBadge } from './announcement-card';
import { inBanner } from './announcements-section';
import { useCurrentAnnouncements } from './use-current-announcements';

/** Urgent announcements at the top of every page, each until this person dismisses it. Nothing while loading or on a failure. */
export function UrgentBanner() {
  const { t } = useT('common');
  const current = useCurrentAnnouncements();
  const urgent = current.announcements.filter(inBanner);
  if (urgent.length === 0) return null;
  return (
    <div className="mb-5 flex flex-col gap-3">
      {urgent.map((a) => (
        <section key={a.id} aria-label={t('announcement.urgentLabel', { title: a.title })} className="rounded-xl border-2 border-danger-600 bg-danger-50 p-4 shadow-sm sm:p-5">
          <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
            <div className="min-w-0">
              <div className="flex flex-wrap items-center gap-2">
                <SeverityBadge severity="urgent" />
              </div>
              <h2 className="mt-2 text-lg font-bold break-words text-danger-800">{a.title}</h2>
              <AnnouncementBody html={a.bodyHtml} className="mt-1" />
            </div>
            <button
              type="button"
              onClick={() => current.dismiss(a)}
              className="inline-flex min-h-11 shrink-0 items-center justify-center rounded-lg border border-danger-600 bg-white px-4 font-semibold text-danger-800 hover:bg-danger-100"
            >
              <RichText ns="common" k="announcement.dismiss" values={{ title: a.title }} components={{ 0: <span className="sr-only" /> }} />
            </button>
          </div>
        </section>
      ))}
    </div>
  );
}
