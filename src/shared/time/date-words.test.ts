import { describe, expect, it } from 'vitest';
import { formatDateTime, formatTime, formatWeekdayTime } from './date-words';

const CHICAGO = 'America/Chicago';

describe('an instant as people read it, in the league zone', () => {
  it('writes "Sat Nov 28, 9:00 am": no commas inside the day, a comma before the time, am/pm in lower case, plain spaces', () => {
    expect(formatDateTime(new Date('2026-11-28T15:00:00Z'), CHICAGO)).toBe('Sat Nov 28, 9:00 am');
    expect(formatDateTime('2026-11-28T15:00:00Z', 'America/New_York')).toBe('Sat Nov 28, 10:00 am');
    expect(formatDateTime('2026-11-28T15:00:00Z', CHICAGO)).not.toMatch(/[\u202f\u00a0]/);
  });

  it('names midnight and noon as 12:00 am and 12:00 pm, on the local day', () => {
    expect(formatDateTime('2026-12-01T06:00:00Z', CHICAGO)).toBe('Tue Dec 1, 12:00 am');
    expect(formatDateTime('2026-12-01T18:00:00Z', CHICAGO)).toBe('Tue Dec 1, 12:00 pm');
    // 03:30 UTC on Wednesday is still Tuesday evening in Chicago.
    expect(formatDateTime('2027-06-09T03:30:00Z', CHICAGO)).toBe('Tue Jun 8, 10:30 pm');
  });

  it('follows the zone across daylight saving time', () => {
    // Mar 14 2027: clocks go forward in Chicago at 2:00 am; 08:00 UTC is 3:00 am (CDT), 07:59 UTC 1:59 am (CST).
    expect(formatDateTime('2027-03-14T07:59:00Z', CHICAGO)).toBe('Sun Mar 14, 1:59 am');
    expect(formatDateTime('2027-03-14T08:00:00Z', CHICAGO)).toBe('Sun Mar 14, 3:00 am');
    // Nov 7 2027: back at 2:00 am; 1:00 am comes twice.
    expect(formatDateTime('2027-11-07T06:00:00Z', CHICAGO)).toBe('Sun Nov 7, 1:00 am');
    expect(formatDateTime('2027-11-07T07:00:00Z', CHICAGO)).toBe('Sun Nov 7, 1:00 am');
    expect(formatDateTime('2027-11-07T08:00:00Z', CHICAGO)).toBe('Sun Nov 7, 2:00 am');
  });

  it('writes a time alone, or with its weekday', () => {
    expect(formatTime('2026-11-28T23:20:00Z', CHICAGO)).toBe('5:20 pm');
    expect(formatWeekdayTime('2026-11-28T23:20:00Z', CHICAGO)).toBe('Sat 5:20 pm');
  });
});
