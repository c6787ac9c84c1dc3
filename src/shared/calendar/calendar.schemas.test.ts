import { describe, expect, it } from 'vitest';
import { CANCELLED_KEPT_DAYS, FEED_TOKEN_PATTERN, feedWindow, PAST_KEPT_DAYS } from './calendar.schemas';

const TZ = 'America/Chicago';

describe('what a feed holds', () => {
  it('bounds are starts of local days in the league zone, so a feed changes by itself once a day at most', () => {
    // 2027-03-20 09:30 CDT.
    const w = feedWindow(new Date('2027-03-20T14:30:00Z'), TZ);
    expect(w.today.toISOString()).toBe('2027-03-20T05:00:00.000Z');
    // 30 days back is 2027-02-18, before spring-forward: midnight CST is 06:00 UTC.
    expect(CANCELLED_KEPT_DAYS).toBe(30);
    expect(w.cancelledFrom.toISOString()).toBe('2027-02-18T06:00:00.000Z');
    expect(PAST_KEPT_DAYS).toBe(180);
    expect(w.pastFrom.toISOString()).toBe('2026-09-21T05:00:00.000Z');
  });

  it('late evening local time is still the same local day (not the UTC one)', () => {
    // 2027-11-07 23:30 CST (after fall-back) is 2027-11-08 05:30 UTC.
    expect(feedWindow(new Date('2027-11-08T05:30:00Z'), TZ).today.toISOString()).toBe('2027-11-07T05:00:00.000Z');
    // The same instant a day later, the day starts at 06:00 UTC (CST).
    expect(feedWindow(new Date('2027-11-09T05:30:00Z'), TZ).today.toISOString()).toBe('2027-11-08T06:00:00.000Z');
  });

  it('a team feed token is 43 URL-safe characters', () => {
    expect(FEED_TOKEN_PATTERN.test('KfFfFuG0lCcw10fFQC-Kg0mg6pmLHhkrrBJMTIgDSzk')).toBe(true);
    expect(FEED_TOKEN_PATTERN.test('short')).toBe(false);
    expect(FEED_TOKEN_PATTERN.test(`${'a'.repeat(42)}/`)).toBe(false);
  });
});
