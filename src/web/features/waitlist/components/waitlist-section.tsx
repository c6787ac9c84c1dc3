import { useEffect, useId } from 'react';
import { Link, useLocation } from 'react-router';
import type { Wait } from '../../../../shared/waitlist/waitlist.schemas';
import { buttonClasses } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { LoadErrorAlert } from '../../../components/ui/load-error-alert';
import { Skeleton } from '../../../components/ui/loading';
import { cx } from '../../../lib/cx';
import { formatWeekdayDayAt } from '../../../lib/dates';
import { useMyWaits } from '../api/get-my-waits';
import { useWaitlistUser } from '../use-waitlist-user';
import { OUTCOME_TEXT, offerText, placeText, waitRulesText, waitSlotText } from '../waitlist-words';
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
    <LoadErrorAlert title="Your team’s waitlist could not be loaded" message={mine.error.message} onRetry={() => mine.refetch()} />
  ) : (
    <WaitLists waits={mine.data.waits} timeZone={mine.data.timeZone} compact={compact} />
  );

  return (
    <section id={compact ? undefined : WAITLIST_ID} aria-labelledby={headingId} tabIndex={compact ? undefined : -1} className="scroll-mt-20 focus:outline-none">
      <h2 id={headingId} className="mb-3 text-xl font-bold text-primary-900">
        Waitlist
      </h2>
      {compact ? (
        <Card>
          {body}
          <Link to={`/my-reservations#${WAITLIST_ID}`} className="mt-3 inline-flex min-h-11 items-center font-semibold text-primary-700 underline underline-offset-4">
            Waitlist in My Reservations
          </Link>
        </Card>
      ) : (
        <>
          {mine.data ? <p className="mb-3 text-slate-700">{waitRulesText(mine.data.holdMinutes, mine.data.maxWaits)}</p> : null}
          {body}
        </>
      )}
    </section>
  );
}

function WaitLists({ waits, timeZone, compact }: { waits: readonly Wait[]; timeZone: string; compact: boolean }) {
  const offers = waits.filter((w) => w.state === 'offered');
  const waiting = waits.filter((w) => w.state === 'waiting');
  const decided = waits.filter((w) => w.state !== 'offered' && w.state !== 'waiting');
  const outcomes = compact ? decided.slice(0, COMPACT_OUTCOMES) : decided;
  const subheading = compact ? 'mb-2 text-base font-semibold text-primary-900' : 'mb-2 text-lg font-semibold text-primary-900';

  if (offers.length === 0 && waiting.length === 0 && decided.length === 0) {
    return (
      <div className={cx(!compact && 'rounded-xl border-2 border-dashed border-slate-300 bg-white px-4 py-6 text-center')}>
        <p className="text-slate-700">You're not waiting for any slot. On Book a Field, press “Tell me if it frees up” on a booked slot.</p>
        {compact ? null : (
          <Link to="/slots" className={buttonClasses('secondary', 'md', 'mt-4')}>
            Book a Field
          </Link>
        )}
      </div>
    );
  }

  return (
    <div className="flex flex-col gap-5">
      {offers.length > 0 ? (
        <ul className="flex flex-col gap-3" aria-label="Held for your team">
          {offers.map((wait) => (
            <li key={wait.id} className="rounded-xl border-2 border-accent-500 bg-accent-100 p-4">
              <p className="font-semibold break-words text-primary-900">{offerText(wait, timeZone)}</p>
              <p className="mt-1 text-sm text-slate-800">{wait.facilityName}. Take it to book it for your team, or pass so the next team waiting gets it.</p>
              <div className="mt-3">
                <OfferActions wait={wait} timeZone={timeZone} size="full" />
              </div>
            </li>
          ))}
        </ul>
      ) : null}

      {waiting.length > 0 ? (
        <div>
          <h3 className={subheading}>Waiting for</h3>
          <ul className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white">
            {waiting.map((wait) => (
              <li key={wait.id} className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 px-4 py-3">
                <span className="min-w-0">
                  <span className="block font-semibold break-words text-primary-900">{waitSlotText(wait, timeZone)}</span>
                  <span className="block text-sm text-slate-700">
                    {wait.facilityName} · <span className="font-semibold text-primary-900">{placeText(wait.position)}</span>
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
          <h3 className={subheading}>This last week</h3>
          <ul className="flex flex-col gap-2">
            {outcomes.map((wait) => (
              <li key={wait.id} className="text-sm break-words text-slate-800">
                <span className="font-semibold text-primary-900">{waitSlotText(wait, timeZone)}</span>: {OUTCOME_TEXT[wait.state as keyof typeof OUTCOME_TEXT]}
                {wait.decidedAt ? <span className="text-slate-700"> ({formatWeekdayDayAt(wait.decidedAt, timeZone)})</span> : null}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </div>
  );
}
