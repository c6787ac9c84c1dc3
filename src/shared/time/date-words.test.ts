import { describe, expect, it } from 'vitest';
import { formatDateTime, formatLongDay, formatMonthDay, formatTime, formatWeekdayDay, formatWeekdayTime } from './date-words';

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

describe('the same instants in Spanish', () => {
  it('writes "sáb 28 nov, 9:00 a.m.": day before month, lower-case names without "de" or dots, a.m./p.m., plain spaces', () => {
    expect(formatDateTime(new Date('2026-11-28T15:00:00Z'), CHICAGO, 'es')).toBe('sáb 28 nov, 9:00 a.m.');
    expect(formatDateTime('2026-11-28T15:00:00Z', 'America/New_York', 'es')).toBe('sáb 28 nov, 10:00 a.m.');
    expect(formatDateTime('2026-11-28T15:00:00Z', CHICAGO, 'es')).not.toMatch(/[\u202f\u00a0]| de /);
    expect(formatDateTime('2027-06-09T03:30:00Z', CHICAGO, 'es')).toBe('mar 8 jun, 10:30 p.m.');
  });

  it('names midnight and noon as 12:00 a.m. and 12:00 p.m.', () => {
    expect(formatDateTime('2026-12-01T06:00:00Z', CHICAGO, 'es')).toBe('mar 1 dic, 12:00 a.m.');
    expect(formatDateTime('2026-12-01T18:00:00Z', CHICAGO, 'es')).toBe('mar 1 dic, 12:00 p.m.');
  });

  it('follows the zone across both daylight saving changes', () => {
    // Spring forward, Sunday 14 March 2027.
    expect(formatDateTime('2027-03-14T07:59:00Z', CHICAGO, 'es')).toBe('dom 14 mar, 1:59 a.m.');
    expect(formatDateTime('2027-03-14T08:00:00Z', CHICAGO, 'es')).toBe('dom 14 mar, 3:00 a.m.');
    expect(formatWeekdayTime('2027-03-14T08:00:00Z', CHICAGO, 'es')).toBe('dom 3:00 a.m.');
    // Fall back, Sunday 7 November 2027: 1:00 a.m. twice, then 2:00 a.m.
    expect(formatDateTime('2027-11-07T06:00:00Z', CHICAGO, 'es')).toBe('dom 7 nov, 1:00 a.m.');
    expect(formatDateTime('2027-11-07T07:00:00Z', CHICAGO, 'es')).toBe('dom 7 nov, 1:00 a.m.');
    expect(formatDateTime('2027-11-07T08:00:00Z', CHICAGO, 'es')).toBe('dom 7 nov, 2:00 a.m.');
    expect(formatTime('2027-11-07T08:00:00Z', CHICAGO, 'es')).toBe('2:00 a.m.');
  });

  it('writes a time alone, or with its weekday', () => {
    expect(formatTime('2026-11-28T23:20:00Z', CHICAGO, 'es')).toBe('5:20 p.m.');
    expect(formatWeekdayTime('2026-11-28T23:20:00Z', CHICAGO, 'es')).toBe('sáb 5:20 p.m.');
  });

  it('leaves English as it was when no language is given', () => {
    expect(formatDateTime('2026-11-28T15:00:00Z', CHICAGO, 'en')).toBe(formatDateTime('2026-11-28T15:00:00Z', CHICAGO));
  });
});

describe('days as people read them', () => {
  it('writes a league day, a month day and a long day in both languages', () => {
    expect(formatWeekdayDay('2027-04-07')).toBe('Wed, Apr 7');
    expect(formatWeekdayDay('2027-04-07', 'es')).toBe('mié 7 abr');
    // The day in the zone: 03:30 UTC on 9 June is still 8 June in Chicago.
    expect(formatMonthDay('2027-06-09T03:30:00Z', CHICAGO)).toBe('Jun 8');
    expect(formatMonthDay('2027-06-09T03:30:00Z', CHICAGO, 'es')).toBe('8 jun');
    expect(formatLongDay('2027-03-01T18:00:00Z', CHICAGO)).toBe('Monday, March 1');
    expect(formatLongDay('2027-03-01T18:00:00Z', CHICAGO, 'es')).toBe('lunes, 1 de marzo');
  });
});
