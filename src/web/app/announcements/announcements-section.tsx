import { useId, type ReactNode } from 'react';
import type { Announcement } from '../../../shared/announcements/announcements.schemas';
import { useT } from '../../lib/i18n';
import { AnnouncementCard } from './announcement-card';
import { useCurrentAnnouncements } from './use-current-announcements';

/** Urgent ones not yet dismissed are shown as the banner at the top of the page instead (UrgentBanner). */
export const inBanner = (a: Announcement) => a.severity === 'urgent' && !a.dismissed;

/**
 * The live announcements for this person, as cards under a heading. `empty`: what to show when there are none
 * (nothing at all when left out, as on the landing page). A load failure is shown only where `empty` is given:
 * elsewhere announcements are extra, and the page does without them.
 */
export function AnnouncementsSection({ title, empty, className }: { title: string; empty?: ReactNode; className?: string }) {
  const { t } = useT('common');
  const headingId = useId();
  const current = useCurrentAnnouncements();
  const list = current.announcements.filter((a) => !inBanner(a));
  if (current.isPending) return null;
  if (current.isError || list.length === 0) {
    if (empty === undefined) return null;
    return (
      <section aria-labelledby={headingId} className={className}>
        <h2 id={headingId} className="mb-3 text-xl font-bold text-primary-900">
          {title}
        </h2>
        {current.isError ? <p className="text-slate-700">{t('announcement.loadError')}</p> : empty}
      </section>
    );
  }
  return (
    <section aria-labelledby={headingId} className={className}>
      <h2 id={headingId} className="mb-3 text-xl font-bold text-primary-900">
        {title}
      </h2>
      <ul className="flex flex-col gap-3">
        {list.map((a) => (
          <li key={a.id}>
            <AnnouncementCard announcement={a} />
          </li>
        ))}
      </ul>
    </section>
  );
}
