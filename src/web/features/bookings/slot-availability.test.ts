import { beforeAll, describe, expect, it } from 'vitest';
import { checkBooking, DEFAULT_BOOKING_RULES, fieldAllows, refusalMessage, weekStart } from '../../../shared/bookings/booking-rules';
import type { BookingContext } from '../../../shared/bookings/bookings.schemas';
import type { Slot } from '../../../shared/slots/slots.schemas';
import {
  divisionRulesLine,
  fieldLimits,
  fieldsForOtherDivisions,
  heldMessage,
  makeupLimit,
  mayUseField,
  needsRuleCheck,
  quotaText,
  slotView,
  teamQuota,
  unavailableText,
  weekReasons,
  withOpening,
  type OpeningHold,
  type SlotView,
} from './slot-availability';
import { testRound } from '../../test/opening-fixture';
import { testSlot } from '../../test/slot-fixture';
import { loadNamespace, translate, type Translate } from '../../lib/i18n';

const t: Translate<'bookings'> = (key, values) => translate('bookings', key, values);
beforeAll(() => loadNamespace('en', 'bookings'));

const TZ = 'America/Chicago';
const SEASON = { id: 'season-1', name: 'Fall 2026', startsOn: '2026-08-15', endsOn: '2026-12-19' };
// Sunday Nov 22, 2026, 6:00 am in Chicago.
const NOW = new Date('2026-11-22T12:00:00Z');

const context = (over: Partial<BookingContext> = {}): BookingContext => ({
  timeZone: TZ,
  now: NOW.toISOString(),
  season: SEASON,
  rules: DEFAULT_BOOKING_RULES,
  team: { id: 'jays', name: 'Blue Jays', divisionId: null, divisionName: null },
  divisionRules: [],
  teamBookings: [],
  makeupCredits: [],
  cannotBook: null,
  ...over,
});

let n = 0;
/** A 90-minute slot starting at a Chicago wall time (CST, UTC-6 in late November). */
const slot = (localStart: string, over: Partial<Slot> = {}): Slot => {
  const start = new Date(`${localStart}:00-06:00`);
  const startsAt = start.toISOString();
  const endsAt = new Date(start.getTime() + 90 * 60_000).toISOString();
  return testSlot({ id: `slot-${++n}`, seasonId: SEASON.id, startsAt, endsAt, ...over });
};
const at = (local: string) => new Date(`${local}:00-06:00`).toISOString();

