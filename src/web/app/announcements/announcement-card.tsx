import type { Announcement, AnnouncementSeverity } from '../../../shared/announcements/announcements.schemas';
import type { MessageKey } from '../../../shared/i18n/catalogues';
import { useLeagueTimeZone } from '../../lib/api/get-league';
import { cx } from '../../lib/cx';
import { formatWeekdayDayAt } from '../../lib/dates';
import { useT } from '../../lib/i18n';

/** Each severity in the league's colours, and always in words too (never colour alone): `label` is its key in common. */
export const SEVERITY = {
  info: { label: 'announcement.severity.info', box: 'border-primary-400 bg-white', badge: 'bg-primary-100 text-primary-800', icon: 'i' },
  warning: { label: 'announcement.severity.warning', box: 'border-warning-500 bg-warning-50', badge: 'bg-warning-100 text-warning-800', icon: '!' },
  urgent: { label: 'announcement.severity.urgent', box: 'border-danger-600 bg-danger-50', badge: 'bg-danger-100 text-danger-800', icon: '!!' },
} as const satisfies Record<AnnouncementSeverity, { label: MessageKey<'common'>; box: string; badge: string; icon: string }>;

export function SeverityBadge({ severity }: { severity: AnnouncementSeverity }) {
  const { t } = useT('common');
  const look = SEVERITY[severity];
  return (
    <span className={cx('inline-flex items-center gap-1 rounded-full px-2.5 py-0.5 text-xs font-semibold', look.badge)}>
      <span aria-hidden="true" className="font-bold">
        {look.icon}
      </span>
      {t(look.label)}
    </span>
  );
}

/**
 * Server-rendered announcement HTML (decision 019: Markdown without raw HTML or images, links only http, https and
 * mailto). It is the only HTML the app inserts, and it comes from our own API, never from the browser.
 */
export function AnnouncementBody({ html, className }: { html: string; className?: string }) {
  return (
    <div
      className={cx(
        'min-w-0 break-words text-slate-800 [&_a]:font-semibold [&_a]:text-primary-700 [&_a]:underline [&_a]:underline-offset-2 [&_blockquote]:border-l-4 [&_blockquote]:border-slate-300 [&_blockquote]:pl-3 [&_code]:rounded [&_code]:bg-slate-100 [&_code]:px-1 [&_h4]:mt-3 [&_h4]:font-bold [&_h5]:mt-2 [&_h5]:font-semibold [&_h6]:mt-2 [&_h6]:font-semibold [&_li]:mt-1 [&_ol]:mt-2 [&_ol]:list-decimal [&_ol]:pl-6 [&_p]:mt-2 [&_p:first-child]:mt-0 [&_pre]:overflow-x-auto [&_ul]:mt-2 [&_ul]:list-disc [&_ul]:pl-6',
        className,
      )}
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}

/** One announcement as a card: severity and pinned in words, title, when it was posted, the body. */
export function AnnouncementCard({ announcement, heading: Heading = 'h3' }: { announcement: Announcement; heading?: 'h2' | 'h3' }) {
  const { t } = useT('common');
  const timeZone = useLeagueTimeZone();
  const look = SEVERITY[announcement.severity];
  return (
    <article aria-label={announcement.title} className={cx('rounded-xl border border-l-4 border-slate-200 p-4 shadow-sm sm:p-5', look.box)}>
      <div className="flex flex-wrap items-center gap-2">
        <SeverityBadge severity={announcement.severity} />
        {announcement.pinned ? (
          <span className="inline-flex items-center rounded-full bg-accent-200 px-2.5 py-0.5 text-xs font-semibold text-primary-900">{t('announcement.pinned')}</span>
        ) : null}
        <span className="text-sm text-slate-700">{formatWeekdayDayAt(announcement.publishAt, timeZone)}</span>
      </div>
      <Heading className="mt-2 text-lg font-semibold break-words text-primary-900">{announcement.title}</Heading>
      <AnnouncementBody html={announcement.bodyHtml} className="mt-1" />
    </article>
  );
}
