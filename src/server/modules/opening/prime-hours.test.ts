import { describe, expect, it } from 'vitest';
import { primeHours } from './prime-hours';

const TZ = 'America/Chicago';
/** A practice of `minutes` starting at this local wall time in Chicago (offset given, so the test reads plainly). */
const practice = (localIso: string, minutes = 90) => {
  const startsAt = new Date(localIso);
  return { startsAt, endsAt: new Date(startsAt.getTime() + minutes * 60_000) };
};

describe('primeHours', () => {
  it('counts weekday practices starting from 17:00 up to 21:00 league time, by their length', () => {
    expect(primeHours([practice('2026-04-06T17:00:00-05:00')], TZ)).toBe(1.5); // Monday 5 pm
    expect(primeHours([practice('2026-04-10T20:59:00-05:00', 60)], TZ)).toBe(1); // Friday 8:59 pm
    expect(primeHours([practice('2026-04-07T16:59:00-05:00')], TZ)).toBe(0); // a minute early
    expect(primeHours([practice('2026-04-07T21:00:00-05:00')], TZ)).toBe(0); // starts at 9 pm: out
    expect(primeHours([practice('2026-04-11T18:00:00-05:00')], TZ)).toBe(0); // Saturday
    expect(primeHours([practice('2026-04-12T18:00:00-05:00')], TZ)).toBe(0); // Sunday
  });

  it('adds them up and judges each start in the league zone, not UTC', () => {
    // Tuesday 23:30 UTC is 6:30 pm in Chicago (prime) and 7:30 pm in New York (prime); Wednesday 01:30 UTC is 8:30 pm
    // Tuesday in Chicago (prime) but 9:30 pm in New York (not).
    const list = [practice('2026-04-07T23:30:00Z', 60), practice('2026-04-08T01:30:00Z', 30)];
    expect(primeHours(list, TZ)).toBe(1.5);
    expect(primeHours(list, 'America/New_York')).toBe(1);
    expect(primeHours([], TZ)).toBe(0);
  });

  it('holds across both DST changes (the wall clock decides, not the offset)', () => {
    // 2026: DST starts Sunday Mar 8 and ends Sunday Nov 1 in Chicago.
    expect(primeHours([practice('2026-03-06T17:00:00-06:00'), practice('2026-03-09T17:00:00-05:00')], TZ)).toBe(3); // Fri before, Mon after
    expect(primeHours([practice('2026-10-30T17:00:00-05:00'), practice('2026-11-02T17:00:00-06:00')], TZ)).toBe(3);
    // 22:00 UTC on a Monday: 5 pm in summer (prime), 4 pm in winter (not).
    expect(primeHours([practice('2026-06-01T22:00:00Z')], TZ)).toBe(1.5);
    expect(primeHours([practice('2026-12-07T22:00:00Z')], TZ)).toBe(0);
  });
});
