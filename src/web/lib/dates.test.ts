import { afterEach, describe, expect, it } from 'vitest';
import { LOCALES } from '../../shared/i18n/locales';
import * as serverWords from '../../shared/time/date-words';
import {
  addDays,
  dateInZone,
  formatClock,
  formatDateTime,
  formatDateTimeRange,
  formatDay,
  formatTime,
  formatTimeRangeShort,
  formatLongDay,
  formatWeekdayDate,
  formatWeekdayDay,
  fromLocalInput,
  isIsoDate,
  isoDayOfWeek,
  startOfWeek,
  toIsoWithOffset,
  parseLocalInput,
  timeZoneName,
  toLocalInput,
  todayInZone,
  zoneOffsetMs,
  formatDayRange,
  formatMonthDay,
  formatWeekdayDayAt,
} from './dates';
import { activate } from './i18n';

const CHICAGO = 'America/Chicago';

describe('calendar dates', () => {
  it('formats without shifting the day', () => {
    expect(formatDay('2027-03-01')).toBe('Mar 1, 2027');
    expect(formatWeekdayDay('2026-03-03')).toBe('Tue Mar 3');
    expect(formatWeekdayDate('2026-03-03')).toBe('Tue 3');
    expect(formatLongDay('2026-03-03')).toBe('Tuesday, March 3, 2026');
  });

  it('finds the Monday of a week, Monday to Sunday', () => {
    expect(isoDayOfWeek('2026-03-02')).toBe(1);
    expect(isoDayOfWeek('2026-03-08')).toBe(7);
    expect(startOfWeek('2026-03-08')).toBe('2026-03-02');
    expect(startOfWeek('2026-03-02')).toBe('2026-03-02');
    expect(startOfWeek('2027-01-01')).toBe('2026-12-28');
  });

  it('adds days across month, year and DST boundaries', () => {
    expect(addDays('2026-02-28', 1)).toBe('2026-03-01');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-03-08', 7)).toBe('2026-03-15');
    expect(addDays('2026-03-02', -7)).toBe('2026-02-23');
  });

  it('accepts only real dates', () => {
    expect(isIsoDate('2026-03-02')).toBe(true);
    expect(isIsoDate('2026-02-30')).toBe(false);
    expect(isIsoDate('2026-3-2')).toBe(false);
    expect(isIsoDate(null)).toBe(false);
  });
});

describe('instants in the league time zone, not the browser’s', () => {
  it('formats times as "6:00 pm"', () => {
    expect(formatTime('2026-03-04T00:00:00Z', CHICAGO)).toBe('6:00 pm');
    expect(formatTime('2026-03-04T00:00:00Z', 'Europe/London')).toBe('12:00 am');
    expect(formatClock('17:30')).toBe('5:30 pm');
    expect(formatClock('00:05')).toBe('12:05 am');
    expect(formatClock('12:00')).toBe('12:00 pm');
  });

  it('puts an evening UTC-next-day instant on the league day', () => {
    expect(dateInZone('2026-03-04T00:30:00Z', CHICAGO)).toBe('2026-03-03');
    expect(todayInZone(CHICAGO, new Date('2026-03-04T04:59:00Z'))).toBe('2026-03-03');
    expect(todayInZone(CHICAGO, new Date('2026-03-04T06:00:00Z'))).toBe('2026-03-04');
  });

  it('formats a range on one day and across days', () => {
    expect(formatDateTimeRange('2026-03-04T00:00:00Z', '2026-03-04T01:30:00Z', CHICAGO)).toBe('Tue Mar 3, 6:00 pm – 7:30 pm');
    expect(formatDateTimeRange('2026-03-04T00:00:00Z', '2026-03-05T15:00:00Z', CHICAGO)).toBe('Tue Mar 3, 6:00 pm – Thu Mar 5, 9:00 am');
  });

  it('writes an instant exactly as the server’s words do (shared/time/date-words.ts), in both languages: "Sat Nov 28, 9:00 am"', async () => {
    expect(formatDateTime('2026-11-28T15:00:00Z', CHICAGO)).toBe('Sat Nov 28, 9:00 am');
    const instants = ['2026-11-28T15:00:00Z', '2026-12-01T06:00:00Z', '2026-12-01T18:05:00Z', '2027-03-14T07:59:00Z', '2027-03-14T08:00:00Z', '2027-11-07T07:00:00Z'];
    try {
      for (const locale of LOCALES) {
        await activate(locale, ['common']);
        for (const zone of [CHICAGO, 'America/New_York', 'Europe/London', 'Pacific/Auckland']) {
          for (const at of instants) {
            expect(formatDateTime(at, zone), `${locale} ${zone} ${at}`).toBe(serverWords.formatDateTime(at, zone, locale));
            expect(formatTime(at, zone), `${locale} ${zone} ${at}`).toBe(serverWords.formatTime(at, zone, locale));
          }
        }
      }
    } finally {
      await activate('en', ['common']);
    }
  });

  it('knows the offset on both sides of a change', () => {
    expect(zoneOffsetMs(new Date('2026-03-08T07:59:00Z'), CHICAGO)).toBe(-6 * 3_600_000);
    expect(zoneOffsetMs(new Date('2026-03-08T08:00:00Z'), CHICAGO)).toBe(-5 * 3_600_000);
    expect(zoneOffsetMs(new Date('2026-03-08T08:00:00.999Z'), CHICAGO)).toBe(-5 * 3_600_000);
  });
});

