import type { Booking } from '../../../shared/bookings/bookings.schemas';
import type { SwapOffer, SwapPractice, SwapState } from '../../../shared/swaps/swaps.schemas';
import { formatDateTime, formatTimeRange, formatWeekdayDayAt } from '../../lib/dates';

/** The Swap offers section's id on My Reservations: the offer email links to /my-reservations#swaps. */
export const SWAPS_ID = 'swaps';

type When = Pick<SwapPractice, 'startsAt'>;
type Practice = Pick<SwapPractice, 'startsAt' | 'endsAt' | 'fieldName' | 'facilityName'>;

/** "Orioles’" or "Blue Jays’", "Team 2’s". */
export const possessive = (name: string): string => (/s$/i.test(name) ? `${name}’` : `${name}’s`);

/** "Thu Dec 10, 5:00 pm": a practice in a button's or a heading's words. */
export const practiceWhen = (p: When, timeZone: string): string => formatDateTime(p.startsAt, timeZone);

/** "Thu Dec 10, 5:00 pm – 6:30 pm": when, in full. */
export const practiceTimes = (p: Practice, timeZone: string): string => `${formatWeekdayDayAt(p.startsAt, timeZone)}, ${formatTimeRange(p.startsAt, p.endsAt, timeZone)}`;

/** "Field 2 · Riverside Park": where. */
export const practicePlace = (p: Practice): string => `${p.fieldName} · ${p.facilityName}`;

/** The toast after Send: "Offer sent to Orioles." */
export const sentMessage = (teamName: string): string => `Offer sent to ${teamName}.`;

/** The toast after an accept: what the team has now. */
export function acceptedMessage(offer: SwapOffer, booking: Pick<Booking, 'startsAt' | 'fieldName'>, timeZone: string): string {
  const got = `${formatDateTime(booking.startsAt, timeZone)} at ${booking.fieldName}`;
  return offer.kind === 'swap' ? `Swapped with ${offer.fromTeam.name}: your team now practices ${got}.` : `Accepted: ${got} is now your team’s practice.`;
}

export const declinedMessage = (offer: SwapOffer): string => `You declined ${possessive(offer.fromTeam.name)} offer. Their coach is told.`;

export const withdrawnMessage = (offer: SwapOffer): string => `Your offer to ${offer.toTeam.name} is withdrawn.`;

/** What an offer asks in return, from the side that reads it: "Nothing: it is a gift." or the practice(s) it wants. */
export function offerHeading(offer: SwapOffer, timeZone: string): string {
  const when = practiceWhen(offer.offered, timeZone);
  return offer.direction === 'received' ? `From ${offer.fromTeam.name}: ${when}` : `To ${offer.toTeam.name}: ${when}`;
}

/** How a decided offer ended, in words, from the side that reads it. */
export function outcomeText(offer: SwapOffer, timeZone: string): string {
  const received = offer.direction === 'received';
  const other = received ? offer.fromTeam.name : offer.toTeam.name;
  const state = offer.state as Exclude<SwapState, 'open'>;
  switch (state) {
    case 'accepted': {
      const given = offer.wanted.find((w) => w.bookingId === offer.acceptedBookingId);
      if (received) return given ? `You accepted, giving your ${practiceWhen(given, timeZone)}.` : 'You accepted it.';
      return given ? `Accepted by ${other}: your team got their ${practiceWhen(given, timeZone)}.` : `Accepted by ${other}.`;
    }
    case 'declined':
      return received ? 'You declined it.' : `Declined by ${other}.`;
    case 'withdrawn':
      return received ? `Withdrawn by ${other}.` : 'You withdrew it.';
    case 'expired':
      return 'Expired: not answered before the cancellation cutoff.';
    case 'void':
      return 'Void: one of its practices was cancelled, moved or traded first.';
    default:
      return 'Open.';
  }
}

/** The short word for a state, as a badge shows it. */
export const STATE_LABEL: Record<SwapState, string> = {
  open: 'Open',
  accepted: 'Accepted',
  declined: 'Declined',
  withdrawn: 'Withdrawn',
  expired: 'Expired',
  void: 'Void',
};

/** The dialog's hint under the other team's practices, as the choice stands. */
export function wantedHint(count: number, teamName: string): string {
  if (count === 0) return `Check one to ask for that practice, or several and ${teamName} choose which one to give you.`;
  if (count === 1) return `${teamName} can accept this trade or decline it.`;
  return `Any of these ${count}: ${teamName} choose which one to give you when they accept.`;
}

/** The empty section: what a swap is, and how to offer one. */
export const EMPTY_TEXT =
  'A swap trades one of your team’s practices for one of another team’s, or gives it to a team that can use it. Both move at once, under both teams’ booking limits, and both coaches get an email. To offer one, press “Offer a swap” on an upcoming practice.';
