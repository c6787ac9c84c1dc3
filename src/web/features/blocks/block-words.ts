import type { Block } from '../../../shared/blocks/blocks.schemas';
import type { MessageKey } from '../../../shared/i18n/catalogues';
import type { Translate } from '../../lib/i18n';

const CATEGORY_KEY: Record<Block['category'], MessageKey<'blocks'>> = {
  weather: 'category.weather',
  maintenance: 'category.maintenance',
  event: 'category.event',
  other: 'category.other',
};

const SCOPE_KEY: Record<Block['scope'], MessageKey<'blocks'>> = {
  slot: 'scope.slot',
  field: 'scope.field',
  facility: 'scope.facility',
};

const SCOPE_BADGE_KEY: Record<Block['scope'], MessageKey<'blocks'>> = {
  slot: 'scopeBadge.slot',
  field: 'scopeBadge.field',
  facility: 'scopeBadge.facility',
};

/** A block's category in words ("Weather"). */
export const categoryLabel = (t: Translate<'blocks'>, category: Block['category']): string => t(CATEGORY_KEY[category]);

/** What a scope closes, as the form offers it ("A whole facility"). */
export const scopeLabel = (t: Translate<'blocks'>, scope: Block['scope']): string => t(SCOPE_KEY[scope]);

/** A block's scope on its badge ("Facility"). */
export const scopeBadge = (t: Translate<'blocks'>, scope: Block['scope']): string => t(SCOPE_BADGE_KEY[scope]);

/** "Blocked 12 slots and cancelled 2 bookings." */
export function blockedMessage(t: Translate<'blocks'>, slotsBlocked: number, bookingsCancelled: number): string {
  return bookingsCancelled > 0
    ? t('words.blockedAndCancelled', { slots: slotsBlocked, bookings: bookingsCancelled })
    : t('words.blocked', { slots: slotsBlocked });
}

/** The question before cancelling bookings to make room for a block. */
export function bookingsQuestion(t: Translate<'blocks'>, count: number): string {
  return t('words.bookingsQuestion', { count });
}
