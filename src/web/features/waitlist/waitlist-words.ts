import type { Booking } from '../../../shared/bookings/bookings.schemas';
import type { Wait, WaitState } from '../../../shared/waitlist/waitlist.schemas';
import { formatDateTime, formatTime, formatWeekdayDayAt } from '../../lib/dates';

type WaitSlot = Pick<Wait, 'fieldName' | 'startsAt'>;

/** 1st, 2nd, 3rd, 4th … 11th, 12th, 13th … 21st. */
export function ordinal(n: number): string {
  const teen = n % 100 >= 11 && n % 100 <= 13;
  const suffix = teen ? 'th' : ({ 1: 'st', 2: 'nd', 3: 'rd' } as Record<number, string>)[n % 10] ?? 'th';
  return `${n}${suffix}`;
}

/** "5:00 pm", as every time in the app reads. */
const clock = (instant: string, timeZone: string) => formatTime(instant, timeZone);

/** "Field 1, Tue Dec 1, 5:00 pm": which slot a wait is for. */
export function waitSlotText(wait: WaitSlot, timeZone: string): string {
  return `${wait.fieldName}, ${formatWeekdayDayAt(wait.startsAt, timeZone)}, ${clock(wait.startsAt, timeZone)}`;
}

/** On Book a Field, a slot the team waits for: "You're waiting (2nd)". */
export const waitingText = (position: number | null): string => (position ? `You're waiting (${ordinal(position)})` : "You're waiting");

/** "2nd in line". */
export const placeText = (position: number | null): string => (position ? `${ordinal(position)} in line` : 'In line');

/** The toast after "Tell me if it frees up". */
export const joinedMessage = (position: number | null): string =>
  position ? `We'll tell you if it frees up: you're ${ordinal(position)} in line.` : "We'll tell you if it frees up.";

/** My Reservations and the dashboard: "A slot freed up: Field 1, Tue Dec 1, 5:00 pm – held for you until 7:00 pm". */
export function offerText(wait: Wait, timeZone: string): string {
  return `A slot freed up: ${waitSlotText(wait, timeZone)} – held for you until ${wait.holdUntil ? clock(wait.holdUntil, timeZone) : 'soon'}`;
}

/** The notice on every page: "A slot you waited for is free: Field 1, Tue Dec 1, 5:00 pm. Held for you until 7:00 pm." */
export function noticeText(wait: Wait, timeZone: string): string {
  return `A slot you waited for is free: ${waitSlotText(wait, timeZone)}.${wait.holdUntil ? ` Held for you until ${clock(wait.holdUntil, timeZone)}.` : ''}`;
}

/** "Booked Tue Dec 1, 5:00 pm at Field 1 for Blue Jays." (as Book a Field says it). */
export function takenMessage(booking: Pick<Booking, 'startsAt' | 'fieldName' | 'teamName'>, timeZone: string): string {
  return `Booked ${formatDateTime(booking.startsAt, timeZone)} at ${booking.fieldName} for ${booking.teamName}.`;
}

export const passedMessage = (wait: WaitSlot, timeZone: string): string => `You passed on ${waitSlotText(wait, timeZone)}. The next team waiting gets it.`;

export const leftMessage = (wait: WaitSlot, timeZone: string): string => `You stopped waiting for ${waitSlotText(wait, timeZone)}.`;

/** How a wait ended, in words (issue 28, decision 034). */
export const OUTCOME_TEXT: Record<Exclude<WaitState, 'waiting' | 'offered'>, string> = {
  taken: 'You took it: booked for your team.',
  passed: 'You passed on it.',
  expired: 'The hold ran out before your team took it.',
  refused: 'Your team’s booking rules did not allow it, so it went to the next team waiting.',
  left: 'You stopped waiting for it.',
  void: 'No longer waited for: the practice came too close, the slot went away, or your team booked it another way.',
};

const duration = (minutes: number) =>
  minutes % 60 === 0 ? `${minutes / 60} hour${minutes === 60 ? '' : 's'}` : `${minutes} minutes`;

/** "When a slot you wait for frees up, it is held for your team for 2 hours. You can wait for up to 3 slots at once." */
export function waitRulesText(holdMinutes: number, maxWaits: number): string {
  return `When a slot you wait for frees up, it is held for your team for ${duration(holdMinutes)} (never later than an hour before the practice), and you get an email. You can wait for up to ${maxWaits} slot${maxWaits === 1 ? '' : 's'} at once.`;
}