describe('slotView: the rule explained before the click, in the server’s words', () => {
  it('offers an open slot a coach may book', () => {
    expect(slotView(t, slot('2026-11-24T17:00'), context(), NOW, checkBooking)).toEqual({ kind: 'bookable' });
  });

  it('says past, blocked (with the reason) and booked (by whom, and whether it is ours)', () => {
    expect(slotView(t, slot('2026-11-21T17:00'), context(), NOW, checkBooking)).toEqual({ kind: 'past' });
    expect(slotView(t, slot('2026-11-24T17:00', { status: 'blocked', blockReason: 'Field flooded' }), context(), NOW, checkBooking)).toEqual({ kind: 'blocked', reason: 'Field flooded' });
    expect(slotView(t, slot('2026-11-24T17:00', { status: 'booked', teamId: 'cards', teamName: 'Cardinals' }), context(), NOW, checkBooking)).toEqual({
      kind: 'booked',
      teamName: 'Cardinals',
      ours: false,
    });
    expect(slotView(t, slot('2026-11-24T17:00', { status: 'booked', teamId: 'jays', teamName: 'Blue Jays' }), context(), NOW, checkBooking)).toMatchObject({ ours: true });
  });

  it('sends visitors to log in, and only shows open slots to people who cannot book', () => {
    const open = slot('2026-11-24T17:00');
    expect(slotView(t, open, context({ cannotBook: { code: 'SIGN_IN', message: 'Log in to book a practice.' }, team: null, rules: null }), NOW, checkBooking)).toEqual({ kind: 'login' });
    expect(slotView(t, open, context({ cannotBook: { code: 'NOT_COACH', message: 'Only coaches can book practices.' } }), NOW, checkBooking)).toEqual({ kind: 'open' });
    expect(slotView(t, open, undefined, NOW, checkBooking)).toEqual({ kind: 'open' });
  });

  it('gives the exact refusal for lead time, furthest ahead, pause and the window', () => {
    expect(slotView(t, slot('2026-11-22T15:00'), context(), NOW, checkBooking)).toEqual({ kind: 'unavailable', code: 'TOO_SOON', message: 'Practices must be booked at least 12 hours ahead.' });
    expect(slotView(t, slot('2026-12-15T17:00'), context(), NOW, checkBooking)).toEqual({ kind: 'unavailable', code: 'TOO_FAR_AHEAD', message: 'You can book up to 21 days ahead.' });
    const paused = context({ rules: { ...DEFAULT_BOOKING_RULES, bookingOpen: false, pausedMessage: 'Fields are being reseeded.' } });
    expect(slotView(t, slot('2026-11-24T17:00'), paused, NOW, checkBooking)).toMatchObject({ code: 'BOOKING_PAUSED', message: 'Booking is paused: Fields are being reseeded.' });
    const later = context({ rules: { ...DEFAULT_BOOKING_RULES, windowOpensAt: '2026-11-23T18:00:00-06:00' } });
    expect(slotView(t, slot('2026-11-24T17:00'), later, NOW, checkBooking)).toMatchObject({ code: 'WINDOW_NOT_OPEN', message: 'Booking opens Mon Nov 23, 6:00 pm.' });
  });

  it('counts the team’s bookings for the day, week and upcoming limits', () => {
    const tue = slot('2026-11-24T17:00');
    expect(slotView(t, tue, context({ teamBookings: [at('2026-11-24T19:00')] }), NOW, checkBooking)).toMatchObject({
      code: 'DAY_LIMIT',
      message: 'Blue Jays already has 1 practice on Tue, Nov 24 (limit 1).',
    });
    expect(slotView(t, tue, context({ teamBookings: [at('2026-11-23T17:00'), at('2026-11-25T17:00')] }), NOW, checkBooking)).toMatchObject({
      code: 'WEEK_LIMIT',
      message: 'Blue Jays already has 2 practices in the week of Mon, Nov 23 (limit 2).',
    });
    const four = [at('2026-11-30T17:00'), at('2026-12-02T17:00'), at('2026-12-07T17:00'), at('2026-12-09T17:00')];
    expect(slotView(t, tue, context({ teamBookings: four }), NOW, checkBooking)).toMatchObject({ code: 'UPCOMING_LIMIT', message: 'Blue Jays already has 4 upcoming practices (limit 4).' });
  });

  it('leaves a slot of another season than the context’s to the server', () => {
    expect(slotView(t, slot('2026-11-22T15:00', { seasonId: 'other' }), context(), NOW, checkBooking)).toEqual({ kind: 'bookable' });
  });

  it('leaves every open slot to the server when the rules could not be loaded', () => {
    expect(slotView(t, slot('2026-11-22T15:00'), context(), NOW, null)).toEqual({ kind: 'bookable' });
    expect(slotView(t, slot('2026-11-22T15:00', { status: 'booked', teamId: 'cards', teamName: 'Cardinals' }), context(), NOW, null)).toMatchObject({ kind: 'booked' });
  });

  it('needs the rules only for a person who may book', () => {
    expect(needsRuleCheck(context())).toBe(true);
    expect(needsRuleCheck(context({ cannotBook: { code: 'SIGN_IN', message: 'Log in to book a practice.' }, team: null, rules: null }))).toBe(false);
    expect(needsRuleCheck(context({ cannotBook: { code: 'NOT_COACH', message: 'Only coaches can book practices.' } }))).toBe(false);
    expect(needsRuleCheck(undefined)).toBe(false);
  });
});

