import type { Booking } from '../../../shared/bookings/bookings.schemas';
import type { Wait, WaitState } from '../../../shared/waitlist/waitlist.schemas';
import { formatDateTime, formatTime, formatWeekdayDayAt } from '../../lib/dates';
import { translate, type Translate } from '../../lib/i18n';

type WaitSlot = Pick<Wait, 'fieldName' | 'startsAt'>;
type T = Translate<'waitlist'>;

/**
 * The waitlist's words outside a component, for a call's toast (api/): the component that made the call (a slot's
 * action, the waitlist, the notice) has loaded them.
 */
export const waitlistT: T = (key, values) => translate('waitlist', key, values);

/** "5:00 pm", as every time in the app reads. */
const clock = (instant: string, timeZone: string) => formatTime(instant, timeZone);

/** "Field 1, Tue Dec 1, 5:00 pm": which slot a wait is for. */
export function waitSlotText(t: T, wait: WaitSlot, timeZone: string): string {
  return t('slot.which', { field: wait.fieldName, day: formatWeekdayDayAt(wait.startsAt, timeZone), time: clock(wait.startsAt, timeZone) });
}

/** On Book a Field, a slot the team waits for: "You're waiting (2nd)". */
export const waitingText = (t: T, position: number | null): string => (position ? t('slot.waitingAt', { position }) : t('slot.waiting'));

/** "2nd in line" (the place an ordinal: 1st, 2nd, 3rd, 4th … 11th, 12th, 13th … 21st). */
export const placeText = (t: T, position: number | null): string => (position ? t('place.at', { position }) : t('place.inLine'));

/** The toast after "Tell me if it frees up". */
export const joinedMessage = (t: T, position: number | null): string => (position ? t('toast.joinedAt', { position }) : t('toast.joined'));

/** My Reservations and the dashboard: "A slot freed up: Field 1, Tue Dec 1, 5:00 pm – held for you until 7:00 pm". */
export function offerText(t: T, wait: Wait, timeZone: string): string {
  const slot = waitSlotText(t, wait, timeZone);
  return wait.holdUntil ? t('offer.line', { slot, time: clock(wait.holdUntil, timeZone) }) : t('offer.lineSoon', { slot });
}

/** The notice on every page: "A slot you waited for is free: Field 1, Tue Dec 1, 5:00 pm. Held for you until 7:00 pm." */
export function noticeText(t: T, wait: Wait, timeZone: string): string {
  const slot = waitSlotText(t, wait, timeZone);
  return wait.holdUntil ? t('notice.text', { slot, time: clock(wait.holdUntil, timeZone) }) : t('notice.textNoHold', { slot });
}

/** "Booked Tue Dec 1, 5:00 pm at Field 1 for Blue Jays." (as Book a Field says it). */
export function takenMessage(t: T, booking: Pick<Booking, 'startsAt' | 'fieldName' | 'teamName'>, timeZone: string): string {
  return t('toast.taken', { when: formatDateTime(booking.startsAt, timeZone), field: booking.fieldName, team: booking.teamName });
}

export const passedMessage = (t: T, wait: WaitSlot, timeZone: string): string => t('toast.passed', { slot: waitSlotText(t, wait, timeZone) });

export const leftMessage = (t: T, wait: WaitSlot, timeZone: string): string => t('toast.left', { slot: waitSlotText(t, wait, timeZone) });

/** The catalogue's key of how a wait ended (issue 28, decision 034). */
const OUTCOME_KEY = {
  taken: 'outcome.taken',
  passed: 'outcome.passed',
  expired: 'outcome.expired',
  refused: 'outcome.refused',
  left: 'outcome.left',
  void: 'outcome.void',
} as const satisfies Record<Exclude<WaitState, 'waiting' | 'offered'>, string>;

/** How a wait ended, in words ("You passed on it."). */
export const outcomeText = (t: T, state: keyof typeof OUTCOME_KEY): string => t(OUTCOME_KEY[state]);

/** "When a slot you wait for frees up, it is held for your team for 2 hours. You can wait for up to 3 slots at once." */
export function waitRulesText(t: T, holdMinutes: number, maxWaits: number): string {
  const hold = holdMinutes % 60 === 0 ? { unit: 'hours', count: holdMinutes / 60 } : { unit: 'minutes', count: holdMinutes };
  return t('rules.text', { ...hold, maxWaits });
}
