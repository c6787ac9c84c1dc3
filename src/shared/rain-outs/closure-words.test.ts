import { describe, expect, it } from 'vitest';
import { closureLine, closureWhen, firstCreditLastDay, type ClosureWhenWords } from './closure-words';
import { makeupExpiry } from './rain-outs.schemas';
import { formatTime, formatWeekdayDay } from '../time/date-words';

const tz = 'America/Chicago';
// Thu, Dec 3 2026, noon in Chicago.
const now = new Date('2026-12-03T18:00:00Z');

describe('closure words', () => {
  it('says today, tomorrow or the date, and drops the repeated am/pm', () => {
    expect(closureWhen(new Date('2026-12-03T22:00:00Z'), new Date('2026-12-04T03:00:00Z'), tz, now)).toBe('today 4–9 pm');
    expect(closureWhen(new Date('2026-12-04T22:30:00Z'), new Date('2026-12-05T03:00:00Z'), tz, now)).toBe('tomorrow 4:30–9 pm');
    expect(closureWhen(new Date('2026-12-08T15:00:00Z'), new Date('2026-12-08T20:00:00Z'), tz, now)).toBe('Tue, Dec 8, 9 am–2 pm');
  });

  it('names both days when a closure runs past midnight, but not one that ends at midnight', () => {
    expect(closureWhen(new Date('2026-12-03T22:00:00Z'), new Date('2026-12-04T15:00:00Z'), tz, now)).toBe('today 4 pm – tomorrow 9 am');
    expect(closureWhen(new Date('2026-12-03T22:00:00Z'), new Date('2026-12-04T06:00:00Z'), tz, now)).toBe('today 4 pm–12 am');
  });

  it('in Spanish, with the words it is handed: hoy, mañana or the day, each time in full', () => {
    const relative = new Intl.RelativeTimeFormat('es-US', { numeric: 'auto' });
    const es: ClosureWhenWords = { relativeDay: (n) => relative.format(n, 'day'), day: (d) => formatWeekdayDay(d, 'es'), time: (at) => formatTime(at, tz, 'es') };
    expect(closureWhen(new Date('2026-12-03T22:00:00Z'), new Date('2026-12-04T03:00:00Z'), tz, now, es)).toBe('hoy, 4:00 p.m. – 9:00 p.m.');
    expect(closureWhen(new Date('2026-12-04T22:30:00Z'), new Date('2026-12-05T03:00:00Z'), tz, now, es)).toBe('mañana, 4:30 p.m. – 9:00 p.m.');
    expect(closureWhen(new Date('2026-12-08T15:00:00Z'), new Date('2026-12-08T20:00:00Z'), tz, now, es)).toBe('mar 8 dic, 9:00 a.m. – 2:00 p.m.');
    expect(closureWhen(new Date('2026-12-03T22:00:00Z'), new Date('2026-12-04T15:00:00Z'), tz, now, es)).toBe('hoy, 4:00 p.m. – mañana, 9:00 a.m.');
    expect(closureWhen(new Date('2026-12-03T22:00:00Z'), new Date('2026-12-04T06:00:00Z'), tz, now, es)).toBe('hoy, 4:00 p.m. – 12:00 a.m.');
  });

  it('writes the field status line with the fields and the reason', () => {
    const c = { facilityName: 'Riverside Park', fieldNames: null, startsAt: '2026-12-03T22:00:00Z', endsAt: '2026-12-04T03:00:00Z', reason: 'Wet fields' };
    expect(closureLine(c, tz, now)).toBe('Riverside Park: closed today 4–9 pm (Wet fields)');
    expect(closureLine({ ...c, fieldNames: ['Field 1', 'Field 2'] }, tz, now)).toBe('Riverside Park (Field 1, Field 2): closed today 4–9 pm (Wet fields)');
  });
});

describe('make-up credits', () => {
  it('run out at the end of the league day N days after the closure', () => {
    // Thu Dec 3, 4 pm Chicago + 14 days: usable through Thu Dec 17, so they run out at midnight starting Dec 18 (06:00Z).
    expect(makeupExpiry(new Date('2026-12-03T22:00:00Z'), 14, tz).toISOString()).toBe('2026-12-18T06:00:00.000Z');
    // Across the spring change the day still ends at local midnight.
    expect(makeupExpiry(new Date('2027-03-01T18:00:00Z'), 14, tz).toISOString()).toBe('2027-03-16T05:00:00.000Z');
  });

  it('read as the first one to use, by its last day', () => {
    expect(firstCreditLastDay([], tz)).toBeNull();
    expect(firstCreditLastDay(['2026-12-18T06:00:00.000Z'], tz)).toBe('2026-12-17');
    expect(firstCreditLastDay(['2026-12-20T06:00:00.000Z', '2026-12-18T06:00:00.000Z'], tz)).toBe('2026-12-17');
  });
});
