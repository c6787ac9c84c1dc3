import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Booking } from '../../../shared/bookings/bookings.schemas';
import { activate, loadNamespace, translate, type Translate } from '../../lib/i18n';
import { testRound } from '../../test/opening-fixture';
import { limitLeft, limitsSummary, limitText, mapLink, openingCardText, practiceWhen, serverNow, upcomingPractices } from './dashboard';

const TZ = 'America/Chicago';

// The words these helpers write, in the active language: English unless a test says otherwise.
const t: Translate<'coach-dashboard'> = (key, values) => translate('coach-dashboard', key, values);
beforeAll(() => loadNamespace('en', 'coach-dashboard'));

const booking = (id: string, startsAt: string, endsAt: string, status: Booking['status'] = 'confirmed'): Booking => ({
  id,
  slotId: id,
  seasonId: 's',
  teamId: 't',
  teamName: 'Blue Jays',
  status,
  startsAt,
  endsAt,
  fieldId: 'f',
  fieldName: 'Field 1',
  facilityName: 'Riverside Park',
  facilityAddress: null,
  mapUrl: null,
  bookedByEmail: null,
  createdAt: startsAt,
  cancelledAt: null,
  cancelReason: null,
  override: false,
  overrideReason: null,
});

describe('upcomingPractices', () => {
  it('keeps confirmed practices not yet over (one under way included), soonest first; past and cancelled ones are left out', () => {
    const now = new Date('2026-11-22T12:00:00Z');
    const list = [
      booking('later', '2026-11-30T23:00:00Z', '2026-12-01T00:30:00Z'),
      booking('past', '2026-11-20T23:00:00Z', '2026-11-21T00:30:00Z'),
      booking('bumped', '2026-11-23T23:00:00Z', '2026-11-24T00:30:00Z', 'cancelled'),
      booking('soon', '2026-11-25T23:00:00Z', '2026-11-26T00:30:00Z'),
      booking('under-way', '2026-11-22T11:00:00Z', '2026-11-22T12:30:00Z'),
      booking('just-ended', '2026-11-22T10:30:00Z', '2026-11-22T12:00:00Z'),
    ];
    expect(upcomingPractices(list, now).map((b) => b.id)).toEqual(['under-way', 'soon', 'later']);
    expect(upcomingPractices([], now)).toEqual([]);
  });
});

