import { Link } from 'react-router';
import { buttonClasses } from '../../../components/ui/button';
import { Skeleton } from '../../../components/ui/loading';
import { useCurrentOpenings } from '../../../lib/api/get-current-openings';
import { useOpeningPreferences } from '../../../lib/api/get-opening-preferences';
import { cx } from '../../../lib/cx';
import { useT } from '../../../lib/i18n';
import { pendingRound } from '../../../lib/opening-slots';
import { openingCardText } from '../dashboard';

/**
 * While the season's opening round is ahead of its draw: whether the team has ranked its slots, how many, and when the
 * draw is, with the way to Book a Field to rank or change them. Nothing at all otherwise (nor when the rounds cannot be
 * read: Book a Field says it too).
 */
export function OpeningRoundCard({ userId, now, timeZone }: { userId: string | null; now: Date; timeZone: string }) {
  const { t } = useT('coach-dashboard');
  const openings = useCurrentOpenings();
  const pending = pendingRound(openings.data ?? [], now);
  const wantsList = pending !== null && pending.status !== 'announced';
  const preferences = useOpeningPreferences(pending?.round.id ?? null, userId, { enabled: wantsList });
  if (!pending) return null;
  const open = pending.status === 'open';
  const waiting = wantsList && preferences.isPending;
  const submitted = Boolean(preferences.data?.savedAt && preferences.data.slotIds.length > 0);
  return (
    <section aria-label={t('opening.label')} className={cx('mb-6 rounded-xl border-2 bg-white p-4 shadow-sm sm:p-5', open && !submitted ? 'border-accent-500' : 'border-slate-200')}>
      <div className="flex flex-wrap items-center justify-between gap-3">
        {waiting ? (
          <Skeleton className="h-6 w-full max-w-lg" />
        ) : (
          <p className="min-w-0 font-semibold text-primary-900">
            {openingCardText(t, pending, preferences.data ?? null, timeZone)}
          </p>
        )}
        <Link to="/slots" className={buttonClasses(open && !submitted ? 'accent' : 'secondary', 'md', 'shrink-0')}>
          {open ? (submitted ? t('opening.change') : t('opening.rank')) : t('opening.book')}
        </Link>
      </div>
    </section>
  );
}
