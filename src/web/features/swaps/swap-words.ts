import type { Booking } from '../../../shared/bookings/bookings.schemas';
import type { MessageKey } from '../../../shared/i18n/catalogues';
import type { SwapOffer, SwapPractice, SwapState } from '../../../shared/swaps/swaps.schemas';
import { formatDateTime, formatTimeRange, formatWeekdayDayAt } from '../../lib/dates';
import type { Translate } from '../../lib/i18n';

type T = Translate<'swaps'>;

/** The Swap offers section's id on My Reservations: the offer email links to /my-reservations#swaps. */
export const SWAPS_ID = 'swaps';

type When = Pick<SwapPractice, 'startsAt'>;
type Practice = Pick<SwapPractice, 'startsAt' | 'endsAt' | 'fieldName' | 'facilityName'>;

/**
 * A team's name for a message that says "Orioles’" or "Team 2’s" in English: `{team}{ends, select, s {’} other {’s}}`
 * (the Spanish says "de Orioles" and needs neither).
 */
export function teamWords(name: string): { team: string; ends: 's' | 'other' } {
  return { team: name, ends: /s$/i.test(name) ? 's' : 'other' };
}

/** "Thu Dec 10, 5:00 pm": a practice in a button's or a heading's words. */
export const practiceWhen = (p: When, timeZone: string): string => formatDateTime(p.startsAt, timeZone);

/** "Thu Dec 10, 5:00 pm – 6:30 pm": when, in full. */
export const practiceTimes = (p: Practice, timeZone: string): string => `${formatWeekdayDayAt(p.startsAt, timeZone)}, ${formatTimeRange(p.startsAt, p.endsAt, timeZone)}`;

/** "Field 2 · Riverside Park": where. */
export const practicePlace = (p: Practice): string => `${p.fieldName} · ${p.facilityName}`;

/** The toast after Send: "Offer sent to Orioles." */
export const sentMessage = (t: T, teamName: string): string => t('words.sent', { team: teamName });

/** The toast after an accept: what the team has now. */
export function acceptedMessage(t: T, offer: SwapOffer, booking: Pick<Booking, 'startsAt' | 'fieldName'>, timeZone: string): string {
  const got = { when: formatDateTime(booking.startsAt, timeZone), field: booking.fieldName };
  return offer.kind === 'swap' ? t('words.acceptedSwap', { team: offer.fromTeam.name, ...got }) : t('words.acceptedGift', got);
}

export const declinedMessage = (t: T, offer: SwapOffer): string => t('words.declined', teamWords(offer.fromTeam.name));

export const withdrawnMessage = (t: T, offer: SwapOffer): string => t('words.withdrawn', { team: offer.toTeam.name });

/** An offer's heading, from the side that reads it: "From Orioles: Tue Dec 1, 5:00 pm" or "To Cardinals: …". */
export function offerHeading(t: T, offer: SwapOffer, timeZone: string): string {
  const when = practiceWhen(offer.offered, timeZone);
  return offer.direction === 'received' ? t('words.headingFrom', { team: offer.fromTeam.name, when }) : t('words.headingTo', { team: offer.toTeam.name, when });
}

/** How a decided offer ended, in words, from the side that reads it. */
export function outcomeText(t: T, offer: SwapOffer, timeZone: string): string {
  const received = offer.direction === 'received';
  const team = received ? offer.fromTeam.name : offer.toTeam.name;
  const state = offer.state as Exclude<SwapState, 'open'>;
  switch (state) {
    case 'accepted': {
      const given = offer.wanted.find((w) => w.bookingId === offer.acceptedBookingId);
      if (received) return given ? t('outcome.youAcceptedGiving', { when: practiceWhen(given, timeZone) }) : t('outcome.youAccepted');
      return given ? t('outcome.acceptedByGot', { team, when: practiceWhen(given, timeZone) }) : t('outcome.acceptedBy', { team });
    }
    case 'declined':
      return received ? t('outcome.youDeclined') : t('outcome.declinedBy', { team });
    case 'withdrawn':
      return received ? t('outcome.withdrawnBy', { team }) : t('outcome.youWithdrew');
    case 'expired':
      return t('outcome.expired');
    case 'void':
      return t('outcome.void');
    default:
      return t('outcome.open');
  }
}

/** The catalogue's short word for a state, as a badge shows it. */
export const STATE_LABEL: Record<SwapState, MessageKey<'swaps'>> = {
  open: 'state.open',
  accepted: 'state.accepted',
  declined: 'state.declined',
  withdrawn: 'state.withdrawn',
  expired: 'state.expired',
  void: 'state.void',
};

/** The dialog's hint under the other team's practices, as the choice stands. */
export function wantedHint(t: T, count: number, teamName: string): string {
  if (count === 0) return t('hint.none', { team: teamName });
  if (count === 1) return t('hint.one', { team: teamName });
  return t('hint.several', { count, team: teamName });
}
