import { setupI18n } from '@lingui/core';
import { describe, expect, it } from 'vitest';
import { compileCatalogue } from '../i18n/compile';
import enErrors from '../i18n/locales/en/errors.json';
import { capacityProblem, capacityProblemWords, registrationWindow, registrationWindowKeyedWords, registrationWindowWords, type ClinicWindowFacts, type ClinicWords } from './clinic-rules';

/** The clinic refusals by key read in English exactly as their English functions do. */
const i18n = setupI18n();
i18n.load('en', compileCatalogue('errors', enErrors));
i18n.activate('en');
const worded = (w: ClinicWords | null) => (w ? i18n._(`errors.${w.key}`, w.params) : null);

const TZ = 'America/Chicago';
const clinic = (over: Partial<ClinicWindowFacts> = {}): ClinicWindowFacts => ({
  startsAt: '2027-04-10T14:00:00Z',
  endsAt: '2027-04-10T16:00:00Z',
  registrationOpensAt: null,
  registrationClosesAt: null,
  published: true,
  cancelledAt: null,
  ...over,
});

describe('clinic refusals by key', () => {
  it('every registration window reads as registrationWindowWords', () => {
    const cases: Array<[ClinicWindowFacts, Date]> = [
      [clinic(), new Date('2027-04-01T00:00:00Z')],
      [clinic({ cancelledAt: '2027-03-01T00:00:00Z' }), new Date('2027-04-01T00:00:00Z')],
      [clinic({ published: false }), new Date('2027-04-01T00:00:00Z')],
      [clinic(), new Date('2027-04-11T00:00:00Z')],
      [clinic(), new Date('2027-04-10T15:00:00Z')],
      [clinic({ registrationOpensAt: '2027-04-05T14:00:00Z' }), new Date('2027-04-01T00:00:00Z')],
      [clinic({ registrationClosesAt: '2027-04-08T04:59:00Z' }), new Date('2027-04-09T00:00:00Z')],
    ];
    const states = new Set<string>();
    for (const [facts, now] of cases) {
      const window = registrationWindow(facts, now);
      states.add(window.state === 'closed' ? window.reason : window.state);
      expect(worded(registrationWindowKeyedWords(window, facts, TZ))).toBe(registrationWindowWords(window, facts, TZ));
    }
    expect(states).toEqual(new Set(['open', 'cancelled', 'unpublished', 'ended', 'started', 'not-yet', 'window-closed']));
    // A window closed with no date of its own (not reachable from registrationWindow, worded all the same).
    const closed = { state: 'closed', reason: 'window-closed' } as const;
    expect(worded(registrationWindowKeyedWords(closed, { registrationClosesAt: null }, TZ))).toBe(registrationWindowWords(closed, { registrationClosesAt: null }, TZ));
  });

  it('a capacity below the registrations reads as capacityProblem', () => {
    for (const [capacity, registered] of [[3, 5], [0, 1], [5, 5], [9, 2]] as const) {
      expect(worded(capacityProblemWords(capacity, registered))).toBe(capacityProblem(capacity, registered));
    }
  });
});