describe('limitsSummary', () => {
  const rules = { maxPerWeek: 2, maxUpcoming: 7 };

  it('counts this week (past practices of it included, as the server does), next week and the upcoming ones', () => {
    // Wed 2026-11-25 12:00 CST. Week of Mon Nov 23; next week of Mon Nov 30.
    const now = new Date('2026-11-25T18:00:00Z');
    const starts = [
      '2026-11-23T23:00:00Z', // Mon Nov 23 17:00, past, this week
      '2026-11-27T23:00:00Z', // Fri Nov 27, this week
      '2026-12-02T00:00:00Z', // Tue Dec 1 18:00 local, next week (Dec 2 in UTC)
      '2026-12-08T00:00:00Z', // Mon Dec 7 18:00 local, the week after
    ];
    const s = limitsSummary(starts, rules, now, TZ);
    expect(s.thisWeekOf).toBe('2026-11-23');
    expect(s.nextWeekOf).toBe('2026-11-30');
    expect(s.thisWeek).toEqual({ used: 2, max: 2 });
    expect(s.nextWeek).toEqual({ used: 1, max: 2 });
    expect(s.upcoming).toEqual({ used: 3, max: 7 });
  });

  it('takes the weeks in the league zone: Sunday evening local is still this week though UTC says Monday', () => {
    // Sun 2026-11-29 19:00 CST = Mon 01:00 UTC.
    const now = new Date('2026-11-28T18:00:00Z');
    const s = limitsSummary(['2026-11-30T01:00:00Z'], rules, now, TZ);
    expect(s.thisWeek.used).toBe(1);
    expect(s.nextWeek.used).toBe(0);
  });

  it('spring forward: late Sunday before the change, next week is the one that starts Mon Mar 8 (not a week later)', () => {
    // Sun 2026-03-01 23:30 CST = 2026-03-02T05:30Z. 168 hours later is Mon Mar 9 00:30 CDT: a week too far.
    const now = new Date('2026-03-02T05:30:00Z');
    const starts = [
      '2026-03-02T00:00:00Z', // Sun Mar 1 18:00 CST: this week (of Feb 23)
      '2026-03-09T03:30:00Z', // Sun Mar 8 22:30 CDT (after the change): next week (of Mar 2)
      '2026-03-10T00:00:00Z', // Mon Mar 9 19:00 CDT: the week after
    ];
    const s = limitsSummary(starts, rules, now, TZ);
    expect(s.thisWeekOf).toBe('2026-02-23');
    expect(s.nextWeekOf).toBe('2026-03-02');
    expect(s.thisWeek.used).toBe(1);
    expect(s.nextWeek.used).toBe(1);
    expect(s.upcoming.used).toBe(2);
  });

  it('fall back: a practice late on the Sunday of the change stays in its week', () => {
    // Mon 2026-10-26 12:00 CDT. DST ends Sun Nov 1 at 2:00.
    const now = new Date('2026-10-26T17:00:00Z');
    const starts = [
      '2026-11-02T05:30:00Z', // Sun Nov 1 23:30 CST: this week (of Oct 26), though UTC says Monday
      '2026-11-02T06:30:00Z', // Mon Nov 2 00:30 CST: next week
    ];
    const s = limitsSummary(starts, rules, now, TZ);
    expect(s.thisWeek.used).toBe(1);
    expect(s.nextWeek.used).toBe(1);
  });

  it('without a season (no rules) it still counts, with no limit', () => {
    const s = limitsSummary(['2026-11-27T23:00:00Z'], null, new Date('2026-11-25T18:00:00Z'), TZ);
    expect(s.thisWeek).toEqual({ used: 1, max: null });
    expect(limitText(t, s.thisWeek)).toBe('1');
    expect(limitLeft(s.thisWeek)).toBeNull();
  });
});

describe('limit words', () => {
  it('says "1 of 2" and what is left, never below zero (an admin override can go over)', () => {
    expect(limitText(t, { used: 1, max: 2 })).toBe('1 of 2');
    expect(limitLeft({ used: 1, max: 2 })).toBe(1);
    expect(limitLeft({ used: 3, max: 2 })).toBe(0);
  });
});

describe('practiceWhen', () => {
  it('says Today / Tomorrow by the league-zone day, and the time range in that zone', () => {
    // Tue 2026-11-24 22:00 CST (Wed 04:00 UTC): a practice Wed 18:00 CST is tomorrow, not today.
    const now = new Date('2026-11-25T04:00:00Z');
    const w = practiceWhen(t, { startsAt: '2026-11-26T00:00:00Z', endsAt: '2026-11-26T01:30:00Z' }, now, TZ);
    expect(w).toEqual({ day: 'Wednesday, November 25, 2026', relative: 'Tomorrow', time: '6:00 pm – 7:30 pm', underWay: false });
    expect(practiceWhen(t, { startsAt: '2026-11-25T03:00:00Z', endsAt: '2026-11-25T04:30:00Z' }, now, TZ)).toMatchObject({ relative: 'Today', underWay: true });
    expect(practiceWhen(t, { startsAt: '2026-11-28T00:00:00Z', endsAt: '2026-11-28T01:00:00Z' }, now, TZ).relative).toBeNull();
  });
});

describe('serverNow', () => {
  it('is the server time moved on by the browser clock since it was read', () => {
    expect(serverNow('2026-11-25T12:00:00Z', 1_000, 31_000).toISOString()).toBe('2026-11-25T12:00:30.000Z');
    expect(serverNow(undefined, 0, 5_000).getTime()).toBe(5_000);
  });
});

