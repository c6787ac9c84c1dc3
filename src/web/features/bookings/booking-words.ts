import type { Booking } from '../../../shared/bookings/bookings.schemas';
import type { Slot } from '../../../shared/slots/slots.schemas';
import { formatDateTime, formatTime, formatTimeRange, formatTimeRangeShort, formatWeekdayDayAt } from '../../lib/dates';
import type { Translate } from '../../lib/i18n';

type SlotLike = Pick<Slot, 'startsAt' | 'endsAt' | 'fieldName' | 'facilityName'>;
type T = Translate<'bookings'>;
type AdminT = Translate<'bookings-admin'>;

/*
 * An open slot's Book button is named by what it shows first, then which slot it is (WCAG 2.5.3 Label in Name:
 * a person using voice control says what they see), and both names share "Book, Field 1, Tue Nov 24".
 */

/**
 * What an open slot's Book button shows: "Book (make-up)" for a slot the team may book only with a make-up credit
 * (past its weekly or daily limit; issue 28), else "Book".
 */
export const bookText = (t: T, makeup: boolean | undefined): string => (makeup ? t('slot.bookMakeup') : t('slot.book'));

/** The week grid's button shows "5:00–6:30 pm" over "Book": named "5:00–6:30 pm Book, Field 1, Tue Nov 24". */
export function bookPillName(t: T, slot: SlotLike, timeZone: string, text = t('slot.book')): string {
  return t('slot.pillName', { time: formatTimeRangeShort(slot.startsAt, slot.endsAt, timeZone), action: text, field: slot.fieldName, day: formatWeekdayDayAt(slot.startsAt, timeZone) });
}

/** The phone list's button shows "Book" (its time is beside it): named "Book, Field 1, Tue Nov 24, 5:00 pm – 6:30 pm". */
export function bookRowName(t: T, slot: SlotLike, timeZone: string, text = t('slot.book')): string {
  return t('slot.rowName', { action: text, field: slot.fieldName, day: formatWeekdayDayAt(slot.startsAt, timeZone), time: formatTimeRange(slot.startsAt, slot.endsAt, timeZone) });
}

/** The confirm's words before a booking that uses a make-up credit: which limit it goes past. */
export function makeupNote(t: T, limit: 'weekly' | 'daily'): string {
  return t('confirm.makeupNote', { limit });
}

/**
 * A slot the opening round covers, while the coach may rank it: the button shows "Add to preferences" (or "Ranked #2"
 * once in the list) beside the slot's time, at any width, and is named by it, then the slot as Book's names say it.
 */
export function addPreferenceName(t: T, slot: SlotLike, timeZone: string): string {
  return bookRowName(t, slot, timeZone, t('slot.addPreference'));
}

/** "Ranked #2, Field 1, Tue Dec 1, 5:00 pm – 6:30 pm": the same button once the slot is in the list (it goes to its row). */
export function rankedName(t: T, rank: number, slot: SlotLike, timeZone: string): string {
  return bookRowName(t, slot, timeZone, rankedText(t, rank));
}

export const rankedText = (t: T, rank: number) => t('slot.ranked', { rank });

/** A freed slot held for the team that waited first (issue 28): "Held for Cardinals until 7:00 pm". */
export function heldForText(t: T, teamName: string, until: string, timeZone: string): string {
  return t('slot.heldFor', { team: teamName, time: formatTime(until, timeZone) });
}

/** The same slot for the team it is held for: "Held for you until 7:00 pm". */
export function heldForUsText(t: T, until: string, timeZone: string): string {
  return t('slot.heldForUs', { time: formatTime(until, timeZone) });
}

/** The week grid's button while it is checked shows "5:00–6:30 pm" over the checking words, and is named the same way. */
export function checkingPillName(t: T, slot: SlotLike, timeZone: string): string {
  return bookPillName(t, slot, timeZone, t('slot.checking'));
}

/** "Book Tue Nov 24, 5:00 pm at Field 1 (Riverside Park) for Blue Jays?" */
export function bookQuestion(t: T, slot: SlotLike, teamName: string, timeZone: string): string {
  return t('confirm.question', { when: formatDateTime(slot.startsAt, timeZone), field: slot.fieldName, facility: slot.facilityName, team: teamName });
}

/** "Booked Tue Nov 24, 5:00 pm at Field 1 for Blue Jays." */
export function bookedMessage(t: T, booking: Pick<Booking, 'startsAt' | 'fieldName' | 'teamName'>, timeZone: string): string {
  return t('toast.booked', { when: formatDateTime(booking.startsAt, timeZone), field: booking.fieldName, team: booking.teamName });
}

/** ui.md: "Cancel Tue Nov 24, 6:00 pm at Field 3 for the Blue Jays? The slot reopens for other teams." */
export function cancelQuestion(t: T, booking: Pick<Booking, 'startsAt' | 'fieldName' | 'teamName'>, timeZone: string): string {
  return t('myReservations.cancelQuestion', { when: formatDateTime(booking.startsAt, timeZone), field: booking.fieldName, team: booking.teamName });
}

/** "Cancelled Tue Nov 24, 6:00 pm at Field 3. The slot is open for other teams again." */
export function cancelledMessage(t: T, booking: Pick<Booking, 'startsAt' | 'fieldName'>, timeZone: string): string {
  return t('toast.cancelled', { when: formatDateTime(booking.startsAt, timeZone), field: booking.fieldName });
}

/**
 * A team's name for a message that says "Blue Jays’" or "Team Alpha’s" in English (team names are often plural): the
 * name, and `ends` ('s' or 'other') for the message's select; Spanish ignores the ending ("de Blue Jays").
 */
export function teamWords(name: string): { team: string; ends: 's' | 'other' } {
  return { team: name, ends: /s$/i.test(name) ? 's' : 'other' };
}

/** The question before an admin bumps another team from a slot, for another (`to`). */
export function bumpQuestion(t: AdminT, teamName: string, to: string): string {
  return t('bump.question', { team: teamName, to });
}

/** After an override: what happened, in one sentence. */
export function overrideMessage(
  t: AdminT,
  result: { booking: Pick<Booking, 'startsAt' | 'fieldName' | 'teamName'>; bumped: Pick<Booking, 'teamName'> | null },
  timeZone: string,
): string {
  const booked = { when: formatDateTime(result.booking.startsAt, timeZone), field: result.booking.fieldName, team: result.booking.teamName };
  if (!result.bumped) return t('override.booked', booked);
  const bumped = teamWords(result.bumped.teamName);
  return t('override.bookedBumping', { ...booked, bumped: bumped.team, ends: bumped.ends });
}

/** "Moved Blue Jays’ practice to Wed Nov 25, 6:45 pm at Field 2. Their coach is notified." */
export function movedMessage(t: AdminT, booking: Pick<Booking, 'startsAt' | 'fieldName' | 'teamName'>, timeZone: string): string {
  return t('move.done', { ...teamWords(booking.teamName), when: formatDateTime(booking.startsAt, timeZone), field: booking.fieldName });
}
