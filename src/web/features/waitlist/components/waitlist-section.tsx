import { useEffect, useId } from 'react';
import { Link, useLocation } from 'react-router';
import type { Wait } from '../../../../shared/waitlist/waitlist.schemas';
import { buttonClasses } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { LoadErrorAlert } from '../../../components/ui/load-error-alert';
import { Skeleton } from '../../../components/ui/loading';
import { cx } from '../../../lib/cx';
import { formatWeekdayDayAt } from '../../../lib/dates';
import { useT } from '../../../lib/i18n';
import { useMyWaits } from '../api/get-my-waits';
import { useWaitlistUser } from '../use-waitlist-user';
import { offerText, outcomeText, placeText, waitRulesText, waitSlotText } from '../waitlist-words';
import { OfferActions, StopWaitingButton } from './offer-actions';

export const WAITLIST_ID = 'waitlist';
/** Outcomes the dashboard's card lists; My Reservations lists the whole week's. */
const COMPACT_OUTCOMES = 3;

/**
 * The team's waitlist (issue 28): slots held for it first (Take it, Pass), then the slots it waits for with its place in
 * line (Stop waiting), then what became of the others this last week. My Reservations shows it in full, as
 * `#waitlist` (the offer email links there); the coach dashboard as a compact card. Only for a coach (or an admin on a
 * team): nothing for anyone else.
 */
export function WaitlistSection({ compact = false }: { compact?: boolean }) {
  const { t } = useT('waitlist');
  const { userId, follows } = useWaitlistUser();
  const mine = useMyWaits(userId, follows);
  const headingId = useId();
  const { hash } = useLocation();
  const linked = !compact && hash === `#${WAITLIST_ID}`;
  const ready = mine.isSuccess;
  // The offer email links to /my-reservations#waitlist: once the list is in, it is scrolled to and focused.
  useEffect(() => {
    if (!linked || !ready) return;
    const section = document.getElementById(WAITLIST_ID);
    section?.scrollIntoView?.({ block: 'start' });
    section?.focus({ preventScroll: true });
  }, [linked, ready]);
  if (!follows) return null;

  const body = mine.isPending ? (
    <Skeleton className={compact ? 'h-24 w-full' : 'h-32 w-full'} />
  ) : mine.isError ? (
    <LoadErrorAlert title={t('section.loadError')} message={mine.error.message} onRetry={() => mine.refetch()} />
  ) : (
    <WaitLists waits={mine.data.waits} timeZone={mine.data.timeZone} compact={compact} />
  );

  return (
    <section id={compact ? undefined : WAITLIST_ID} aria-labelledby={headingId} tabIndex={compact ? undefined : -1} className="scroll-mt-20 focus:outline-none">
      <h2 id={headingId} className="mb-3 text-xl font-bold text-primary-900">
        {t('section.title')}
      </h2>
      {compact ? (
        <Card>
          {body}
          <Link to={`/my-reservations#${WAITLIST_ID}`} className="mt-3 inline-flex min-h-11 items-center font-semibold text-primary-700 underline underline-offset-4">
            {t('section.fullList')}
          </Link>
        </Card>
      ) : (
        <>
          {mine.data ? <p className="mb-3 text-slate-700">{waitRulesText(t, mine.data.holdMinutes, mine.data.maxWaits)}</p> : null}
          {body}
        </>
      )}
    </section>
  );
}

function WaitLists({ waits, timeZone, compact }: { waits: readonly Wait[]; timeZone: string; compact: boolean }) {
  const { t } = useT('waitlist');
  const offers = waits.filter((w) => w.state === 'offered');
  const waiting = waits.filter((w) => w.state === 'waiting');
  const decided = waits.filter((w) => w.state !== 'offered' && w.state !== 'waiting');
  const outcomes = compact ? decided.slice(0, COMPACT_OUTCOMES) : decided;
  const subheading = compact ? 'mb-2 text-base font-semibold text-primary-900' : 'mb-2 text-lg font-semibold text-primary-900';

  if (offers.length === 0 && waiting.length === 0 && decided.length === 0) {
    return (
      <div className={cx(!compact && 'rounded-xl border-2 border-dashed border-slate-300 bg-white px-4 py-6 text-center')}>
        <p className="text-slate-700">{t('section.empty')}</p>
        {compact ? null : (
          <Link to="/slots" className={buttonClasses('secondary', 'md', 'mt-4')}>
            {t('section.bookAField')}
          </Link>
        )}
      </div>
    );
  }

  return (
    <div className="flex flex-col gap-5">
      {offers.length > 0 ? (
        <ul className="flex flex-col gap-3" aria-label={t('notice.title')}>
          {offers.map((wait) => (
            <li key={wait.id} className="rounded-xl border-2 border-accent-500 bg-accent-100 p-4">
              <p className="font-semibold break-words text-primary-900">{offerText(t, wait, timeZone)}</p>
              <p className="mt-1 text-sm text-slate-800">{t('section.offerHint', { facility: wait.facilityName })}</p>
              <div className="mt-3">
                <OfferActions wait={wait} timeZone={timeZone} size="full" />
              </div>
            </li>
          ))}
        </ul>
      ) : null}

      {waiting.length > 0 ? (
        <div>
          <h3 className={subheading}>{t('section.waitingFor')}</h3>
          <ul className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white">
            {waiting.map((wait) => (
              <li key={wait.id} className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 px-4 py-3">
                <span className="min-w-0">
                  <span className="block font-semibold break-words text-primary-900">{waitSlotText(t, wait, timeZone)}</span>
                  <span className="block text-sm text-slate-700">
                    {wait.facilityName} · <span className="font-semibold text-primary-900">{placeText(t, wait.position)}</span>
                  </span>
                </span>
                <StopWaitingButton wait={wait} timeZone={timeZone} compact={compact} />
              </li>
            ))}
          </ul>
        </div>
      ) : null}

      {outcomes.length > 0 ? (
        <div>
          <h3 className={subheading}>{t('section.lastWeek')}</h3>
          <ul className="flex flex-col gap-2">
            {outcomes.map((wait) => (
              <li key={wait.id} className="text-sm break-words text-slate-800">
                <span className="font-semibold text-primary-900">{waitSlotText(t, wait, timeZone)}</span>: {outcomeText(t, wait.state as Parameters<typeof outcomeText>[1])}
                {wait.decidedAt ? <span className="text-slate-700"> ({formatWeekdayDayAt(wait.decidedAt, timeZone)})</span> : null}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </div>
  );
}
