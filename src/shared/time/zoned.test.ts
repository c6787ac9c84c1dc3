import { describe, expect, it } from 'vitest';
import { localDayRange, todayAndRestOfWeek } from './zoned';

const TZ = 'America/Chicago';

describe('local days and weeks in the league zone', () => {
  it('a whole local day is 24 h, except the day clocks change', () => {
    const normal = localDayRange('2027-03-10', '2027-03-10', TZ);
    expect(normal.start.toISOString()).toBe('2027-03-10T06:00:00.000Z');
    expect(normal.end.getTime() - normal.start.getTime()).toBe(24 * 3600_000);
    const springForward = localDayRange('2027-03-14', '2027-03-14', TZ);
    expect(springForward.end.getTime() - springForward.start.getTime()).toBe(23 * 3600_000);
  });

  it('today is the local day (not the UTC one) and the week runs on to the end of local Sunday', () => {
    // 03:30 UTC on Wednesday is still Tuesday evening in Chicago.
    const now = new Date('2027-06-09T03:30:00Z');
    const { today, restOfWeek } = todayAndRestOfWeek(now, TZ);
    expect(today.start.toISOString()).toBe('2027-06-08T05:00:00.000Z');
    expect(today.end.toISOString()).toBe('2027-06-09T05:00:00.000Z');
    expect(restOfWeek.start).toBe(now);
    expect(restOfWeek.end.toISOString()).toBe('2027-06-14T05:00:00.000Z');
  });

  it('on Sunday the rest of the week is the rest of that Sunday; on Monday it is seven days', () => {
    expect(todayAndRestOfWeek(new Date('2027-06-13T20:00:00Z'), TZ).restOfWeek.end.toISOString()).toBe('2027-06-14T05:00:00.000Z');
    expect(todayAndRestOfWeek(new Date('2027-06-14T05:00:00Z'), TZ).restOfWeek.end.toISOString()).toBe('2027-06-21T05:00:00.000Z');
  });
});
