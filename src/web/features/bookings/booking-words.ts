import type { Booking } from '../../../shared/bookings/bookings.schemas';
import type { Slot } from '../../../shared/slots/slots.schemas';
import { formatDateTime, formatTimeRange, formatWeekdayDayAt } from '../../lib/dates';

type SlotLike = Pick<Slot, 'startsAt' | 'endsAt' | 'fieldName' | 'facilityName'>;

/** The accessible name of an open slot's button: "Book Field 1, Tue Nov 24, 5:00 pm – 6:30 pm". */
export function bookButtonName(slot: SlotLike, timeZone: string): string {
  return `Book ${slot.fieldName}, ${formatWeekdayDayAt(slot.startsAt, timeZone)}, ${formatTimeRange(slot.startsAt, slot.endsAt, timeZone)}`;
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
