import { setupI18n } from '@lingui/core';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compileCatalogue } from '../i18n/compile';
import enErrors from '../i18n/locales/en/errors.json';
import esErrors from '../i18n/locales/es/errors.json';
import type { Locale } from '../i18n/locales';
import { cancelCutoffMessage, cancelCutoffWords, refusalMessage, refusalWords, type Refusal, type RefusalWords } from './booking-rules';

/**
 * `refusalWords` (the server's answer and Book a Field word a refusal by key) says in English exactly what
 * `refusalMessage` says, for every kind of refusal; the Spanish words every value too.
 */
const runtimes = Object.fromEntries(
  (['en', 'es'] as const).map((locale) => {
    const i18n = setupI18n();
    i18n.load(locale, compileCatalogue('errors', locale === 'en' ? enErrors : esErrors));
    i18n.activate(locale);
    return [locale, i18n];
  }),
) as Record<Locale, ReturnType<typeof setupI18n>>;

const worded = (w: RefusalWords, locale: Locale = 'en') => {
  expect(w.key in enErrors, w.key).toBe(true);
  return runtimes[locale]._(`errors.${w.key}`, w.params);
};

const TZ = 'America/Chicago';
const at = (iso: string) => new Date(iso);

/** One refusal of every kind, and the variants their words have (no division, no reason, no message). */
const EVERY_KIND: Refusal[] = [
  { code: 'FIELD_DIVISION', fieldName: 'North 12U Diamond', teamName: 'Hummingbirds', divisionName: '8U', divisions: ['12U'] },
  { code: 'FIELD_DIVISION', fieldName: 'Big Diamond', teamName: 'Wrens', divisionName: null, divisions: ['10U', '12U', '14U'] },
  { code: 'SLOT_BLOCKED', blockReason: null },
  { code: 'SLOT_BLOCKED', blockReason: 'Field maintenance {until noon}' },
  { code: 'SLOT_TAKEN' },
  { code: 'SLOT_HELD', teamName: "Cardinals' B team", until: at('2027-11-07T07:30:00Z'), timeZone: TZ },
  { code: 'SLOT_PAST' },
  { code: 'BOOKING_PAUSED', pausedMessage: null },
  { code: 'BOOKING_PAUSED', pausedMessage: '  ' },
  { code: 'BOOKING_PAUSED', pausedMessage: ' Back on Monday at 8 am.  ' },
  { code: 'WINDOW_NOT_OPEN', opens: at('2027-03-14T08:00:00Z'), timeZone: TZ },
  { code: 'WINDOW_CLOSED', closes: at('2027-11-07T07:00:00Z'), timeZone: TZ },
  { code: 'TOO_SOON', minLeadHours: 1 },
  { code: 'TOO_SOON', minLeadHours: 12 },
  { code: 'TOO_FAR_AHEAD', maxAheadDays: 1 },
  { code: 'TOO_FAR_AHEAD', maxAheadDays: 21 },
  { code: 'DAY_LIMIT', teamName: 'Blue Jays', count: 0, limit: 0, day: '2027-03-14' },
  { code: 'DAY_LIMIT', teamName: 'Blue Jays', count: 1, limit: 1, day: '2027-03-14' },
  { code: 'WEEK_LIMIT', teamName: 'Blue Jays', count: 1, limit: 1, week: '2027-03-08' },
  { code: 'WEEK_LIMIT', teamName: 'Blue Jays', count: 2, limit: 2, week: '2027-03-08' },
  { code: 'UPCOMING_LIMIT', teamName: 'Blue Jays', count: 1, limit: 1 },
  { code: 'UPCOMING_LIMIT', teamName: 'Blue Jays', count: 4, limit: 4 },
];

describe('refusalWords: a refusal by key in the errors catalogue', () => {
  it('covers every kind of refusal', () => {
    const kinds: Record<Refusal['code'], true> = {
      FIELD_DIVISION: true,
      SLOT_BLOCKED: true,
      SLOT_TAKEN: true,
      SLOT_HELD: true,
      SLOT_PAST: true,
      BOOKING_PAUSED: true,
      WINDOW_NOT_OPEN: true,
      WINDOW_CLOSED: true,
      TOO_SOON: true,
      TOO_FAR_AHEAD: true,
      DAY_LIMIT: true,
      WEEK_LIMIT: true,
      UPCOMING_LIMIT: true,
    };
    expect(new Set(EVERY_KIND.map((r) => r.code))).toEqual(new Set(Object.keys(kinds)));
  });

  it.each(EVERY_KIND.map((r) => [r.code, r] as const))('%s: worded in English, it is refusalMessage', (_code, refusal) => {
    expect(worded(refusalWords(refusal))).toBe(refusalMessage(refusal));
  });

  it('holds for any numbers, days and names', () => {
    const name = fc.string({ minLength: 1, maxLength: 20 });
    const day = fc.date({ min: new Date('2026-01-01'), max: new Date('2030-12-31'), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10));
    const n = fc.integer({ min: 0, max: 5_000 });
    const refusal: fc.Arbitrary<Refusal> = fc.oneof(
      fc.record({ code: fc.constant('DAY_LIMIT' as const), teamName: name, count: n, limit: n, day }),
      fc.record({ code: fc.constant('WEEK_LIMIT' as const), teamName: name, count: n, limit: n, week: day }),
      fc.record({ code: fc.constant('UPCOMING_LIMIT' as const), teamName: name, count: n, limit: n }),
      fc.record({ code: fc.constant('TOO_SOON' as const), minLeadHours: n }),
      fc.record({ code: fc.constant('TOO_FAR_AHEAD' as const), maxAheadDays: n }),
      fc.record({ code: fc.constant('SLOT_BLOCKED' as const), blockReason: fc.option(name) }),
      fc.record({ code: fc.constant('FIELD_DIVISION' as const), fieldName: name, teamName: name, divisionName: fc.option(name), divisions: fc.array(name, { minLength: 1, maxLength: 4 }) }),
    );
    fc.assert(fc.property(refusal, (r) => worded(refusalWords(r)) === refusalMessage(r)));
  });

  it('cancelCutoffWords: worded in English, it is cancelCutoffMessage', () => {
    for (const hours of [0, 1, 2, 24, 1000]) expect(worded(cancelCutoffWords(hours))).toBe(cancelCutoffMessage(hours));
  });

  it('in Spanish: the words and every value, dates and lists included', () => {
    expect(worded(refusalWords({ code: 'WEEK_LIMIT', teamName: 'Blue Jays', count: 2, limit: 2, week: '2027-03-08' }, 'es'), 'es')).toBe(
      'Blue Jays ya tiene 2 prácticas en la semana del lun 8 mar (límite: 2).',
    );
    expect(worded(refusalWords({ code: 'TOO_SOON', minLeadHours: 1 }, 'es'), 'es')).toBe('Las prácticas se deben reservar con al menos 1 hora de anticipación.');
    expect(worded(refusalWords({ code: 'WINDOW_NOT_OPEN', opens: at('2027-03-14T08:00:00Z'), timeZone: TZ }, 'es'), 'es')).toMatch(/^Las reservas abren el dom 14 mar, 3:00 a\.\s?m\.\.$/);
    expect(refusalWords({ code: 'FIELD_DIVISION', fieldName: 'F', teamName: 'T', divisionName: '8U', divisions: ['10U', '12U'] }, 'es').params.divisions).toBe('10U y 12U');
    // The key is the same in every language.
    for (const r of EVERY_KIND) expect(refusalWords(r, 'es').key).toBe(refusalWords(r).key);
  });
});