describe('mapLink', () => {
  it('uses the facility map link, else a map search for the address, else nothing', () => {
    expect(mapLink({ mapUrl: 'https://maps.example/riverside', facilityAddress: '1 Park Rd' })).toBe('https://maps.example/riverside');
    expect(mapLink({ mapUrl: null, facilityAddress: '2 School St, Springfield' })).toBe('https://www.google.com/maps/search/?api=1&query=2%20School%20St%2C%20Springfield');
    expect(mapLink({ mapUrl: null, facilityAddress: '  ' })).toBeNull();
    expect(mapLink({ mapUrl: null, facilityAddress: null })).toBeNull();
  });
});

describe('openingCardText', () => {
  // Fixed instants: only the words are checked. Draw Thu Dec 3 2026, 8:00 pm in Chicago; ranking Mon Nov 30 8:00 am to Tue Dec 1 8:00 pm.
  const round = testRound({ opensAt: '2026-11-30T14:00:00Z', closesAt: '2026-12-02T02:00:00Z', drawAt: '2026-12-04T02:00:00Z', maxPreferences: 10 });
  const saved = (n: number) => ({ slotIds: Array.from({ length: n }, (_, i) => `s${i}`), savedAt: n ? '2026-11-30T15:00:00Z' : null });

  it('says how many the team submitted and when the draw is', () => {
    expect(openingCardText(t, { round, status: 'open' }, saved(3), TZ)).toBe('Opening round: submitted, 3 of 10 · draw Thu Dec 3, 8:00 pm');
    expect(openingCardText(t, { round, status: 'closed' }, saved(10), TZ)).toBe('Opening round: submitted, 10 of 10 · draw Thu Dec 3, 8:00 pm');
  });

  it('tells a coach who has not submitted what to do, and by when', () => {
    expect(openingCardText(t, { round, status: 'open' }, saved(0), TZ)).toBe('Opening round: not submitted yet: rank up to 10 slots on Book a Field before Tue Dec 1, 8:00 pm');
    // An empty list saved is not a submission.
    expect(openingCardText(t, { round, status: 'open' }, { slotIds: [], savedAt: '2026-11-30T15:00:00Z' }, TZ)).toMatch(/^Opening round: not submitted yet/);
    expect(openingCardText(t, { round, status: 'closed' }, saved(0), TZ)).toBe('Opening round: nothing submitted before ranking closed · draw Thu Dec 3, 8:00 pm');
  });

  it('says when ranking opens before it does, and only the times when the list could not be read', () => {
    expect(openingCardText(t, { round, status: 'announced' }, null, TZ)).toBe('Opening round: ranking opens Mon Nov 30, 8:00 am · draw Thu Dec 3, 8:00 pm');
    expect(openingCardText(t, { round, status: 'open' }, null, TZ)).toBe('Opening round: ranking closes Tue Dec 1, 8:00 pm · draw Thu Dec 3, 8:00 pm');
  });
});

describe('in Spanish', () => {
  beforeAll(() => activate('es', ['coach-dashboard']));
  afterAll(() => activate('en', ['coach-dashboard']));

  it('says Hoy / Mañana, "1 de 2" and the opening round in Spanish', () => {
    const now = new Date('2026-11-25T04:00:00Z');
    expect(practiceWhen(t, { startsAt: '2026-11-26T00:00:00Z', endsAt: '2026-11-26T01:30:00Z' }, now, TZ).relative).toBe('Mañana');
    expect(practiceWhen(t, { startsAt: '2026-11-25T03:00:00Z', endsAt: '2026-11-25T04:30:00Z' }, now, TZ).relative).toBe('Hoy');
    expect(limitText(t, { used: 1, max: 2 })).toBe('1 de 2');
    const round = testRound({ opensAt: '2026-11-30T14:00:00Z', closesAt: '2026-12-02T02:00:00Z', drawAt: '2026-12-04T02:00:00Z', maxPreferences: 10 });
    expect(openingCardText(t, { round, status: 'open' }, { slotIds: ['a', 'b', 'c'], savedAt: '2026-11-30T15:00:00Z' }, TZ)).toMatch(
      /^Ronda de apertura: enviada, 3 de 10 · sorteo el /,
    );
  });
});