describe('datetime-local ⇄ ISO in the league time zone', () => {
  it('round-trips an ordinary time, in standard and in daylight time', () => {
    expect(fromLocalInput('2026-03-03T18:00', CHICAGO)).toEqual({ iso: '2026-03-03T18:00:00-06:00', issue: null });
    expect(fromLocalInput('2026-03-10T18:00', CHICAGO)).toEqual({ iso: '2026-03-10T18:00:00-05:00', issue: null });
    expect(toLocalInput('2026-03-04T00:00:00Z', CHICAGO)).toBe('2026-03-03T18:00');
    expect(toLocalInput('2026-03-10T23:00:00.000Z', CHICAGO)).toBe('2026-03-10T18:00');
    expect(toLocalInput(fromLocalInput('2026-07-01T06:15', CHICAGO)!.iso, CHICAGO)).toBe('2026-07-01T06:15');
  });

  it('reads times on the spring-forward day (Mar 8, 2026) on the right side of the change', () => {
    expect(fromLocalInput('2026-03-08T01:59', CHICAGO)).toEqual({ iso: '2026-03-08T01:59:00-06:00', issue: null });
    expect(fromLocalInput('2026-03-08T03:00', CHICAGO)).toEqual({ iso: '2026-03-08T03:00:00-05:00', issue: null });
    expect(fromLocalInput('2026-03-08T18:00', CHICAGO)).toEqual({ iso: '2026-03-08T18:00:00-05:00', issue: null });
  });

  it('moves a time that does not exist (2:30 am on spring-forward day) to after the change, and says so', () => {
    const result = fromLocalInput('2026-03-08T02:30', CHICAGO);
    expect(result).toEqual({ iso: '2026-03-08T03:30:00-05:00', issue: 'dst-gap' });
    expect(new Date(result!.iso).toISOString()).toBe('2026-03-08T08:30:00.000Z');
  });

  it('takes the first of a time that happens twice (1:30 am on fall-back day, Nov 1, 2026), and says so', () => {
    expect(fromLocalInput('2026-11-01T01:30', CHICAGO)).toEqual({ iso: '2026-11-01T01:30:00-05:00', issue: 'dst-repeat' });
    expect(toLocalInput('2026-11-01T07:30:00Z', CHICAGO)).toBe('2026-11-01T01:30');
    expect(fromLocalInput('2026-11-01T02:00', CHICAGO)).toEqual({ iso: '2026-11-01T02:00:00-06:00', issue: null });
  });

  it('works in zones east of UTC and with half-hour offsets', () => {
    expect(fromLocalInput('2026-06-01T09:00', 'Asia/Kolkata')).toEqual({ iso: '2026-06-01T09:00:00+05:30', issue: null });
    expect(toIsoWithOffset(new Date('2026-01-15T12:00:00Z'), 'UTC')).toBe('2026-01-15T12:00:00+00:00');
  });

  it('refuses what is not a date and time', () => {
    expect(fromLocalInput('', CHICAGO)).toBeNull();
    expect(fromLocalInput('2026-02-30T10:00', CHICAGO)).toBeNull();
    expect(fromLocalInput('tomorrow', CHICAGO)).toBeNull();
  });
});

describe('parseLocalInput', () => {
  it('gives the ISO value, or the message to show at the field', () => {
    expect(parseLocalInput('2026-03-03T18:00', CHICAGO)).toEqual({ iso: '2026-03-03T18:00:00-06:00' });
    expect(parseLocalInput('', CHICAGO)).toEqual({ error: 'Choose a date and time' });
    expect(parseLocalInput('2026-03-08T02:30', CHICAGO)).toEqual({
      error: '2:30 am does not exist on Sun Mar 8: the clocks spring forward. Choose another time.',
    });
    expect(parseLocalInput('2026-11-01T01:30', CHICAGO)).toEqual({ iso: '2026-11-01T01:30:00-05:00' });
  });
});

describe('formatTimeRangeShort', () => {
  it('says am/pm once when both ends share it', () => {
    expect(formatTimeRangeShort('2026-11-24T23:00:00Z', '2026-11-25T00:30:00Z', 'America/Chicago')).toBe('5:00–6:30 pm');
    expect(formatTimeRangeShort('2026-11-28T17:00:00Z', '2026-11-28T19:00:00Z', 'America/Chicago')).toBe('11:00 am – 1:00 pm');
  });
});

