import { Suspense } from 'react';
import { formatTimeRange, formatWeekdayDayAt } from '../../../lib/dates';
import { cx } from '../../../lib/cx';
import { useT } from '../../../lib/i18n';
import type { SlotWaitProps } from '../../../lib/slot-wait';
import { useJoinWait } from '../api/join-wait';
import { useMyWaits } from '../api/get-my-waits';
import { useWaitlistUser } from '../use-waitlist-user';
import { waitingText } from '../waitlist-words';
import { OfferActions } from './offer-actions';

/** What stands in the action's place while the team's waits (or the waitlist's words) load: as tall as what comes. */
function Placeholder({ pill }: { pill: boolean }) {
  return <span aria-hidden="true" className={pill ? 'mt-1 block min-h-8 w-full' : 'block min-h-11 w-24 shrink-0'} />;
}

/**
 * The waitlist on one slot of Book a Field (issue 28), put into the page by the app (router.tsx). On a slot booked by
 * (or held for) another team: "Tell me if it frees up", then "You're waiting (2nd)". On a slot held for this team:
 * Take it and Pass (or Book as usual, while the team's wait on it is not known here).
 */
export function SlotWaitAction(props: SlotWaitProps) {
  // The waitlist's words load apart from the page's (the first time a slot asks for them): the slot holds its place meanwhile.
  return (
    <Suspense fallback={<Placeholder pill={props.layout === 'pill'} />}>
      <WaitAction {...props} />
    </Suspense>
  );
}

function WaitAction({ slot, mode, layout, timeZone, onBook }: SlotWaitProps) {
  const { t } = useT('waitlist');
  const { userId, follows } = useWaitlistUser();
  const waits = useMyWaits(userId, follows);
  const join = useJoinWait();
  const pill = layout === 'pill';
  const wait = waits.data?.waits.find((w) => w.slotId === slot.id && (w.state === 'waiting' || w.state === 'offered'));
  const which = { field: slot.fieldName, day: formatWeekdayDayAt(slot.startsAt, timeZone), time: formatTimeRange(slot.startsAt, slot.endsAt, timeZone) };

  // The same height as what comes, so nothing moves when the team's waits arrive.
  if (waits.isPending && follows) return <Placeholder pill={pill} />;

  if (mode === 'held') {
    if (wait?.state === 'offered') return <OfferActions wait={wait} timeZone={timeZone} size={pill ? 'pill' : 'row'} />;
    return (
      <button
        type="button"
        aria-label={t('slot.bookName', which)}
        className={cx(
          'inline-flex items-center justify-center rounded-md bg-primary-800 font-semibold text-white hover:bg-primary-700',
          pill ? 'mt-1 min-h-8 w-full px-1.5 text-xs' : 'min-h-11 shrink-0 rounded-lg px-5 text-sm',
        )}
        onClick={onBook}
      >
        {t('slot.book')}
      </button>
    );
  }

  if (wait) {
    return (
      <span className={cx('rounded-md bg-white font-semibold text-primary-900 ring-1 ring-primary-700', pill ? 'mt-1 px-1.5 py-0.5 text-xs' : 'max-w-32 shrink-0 px-2 py-1 text-center text-sm leading-tight')}>
        {waitingText(t, wait.position)}
      </span>
    );
  }

  return (
    <button
      type="button"
      aria-label={t('slot.joinName', which)}
      aria-busy={join.isPending || undefined}
      disabled={join.isPending}
      className={cx(
        'inline-flex items-center justify-center rounded-md border border-primary-700 bg-white font-semibold text-primary-800 hover:bg-primary-50 disabled:cursor-wait',
        pill ? 'mt-1 min-h-8 w-full px-1.5 text-xs leading-tight' : // Two short lines, so the slot's time keeps its one line beside it at 390 px.
        'min-h-11 max-w-28 shrink-0 px-2 text-center text-sm leading-tight',
      )}
      onClick={() => join.mutate(slot.id)}
    >
      {t('slot.join')}
    </button>
  );
}
