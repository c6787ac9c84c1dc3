import { describe, expect, it } from 'vitest';
import {
  capacityProblem,
  placesLeft,
  registrationWindow,
  registrationWindowWords,
  statusForNewRegistration,
  whoIsPromoted,
  type ClinicWindowFacts,
} from './clinic-rules';

const clinic: ClinicWindowFacts = {
  startsAt: '2027-04-10T14:00:00Z',
  endsAt: '2027-04-10T16:00:00Z',
  registrationOpensAt: '2027-03-01T12:00:00Z',
  registrationClosesAt: '2027-04-08T12:00:00Z',
  published: true,
  cancelledAt: null,
};
const at = (iso: string) => new Date(iso);

describe('registrationWindow', () => {
  it('is not open yet before it opens, and says when it opens', () => {
    expect(registrationWindow(clinic, at('2027-03-01T11:59:59Z'))).toEqual({ state: 'not-yet', opensAt: clinic.registrationOpensAt });
  });
  it('includes its opening instant and excludes its closing instant', () => {
    expect(registrationWindow(clinic, at('2027-03-01T12:00:00Z'))).toEqual({ state: 'open' });
    expect(registrationWindow(clinic, at('2027-04-08T11:59:59Z'))).toEqual({ state: 'open' });
    expect(registrationWindow(clinic, at('2027-04-08T12:00:00Z'))).toEqual({ state: 'closed', reason: 'window-closed' });
  });
  it('without a window, is open at once and closes when the clinic starts', () => {
    const open = { ...clinic, registrationOpensAt: null, registrationClosesAt: null };
    expect(registrationWindow(open, at('2020-01-01T00:00:00Z'))).toEqual({ state: 'open' });
    expect(registrationWindow(open, at('2027-04-10T13:59:59Z'))).toEqual({ state: 'open' });
    expect(registrationWindow(open, at('2027-04-10T14:00:00Z'))).toEqual({ state: 'closed', reason: 'started' });
  });
  it('is closed for a cancelled, unpublished or ended clinic, whatever the window says', () => {
    const now = at('2027-03-15T00:00:00Z');
    expect(registrationWindow({ ...clinic, cancelledAt: '2027-03-02T00:00:00Z' }, now)).toEqual({ state: 'closed', reason: 'cancelled' });
    expect(registrationWindow({ ...clinic, published: false }, now)).toEqual({ state: 'closed', reason: 'unpublished' });
    expect(registrationWindow({ ...clinic, registrationClosesAt: null }, at('2027-04-10T16:00:00Z'))).toEqual({ state: 'closed', reason: 'ended' });
  });
});

describe('places', () => {
  it('counts places left, never below zero', () => {
    expect(placesLeft(12, 5)).toBe(7);
    expect(placesLeft(12, 12)).toBe(0);
    expect(placesLeft(3, 5)).toBe(0);
  });
  it('registers while a place is left, then waitlists', () => {
    expect(statusForNewRegistration(2, 1)).toBe('registered');
    expect(statusForNewRegistration(2, 2)).toBe('waitlisted');
  });
  it('refuses a capacity below the registered count, with the count in words', () => {
    expect(capacityProblem(5, 5)).toBeNull();
    expect(capacityProblem(4, 5)).toMatch(/5 participants are registered/);
  });
});

describe('whoIsPromoted', () => {
  const waitlist = [
    { seq: 9, name: 'C' },
    { seq: 4, name: 'A' },
    { seq: 7, name: 'B' },
  ];
  it('takes the first by seq, as many as places are free', () => {
    expect(whoIsPromoted(waitlist, 10, 8).map((w) => w.name)).toEqual(['A', 'B']);
    expect(whoIsPromoted(waitlist, 10, 0).map((w) => w.name)).toEqual(['A', 'B', 'C']);
  });
  it('promotes nobody when the clinic is full', () => {
    expect(whoIsPromoted(waitlist, 10, 10)).toEqual([]);
  });
});

describe('registrationWindowWords', () => {
  it('says when registration opens, in the league zone', () => {
    expect(registrationWindowWords({ state: 'not-yet', opensAt: '2027-03-01T12:00:00Z' }, clinic, 'America/Chicago')).toBe(
      'Registration opens Mon Mar 1, 6:00 am. Come back then.',
    );
    expect(registrationWindowWords({ state: 'open' }, clinic, 'America/Chicago')).toBeNull();
    expect(registrationWindowWords({ state: 'closed', reason: 'window-closed' }, clinic, 'America/Chicago')).toMatch(
      /^Registration closed Thu Apr 8, 7:00 am\./,
    );
  });
});
