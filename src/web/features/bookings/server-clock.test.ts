import { describe, expect, it } from 'vitest';
import { clockOffset } from './server-clock';

describe('clockOffset', () => {
  it('is how far the server clock is ahead of the browser’s', () => {
    const received = Date.parse('2026-11-22T12:00:00Z');
    expect(clockOffset('2026-11-22T12:05:00Z', received)).toBe(5 * 60_000);
    expect(clockOffset('2026-11-22T11:59:30Z', received)).toBe(-30_000);
  });

  it('is zero when there is no server time to compare with', () => {
    expect(clockOffset(undefined, Date.now())).toBe(0);
    expect(clockOffset('not a date', Date.now())).toBe(0);
    expect(clockOffset('2026-11-22T12:00:00Z', 0)).toBe(0);
  });
});
