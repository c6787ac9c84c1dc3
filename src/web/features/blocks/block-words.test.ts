import { beforeAll, describe, expect, it } from 'vitest';
import { loadNamespace, translate, type Translate } from '../../lib/i18n';
import { blockedMessage, bookingsQuestion } from './block-words';

const t: Translate<'blocks'> = (key, values) => translate('blocks', key, values);
beforeAll(() => loadNamespace('en', 'blocks'));

describe('block words', () => {
  it('says what a block did', () => {
    expect(blockedMessage(t, 12, 0)).toBe('Blocked 12 slots.');
    expect(blockedMessage(t, 1, 1)).toBe('Blocked 1 slot and cancelled 1 booking.');
    expect(blockedMessage(t, 40, 3)).toBe('Blocked 40 slots and cancelled 3 bookings.');
  });

  it('asks before cancelling bookings', () => {
    expect(bookingsQuestion(t, 2)).toBe('2 confirmed bookings are in this range. Cancel them (their coaches will be notified) and block?');
    expect(bookingsQuestion(t, 1)).toBe('1 confirmed booking is in this range. Cancel it (its coach will be notified) and block?');
  });
});