describe('in Spanish (decision 038): day before month, lower-case names, "a.m."/"p.m.", always in league time', () => {
  afterEach(() => activate('en', ['common']));

  it('writes a date-time as "sáb 28 nov, 9:00 a.m.", a day as "sáb 28 nov" and a time as "9:00 a.m."', async () => {
    await activate('es', ['common']);
    expect(formatDateTime('2026-11-28T15:00:00Z', CHICAGO)).toBe('sáb 28 nov, 9:00 a.m.');
    expect(formatWeekdayDayAt('2026-11-28T15:00:00Z', CHICAGO)).toBe('sáb 28 nov');
    expect(formatTime('2026-11-28T15:00:00Z', CHICAGO)).toBe('9:00 a.m.');
    expect(formatTime('2026-03-04T00:00:00Z', CHICAGO)).toBe('6:00 p.m.');
    expect(formatWeekdayDay('2026-03-03')).toBe('mar 3 mar');
    expect(formatWeekdayDate('2026-03-03')).toBe('mar 3');
    expect(formatMonthDay('2026-09-03')).toBe('3 sept');
    expect(formatDay('2027-03-01')).toBe('1 mar 2027');
    expect(formatDayRange('2027-03-01', '2027-06-30')).toBe('1 mar 2027 – 30 jun 2027');
    expect(formatLongDay('2026-03-03')).toBe('martes, 3 de marzo de 2026');
    expect(formatClock('17:30')).toBe('5:30 p.m.');
    expect(formatClock('00:05')).toBe('12:05 a.m.');
    expect(formatTimeRangeShort('2026-11-24T23:00:00Z', '2026-11-25T00:30:00Z', CHICAGO)).toBe('5:00–6:30 p.m.');
    expect(formatDateTimeRange('2026-03-04T00:00:00Z', '2026-03-05T15:00:00Z', CHICAGO)).toBe('mar 3 mar, 6:00 p.m. – jue 5 mar, 9:00 a.m.');
  });

  it('puts the hour on the right side of the spring-forward change (Mar 14, 2027, 2 am in Chicago)', async () => {
    await activate('es', ['common']);
    expect(formatDateTime('2027-03-14T07:59:00Z', CHICAGO)).toBe('dom 14 mar, 1:59 a.m.');
    expect(formatDateTime('2027-03-14T08:00:00Z', CHICAGO)).toBe('dom 14 mar, 3:00 a.m.');
    expect(formatDateTimeRange('2027-03-14T07:30:00Z', '2027-03-14T08:30:00Z', CHICAGO)).toBe('dom 14 mar, 1:30 a.m. – 3:30 a.m.');
    expect(timeZoneName(CHICAGO, new Date('2027-03-14T07:59:00Z'))).toBe('hora estándar central');
    expect(timeZoneName(CHICAGO, new Date('2027-03-14T08:00:00Z'))).toBe('hora de verano central');
  });

  it('puts the hour on the right side of the fall-back change (Nov 7, 2027, 2 am in Chicago), the repeated hour twice', async () => {
    await activate('es', ['common']);
    expect(formatDateTime('2027-11-07T06:30:00Z', CHICAGO)).toBe('dom 7 nov, 1:30 a.m.');
    expect(formatDateTime('2027-11-07T07:30:00Z', CHICAGO)).toBe('dom 7 nov, 1:30 a.m.');
    expect(formatDateTime('2027-11-07T08:00:00Z', CHICAGO)).toBe('dom 7 nov, 2:00 a.m.');
    expect(dateInZone('2027-11-08T05:30:00Z', CHICAGO)).toBe('2027-11-07');
    expect(formatDateTime('2027-11-08T05:30:00Z', CHICAGO)).toBe('dom 7 nov, 11:30 p.m.');
  });

  it('says why a time cannot be used, in Spanish', async () => {
    await activate('es', ['common']);
    expect(parseLocalInput('', CHICAGO)).toEqual({ error: 'Elige una fecha y una hora' });
    expect(parseLocalInput('2026-03-08T02:30', CHICAGO)).toEqual({
      error: 'La hora 2:30 a.m. no existe el dom 8 mar: ese día se adelantan los relojes. Elige otra hora.',
    });
  });

  it('keeps the English words exactly as before once English is back', async () => {
    await activate('es', ['common']);
    expect(formatDateTime('2026-11-28T15:00:00Z', CHICAGO)).toBe('sáb 28 nov, 9:00 a.m.');
    await activate('en', ['common']);
    expect(formatDateTime('2026-11-28T15:00:00Z', CHICAGO)).toBe('Sat Nov 28, 9:00 am');
    expect(formatDay('2027-03-01')).toBe('Mar 1, 2027');
    expect(formatLongDay('2026-03-03')).toBe('Tuesday, March 3, 2026');
    expect(timeZoneName(CHICAGO, new Date('2027-03-14T08:00:00Z'))).toBe('Central Daylight Time');
  });
});
