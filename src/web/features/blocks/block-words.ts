import type { Block } from '../../../shared/blocks/blocks.schemas';
import { countOf } from '../../lib/count-words';

export const CATEGORY_LABEL: Record<Block['category'], string> = {
  weather: 'Weather',
  maintenance: 'Maintenance',
  event: 'Event',
  other: 'Other',
};

export const SCOPE_LABEL: Record<Block['scope'], string> = {
  slot: 'One slot',
  field: 'A field',
  facility: 'A whole facility',
};

/** "Blocked 12 slots and cancelled 2 bookings." */
export function blockedMessage(slotsBlocked: number, bookingsCancelled: number): string {
  const blocked = `Blocked ${countOf(slotsBlocked, 'slot')}`;
  return bookingsCancelled > 0 ? `${blocked} and cancelled ${countOf(bookingsCancelled, 'booking')}.` : `${blocked}.`;
}

/** The question before cancelling bookings to make room for a block. */
export function bookingsQuestion(count: number): string {
  return count === 1
    ? '1 confirmed booking is in this range. Cancel it (its coach will be notified) and block?'
    : `${count} confirmed bookings are in this range. Cancel them (their coaches will be notified) and block?`;
}