describe('weekReasons: a reason said once for the week or the day', () => {
  const viewed = (slots: Slot[], ctx: BookingContext) => slots.map((s) => ({ slot: s, view: slotView(t, s, ctx, NOW, checkBooking) }));

  it('says it once for the week when every open slot shares it (past, booked and blocked ones aside)', () => {
    const ctx = context({ teamBookings: [at('2026-11-23T17:00'), at('2026-11-25T17:00')] });
    const slots = [slot('2026-11-24T17:00'), slot('2026-11-26T17:00'), slot('2026-11-27T17:00', { status: 'blocked', blockReason: 'Rain' })];
    const reasons = weekReasons(viewed(slots, ctx), TZ);
    expect(reasons.week).toBe('Blue Jays already has 2 practices in the week of Mon, Nov 23 (limit 2).');
    const view = viewed(slots, ctx)[0]!.view as Extract<SlotView, { kind: 'unavailable' }>;
    expect(unavailableText(t, view, '2026-11-24', reasons)).toBe('Week limit reached');
  });

  it('says it per day when only one day is full, and on the slot itself otherwise', () => {
    const ctx = context({ teamBookings: [at('2026-11-24T19:00')] });
    const slots = [slot('2026-11-22T15:00'), slot('2026-11-22T20:00'), slot('2026-11-24T17:00'), slot('2026-11-24T18:45'), slot('2026-11-25T17:00')];
    const all = viewed(slots, ctx);
    const reasons = weekReasons(all, TZ);
    expect(reasons.week).toBeNull();
    expect([...reasons.days]).toEqual([['2026-11-24', 'Blue Jays already has 1 practice on Tue, Nov 24 (limit 1).']]);
    expect(unavailableText(t, all[2]!.view as Extract<SlotView, { kind: 'unavailable' }>, '2026-11-24', reasons)).toBe('Day limit reached');
    // Sunday: one slot too soon, one bookable, so the first says its own reason in full.
    expect(unavailableText(t, all[0]!.view as Extract<SlotView, { kind: 'unavailable' }>, '2026-11-22', reasons)).toBe('Practices must be booked at least 12 hours ahead.');
  });

  it('has nothing to say when a week has no open slot that is refused', () => {
    expect(weekReasons(viewed([slot('2026-11-24T17:00')], context()), TZ)).toEqual({ week: null, days: new Map() });
    expect(weekReasons([], TZ).week).toBeNull();
  });
});

describe('the quota strip', () => {
  it('counts the shown week’s bookings and the upcoming ones', () => {
    const ctx = context({ teamBookings: [at('2026-11-20T17:00'), at('2026-11-24T17:00'), at('2026-12-01T17:00'), at('2026-12-03T17:00'), at('2026-12-08T17:00')] });
    const quota = teamQuota(ctx, '2026-11-23', NOW);
    expect(quota).toEqual({ teamName: 'Blue Jays', thisWeek: 1, maxPerWeek: 2, upcoming: 4, maxUpcoming: 4 });
    expect(quotaText(t, quota!)).toBe('Blue Jays · 1 of 2 this week · 4 of 4 upcoming');
    expect(teamQuota(ctx, '2026-11-30', NOW)?.thisWeek).toBe(2);
  });

  it('puts a booking in the league week the server counts it in, across both DST changes and midnight', () => {
    const instants = ['2026-03-08T07:59:59Z', '2026-03-08T08:00:00Z', '2026-03-09T04:59:59Z', '2026-03-09T05:00:00Z', '2026-11-01T06:59:59Z', '2026-11-01T07:00:00Z', '2026-11-02T05:59:59Z', '2026-11-02T06:00:00Z'];
    for (const instant of instants) {
      const monday = weekStart(new Date(instant), TZ);
      expect(teamQuota(context({ teamBookings: [instant] }), monday, NOW)?.thisWeek, instant).toBe(1);
    }
  });

  it('is not shown to anyone who cannot book', () => {
    expect(teamQuota(context({ cannotBook: { code: 'NOT_COACH', message: '…' } }), '2026-11-23', NOW)).toBeNull();
    expect(teamQuota(context({ team: null }), '2026-11-23', NOW)).toBeNull();
    expect(teamQuota(undefined, '2026-11-23', NOW)).toBeNull();
  });
});

describe('a make-up slot (issue 28)', () => {
  it('is bookable on a credit past the weekly or the daily limit, and says which limit it goes past', () => {
    const ctx = context({ teamBookings: [at('2026-11-23T17:00'), at('2026-11-25T17:00')], makeupCredits: ['2026-12-18T06:00:00.000Z'] });
    const tuesday = slot('2026-11-24T17:00');
    expect(slotView(t, tuesday, ctx, NOW, checkBooking)).toEqual({ kind: 'bookable', makeup: true });
    expect(makeupLimit(tuesday, ctx)).toBe('weekly');
    // Next week has room; its Monday already has a practice: the daily limit.
    const daily = context({ teamBookings: [at('2026-11-30T17:00')], makeupCredits: ['2026-12-18T06:00:00.000Z'] });
    const monday = slot('2026-11-30T18:45');
    expect(slotView(t, monday, daily, NOW, checkBooking)).toEqual({ kind: 'bookable', makeup: true });
    expect(makeupLimit(monday, daily)).toBe('daily');
  });
});

