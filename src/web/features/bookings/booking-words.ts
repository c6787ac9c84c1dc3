import type { Booking } from '../../../shared/bookings/bookings.schemas';
import type { Slot } from '../../../shared/slots/slots.schemas';
import { formatDateTime, formatTime, formatTimeRange, formatTimeRangeShort, formatWeekdayDayAt } from '../../lib/dates';

type SlotLike = Pick<Slot, 'startsAt' | 'endsAt' | 'fieldName' | 'facilityName'>;

/*
 * An open slot's Book button is named by what it shows first, then which slot it is (WCAG 2.5.3 Label in Name:
 * a person using voice control says what they see), and both names share "Book, Field 1, Tue Nov 24".
 */

/**
 * What an open slot's Book button shows: "Book (make-up)" for a slot the team may book only with a make-up credit
 * (past its weekly or daily limit; issue 28), else "Book".
 */
export const bookText = (makeup: boolean | undefined): string => (makeup ? 'Book (make-up)' : 'Book');

/** The week grid's button shows "5:00–6:30 pm" over "Book": named "5:00–6:30 pm Book, Field 1, Tue Nov 24". */
export function bookPillName(slot: SlotLike, timeZone: string, text = 'Book'): string {
  return `${formatTimeRangeShort(slot.startsAt, slot.endsAt, timeZone)} ${text}, ${slot.fieldName}, ${formatWeekdayDayAt(slot.startsAt, timeZone)}`;
}

/** The phone list's button shows "Book" (its time is beside it): named "Book, Field 1, Tue Nov 24, 5:00 pm – 6:30 pm". */
export function bookRowName(slot: SlotLike, timeZone: string, text = 'Book'): string {
  return `${text}, ${slot.fieldName}, ${formatWeekdayDayAt(slot.startsAt, timeZone)}, ${formatTimeRange(slot.startsAt, slot.endsAt, timeZone)}`;
}

/** The confirm's words before a booking that uses a make-up credit: which limit it goes past. */
export function makeupNote(limit: 'weekly' | 'daily'): string {
  return `This uses 1 of your make-up practices: it is past your ${limit} limit.`;
}

/**
 * A slot the opening round covers, while the coach may rank it: the button shows "Add to preferences" (or "Ranked #2"
 * once in the list) beside the slot's time, at any width, and is named by it, then the slot as Book's names say it.
 */
export function addPreferenceName(slot: SlotLike, timeZone: string): string {
  return `Add to preferences, ${slot.fieldName}, ${formatWeekdayDayAt(slot.startsAt, timeZone)}, ${formatTimeRange(slot.startsAt, slot.endsAt, timeZone)}`;
}

/** "Ranked #2, Field 1, Tue Dec 1, 5:00 pm – 6:30 pm": the same button once the slot is in the list (it goes to its row). */
export function rankedName(rank: number, slot: SlotLike, timeZone: string): string {
  return `${rankedText(rank)}, ${slot.fieldName}, ${formatWeekdayDayAt(slot.startsAt, timeZone)}, ${formatTimeRange(slot.startsAt, slot.endsAt, timeZone)}`;
}

export const ADD_PREFERENCE_TEXT = 'Add to preferences';
export const rankedText = (rank: number) => `Ranked #${rank}`;

/** A freed slot held for the team that waited first (issue 28): "Held for Cardinals until 7:00 pm". */
export function heldForText(teamName: string, until: string, timeZone: string): string {
  return `Held for ${teamName} until ${formatTime(until, timeZone)}`;
}

/** The same slot for the team it is held for: "Held for you until 7:00 pm". */
export function heldForUsText(until: string, timeZone: string): string {
  return `Held for you until ${formatTime(until, timeZone)}`;
}

/** A slot whose Book press may or may not have gone through, while the week is read again. */
export const CHECKING_TEXT = 'Checking whether this was booked…';

/** The week grid's button while it is checked shows "5:00–6:30 pm" over the checking words, and is named the same way. */
export function checkingPillName(slot: SlotLike, timeZone: string): string {
  return `${formatTimeRangeShort(slot.startsAt, slot.endsAt, timeZone)} ${CHECKING_TEXT}, ${slot.fieldName}, ${formatWeekdayDayAt(slot.startsAt, timeZone)}`;
}

/** "Book Tue Nov 24, 5:00 pm at Field 1 (Riverside Park) for Blue Jays?" */
export function bookQuestion(slot: SlotLike, teamName: string, timeZone: string): string {
  return `Book ${formatDateTime(slot.startsAt, timeZone)} at ${slot.fieldName} (${slot.facilityName}) for ${teamName}?`;
}

/** "Booked Tue Nov 24, 5:00 pm at Field 1 for Blue Jays." */
export function bookedMessage(booking: Pick<Booking, 'startsAt' | 'fieldName' | 'teamName'>, timeZone: string): string {
  return `Booked ${formatDateTime(booking.startsAt, timeZone)} at ${booking.fieldName} for ${booking.teamName}.`;
}

/** ui.md: "Cancel Tue Nov 24, 6:00 pm at Field 3 for the Blue Jays? The slot reopens for other teams." */
export function cancelQuestion(booking: Pick<Booking, 'startsAt' | 'fieldName' | 'teamName'>, timeZone: string): string {
  return `Cancel ${formatDateTime(booking.startsAt, timeZone)} at ${booking.fieldName} for the ${booking.teamName}? The slot reopens for other teams.`;
}

/** A booking whose Cancel press may or may not have gone through, while the team's bookings are read again. */
export const CANCEL_CHECKING_TEXT = 'Checking whether this was cancelled…';

/** "Cancelled Tue Nov 24, 6:00 pm at Field 3. The slot is open for other teams again." */
export function cancelledMessage(booking: Pick<Booking, 'startsAt' | 'fieldName'>, timeZone: string): string {
  return `Cancelled ${formatDateTime(booking.startsAt, timeZone)} at ${booking.fieldName}. The slot is open for other teams again.`;
}

/** "Blue Jays’", "Cardinals’", "Team Alpha’s": team names are often plural. */
export function possessive(name: string): string {
  return /s$/i.test(name) ? `${name}’` : `${name}’s`;
}

/** The question before an admin bumps another team from a slot. */
export function bumpQuestion(teamName: string): string {
  return `Bump ${teamName}? Their booking is cancelled with your reason and their coach is notified.`;
}

/** After an override: what happened, in one sentence. */
export function overrideMessage(result: { booking: Pick<Booking, 'startsAt' | 'fieldName' | 'teamName'>; bumped: Pick<Booking, 'teamName'> | null }, timeZone: string): string {
  const booked = `Booked ${formatDateTime(result.booking.startsAt, timeZone)} at ${result.booking.fieldName} for ${result.booking.teamName}`;
  return result.bumped ? `${booked}; ${possessive(result.bumped.teamName)} booking was cancelled and their coach notified.` : `${booked}.`;
}

/** "Moved Blue Jays’ practice to Wed Nov 25, 6:45 pm at Field 2." */
export function movedMessage(booking: Pick<Booking, 'startsAt' | 'fieldName' | 'teamName'>, timeZone: string): string {
  return `Moved ${possessive(booking.teamName)} practice to ${formatDateTime(booking.startsAt, timeZone)} at ${booking.fieldName}.`;
}
