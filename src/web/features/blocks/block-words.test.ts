import { describe, expect, it } from 'vitest';
import { blockedMessage, bookingsQuestion } from './block-words';

describe('block words', () => {
  it('says what a block did', () => {
    expect(blockedMessage(12, 0)).toBe('Blocked 12 slots.');
    expect(blockedMessage(1, 1)).toBe('Blocked 1 slot and cancelled 1 booking.');
    expect(blockedMessage(40, 3)).toBe('Blocked 40 slots and cancelled 3 bookings.');
  });

  it('asks before cancelling bookings', () => {
    expect(bookingsQuestion(2)).toBe('2 confirmed bookings are in this range. Cancel them (their coaches will be notified) and block?');
    expect(bookingsQuestion(1)).toBe('1 confirmed booking is in this range. Cancel it (its coach will be notified) and block?');
  });
});