describe('a slot held for a waiting team (issue 28)', () => {
  // Freed and held for the Cardinals, who waited first, until Tue Nov 24, 3:00 pm.
  const UNTIL = at('2026-11-24T15:00');
  const heldFor = (teamId: string, teamName: string, until = UNTIL) => ({ heldFor: { teamId, teamName, until } });
  const CARDINALS_HOLD = 'This slot is held for Cardinals, who were waiting for it, until Tue Nov 24, 3:00 pm. If they pass, it goes to the next team waiting, or to whoever books first.';

  it('cannot be booked by another team: the server’s SLOT_HELD refusal, in its words', () => {
    const held = slot('2026-11-24T17:00', heldFor('cards', 'Cardinals'));
    expect(slotView(t, held, context(), NOW, checkBooking)).toEqual({ kind: 'unavailable', code: 'SLOT_HELD', message: CARDINALS_HOLD });
  });

  it('is offered to the team it is held for, until when, with any rule that refuses it', () => {
    const held = slot('2026-11-24T17:00', heldFor('jays', 'Blue Jays'));
    expect(slotView(t, held, context(), NOW, checkBooking)).toEqual({ kind: 'heldForUs', until: UNTIL, refusal: null });
    expect(slotView(t, held, context({ teamBookings: [at('2026-11-24T19:00')] }), NOW, checkBooking)).toEqual({
      kind: 'heldForUs',
      until: UNTIL,
      refusal: 'Blue Jays already has 1 practice on Tue, Nov 24 (limit 1).',
    });
    // Without the rules, the server judges the team's Take it; nobody else's Book is offered.
    expect(slotView(t, held, context(), NOW, null)).toEqual({ kind: 'heldForUs', until: UNTIL, refusal: null });
    expect(slotView(t, slot('2026-11-24T17:00', heldFor('cards', 'Cardinals')), context(), NOW, null)).toMatchObject({ kind: 'unavailable', code: 'SLOT_HELD' });
  });

  it('is not offered to a visitor or a member either, in the same words as the server’s', () => {
    const held = slot('2026-11-24T17:00', heldFor('cards', 'Cardinals'));
    const visitor = context({ cannotBook: { code: 'SIGN_IN', message: 'Log in to book a practice.' }, team: null, rules: null });
    expect(slotView(t, held, visitor, NOW, null)).toEqual({ kind: 'unavailable', code: 'SLOT_HELD', message: CARDINALS_HOLD });
    expect(slotView(t, held, context({ cannotBook: { code: 'NOT_COACH', message: 'Only coaches can book practices.' } }), NOW, null)).toMatchObject({ code: 'SLOT_HELD' });
    expect(heldMessage(t, 'Cardinals', UNTIL, TZ)).toBe(CARDINALS_HOLD);
  });

  it('is open again once the hold has run out (the server moves it on)', () => {
    expect(slotView(t, slot('2026-11-24T17:00', heldFor('cards', 'Cardinals', at('2026-11-22T05:00'))), context(), NOW, checkBooking)).toEqual({ kind: 'bookable' });
  });

  it('says so on itself, never as its day’s or week’s reason', () => {
    const held = slot('2026-11-24T17:00', heldFor('cards', 'Cardinals'));
    const views = [held, slot('2026-11-25T17:00', heldFor('owls', 'Owls'))].map((s) => ({ slot: s, view: slotView(t, s, context(), NOW, checkBooking) }));
    expect(weekReasons(views, TZ)).toEqual({ week: null, days: new Map() });
  });
});

describe('withOpening', () => {
  // A round over Tue Nov 24 to Sun Nov 29 of SEASON.
  const round = testRound({ seasonId: SEASON.id, coversFrom: '2026-11-24', coversTo: '2026-11-29' });
  const hold = (ranked: readonly string[] | null): OpeningHold => ({ held: { round, status: 'open' }, words: 'Opening round · draw Thu Dec 3, 8:00 pm', timeZone: TZ, ranked });
  const tuesday = slot('2026-11-24T17:00');
  const monday = slot('2026-11-23T17:00');

  it('puts the round’s words instead of Book on an open covered slot, for anyone who could otherwise see Book or a rule', () => {
    for (const view of [{ kind: 'bookable' }, { kind: 'login' }, { kind: 'open' }, { kind: 'unavailable', code: 'DAY_LIMIT', message: 'limit' }] satisfies SlotView[]) {
      expect(withOpening(tuesday, view, hold(null))).toEqual({ kind: 'opening', words: 'Opening round · draw Thu Dec 3, 8:00 pm', canRank: false, rank: null });
    }
  });

  it('offers a coach who may rank the slot, with its place in the list', () => {
    expect(withOpening(tuesday, { kind: 'bookable' }, hold([]))).toMatchObject({ kind: 'opening', canRank: true, rank: null });
    expect(withOpening(tuesday, { kind: 'bookable' }, hold(['x', tuesday.id]))).toMatchObject({ kind: 'opening', canRank: true, rank: 2 });
  });

  it('leaves slots outside the round, and booked, blocked, past or checking ones, as they are', () => {
    expect(withOpening(monday, { kind: 'bookable' }, hold([]))).toEqual({ kind: 'bookable' });
    for (const view of [{ kind: 'past' }, { kind: 'blocked', reason: null }, { kind: 'booked', teamName: 'Cardinals', ours: false }, { kind: 'checking' }] satisfies SlotView[]) {
      expect(withOpening(tuesday, view, hold([]))).toBe(view);
    }
    expect(withOpening(tuesday, { kind: 'bookable' }, null)).toEqual({ kind: 'bookable' });
  });
});

describe('fields limited to divisions (issue 29)', () => {
  const divisions = [
    { id: 'd8', name: '8U', position: 1 },
    { id: 'd10', name: '10U', position: 2 },
    { id: 'd12', name: '12U', position: 3 },
  ];
  const field = (id: string, name: string, divisionIds: string[]) => ({ id, facilityId: 'park', name, surface: 'dirt' as const, lights: true, color: '#000000', active: true, divisionIds });
  const park = { id: 'park', name: 'Riverside Park', address: null, mapUrl: null, notes: null, active: true, fields: [field('f1', 'Field 1', []), field('big', '12U Diamond', ['d12']), field('small', 'Small Diamond', ['d8', 'd10'])] };
  const limits = fieldLimits([park], divisions);
  const eightU = context({ team: { id: 'jays', name: 'Blue Jays', divisionId: 'd8', divisionName: '8U' } });
  const on = (fieldId: string, fieldName: string, over: Partial<Slot> = {}) => slot('2026-11-24T17:00', { fieldId, fieldName, ...over });

  it('lists only the limited fields, their divisions named in the field’s order, and which of them a team may not use', () => {
    expect([...limits]).toEqual([
      ['big', { divisionIds: ['d12'], divisionNames: ['12U'] }],
      ['small', { divisionIds: ['d8', 'd10'], divisionNames: ['8U', '10U'] }],
    ]);
    expect(fieldLimits([park], undefined).get('small')).toEqual({ divisionIds: ['d8', 'd10'], divisionNames: [] });
    expect([...fieldsForOtherDivisions(eightU, limits)]).toEqual(['big']);
    expect([...fieldsForOtherDivisions(context(), limits)]).toEqual(['big', 'small']);
    // Anyone who cannot book sees every field as it is.
    expect([...fieldsForOtherDivisions(context({ cannotBook: { code: 'NOT_COACH', message: 'x' } }), limits)]).toEqual([]);
    expect([...fieldsForOtherDivisions(undefined, limits)]).toEqual([]);
  });

  it('judges a field as the shared rule does (by id here, by name there)', () => {
    const names = new Map(divisions.map((d) => [d.id, d.name]));
    for (const limit of [undefined, { divisionIds: [], divisionNames: [] }, ...limits.values()]) {
      for (const division of [null, 'd8', 'd10', 'd12']) {
        const shared = fieldAllows({ divisions: limit?.divisionNames ?? [], teamDivision: division ? names.get(division)! : null });
        expect(mayUseField(limit, division), `${limit?.divisionNames.join('/') ?? 'none'} for ${division}`).toBe(shared);
      }
    }
  });

  it('says why a slot on a field of other divisions cannot be booked, in the server’s words, before any other rule', () => {
    const words = refusalMessage({ code: 'FIELD_DIVISION', fieldName: '12U Diamond', teamName: 'Blue Jays', divisionName: '8U', divisions: ['12U'] });
    expect(words).toBe('12U Diamond is only for 12U teams, and Blue Jays play in 8U. Pick a slot on another field.');
    const full = context({ team: eightU.team, teamBookings: [at('2026-11-24T19:00')] });
    expect(slotView(t, on('big', '12U Diamond'), full, NOW, checkBooking, limits)).toEqual({ kind: 'unavailable', code: 'FIELD_DIVISION', message: words });
    expect(slotView(t, on('small', 'Small Diamond'), eightU, NOW, checkBooking, limits)).toEqual({ kind: 'bookable' });
    expect(slotView(t, on('f1', 'Field 1'), eightU, NOW, checkBooking, limits)).toEqual({ kind: 'bookable' });
    expect(slotView(t, on('small', 'Small Diamond'), context(), NOW, checkBooking, limits)).toEqual({
      kind: 'unavailable',
      code: 'FIELD_DIVISION',
      message: 'Small Diamond is only for 8U and 10U teams, and Blue Jays have no division yet. Pick a slot on another field.',
    });
    // Before the divisions' names or the rules are in: shorter words, never a Book button.
    expect(slotView(t, on('big', '12U Diamond'), eightU, NOW, null, limits)).toEqual({ kind: 'unavailable', code: 'FIELD_DIVISION', message: '12U Diamond is for other divisions. Pick a slot on another field.' });
    expect(slotView(t, on('big', '12U Diamond'), eightU, NOW, checkBooking, fieldLimits([park], undefined))).toMatchObject({ kind: 'unavailable', code: 'FIELD_DIVISION' });
    // A booked slot there is nothing to wait for; a visitor sees the field as anyone does.
    expect(slotView(t, on('big', '12U Diamond', { status: 'booked', teamId: 'owls', teamName: 'Owls' }), eightU, NOW, checkBooking, limits)).toEqual({
      kind: 'booked',
      teamName: 'Owls',
      ours: false,
      otherDivision: true,
    });
    const visitor = context({ cannotBook: { code: 'SIGN_IN', message: 'Log in to book a practice.' }, team: null, rules: null });
    expect(slotView(t, on('big', '12U Diamond'), visitor, NOW, checkBooking, limits)).toEqual({ kind: 'login' });
  });

  it('says the reason for the field, not for its day or week, and the opening round does not offer its slots', () => {
    const views = [on('big', '12U Diamond'), on('f1', 'Field 1', { status: 'blocked', blockReason: 'Rain' })].map((s) => ({ slot: s, view: slotView(t, s, eightU, NOW, checkBooking, limits) }));
    expect(weekReasons(views, TZ)).toEqual({ week: null, days: new Map() });
    const view = views[0]!.view as Extract<SlotView, { kind: 'unavailable' }>;
    expect(unavailableText(t, view, '2026-11-24', { week: view.message, days: new Map() })).toBe('For other divisions');
    const round = testRound({ seasonId: SEASON.id, coversFrom: '2026-11-24', coversTo: '2026-11-29' });
    expect(withOpening(views[0]!.slot, view, { held: { round, status: 'open' }, words: 'Opening round', timeZone: TZ, ranked: [] })).toBe(view);
  });

  it('says the division’s own rules in a line, only the ones it sets', () => {
    const team = eightU.team;
    const rules = { ...DEFAULT_BOOKING_RULES, maxPerWeek: 3, maxPerDay: 2, minLeadHours: 1, windowOpensAt: '2026-12-05T15:00:00.000Z', windowClosesAt: '2026-11-20T15:00:00.000Z' };
    expect(divisionRulesLine(t, context({ team, rules, divisionRules: ['maxPerWeek', 'windowOpensAt'] }), NOW)).toBe('8U rules: 3 practices a week, booking opens Sat Dec 5, 9:00 am');
    expect(divisionRulesLine(t, context({ team, rules, divisionRules: ['maxPerDay', 'minLeadHours', 'windowClosesAt'] }), NOW)).toBe(
      '8U rules: 2 practices a day, book at least 1 hour ahead, booking closed Fri Nov 20, 9:00 am',
    );
    expect(divisionRulesLine(t, context({ team, rules, divisionRules: [] }), NOW)).toBeNull();
    expect(divisionRulesLine(t, context({ rules, divisionRules: ['maxPerWeek'] }), NOW)).toBeNull();
    expect(divisionRulesLine(t, undefined, NOW)).toBeNull();
  });
});
