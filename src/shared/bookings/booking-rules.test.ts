import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cancelCutoffMessage, checkBooking, checkCancellation, checkLimits, datedStart, DEFAULT_BOOKING_RULES, localDay, refusalMessage, weekStart, type BookingCheck, type Refusal } from './booking-rules';

const TZ = 'America/Chicago';
const SEASON = { startsOn: '2027-01-01', endsOn: '2027-12-31' };
const at = (iso: string) => new Date(iso);

function check(overrides: Partial<BookingCheck> = {}, slotStart = '2027-04-14T23:00:00Z') {
  const startsAt = at(slotStart);
  return checkBooking({
    rules: DEFAULT_BOOKING_RULES,
    season: SEASON,
    slot: { startsAt, endsAt: new Date(startsAt.getTime() + 3_600_000), status: 'open' },
    teamBookings: [],
    teamName: 'Blue Jays',
    now: at('2027-04-10T12:00:00Z'),
    timeZone: TZ,
    ...overrides,
  });
}

describe('local weeks and days (league time zone)', () => {
  it('a week runs Monday 00:00 to Sunday 23:59 local, not UTC', () => {
    // Sunday 2027-04-11 23:30 Chicago is Monday 04:30 UTC: still the week of Mon Apr 5 locally.
    expect(weekStart(at('2027-04-12T04:30:00Z'), TZ)).toBe('2027-04-05');
    // Monday 2027-04-12 00:00 Chicago (05:00 UTC) starts the next week.
    expect(weekStart(at('2027-04-12T05:00:00Z'), TZ)).toBe('2027-04-12');
    expect(weekStart(at('2027-04-12T04:59:59Z'), TZ)).toBe('2027-04-05');
    expect(localDay(at('2027-04-12T04:59:59Z'), TZ)).toBe('2027-04-11');
  });

  it('weeks that contain a DST change keep their Monday', () => {
    // Spring forward Sun 2027-03-14: the week of Mon Mar 8 ends at Sun Mar 14 23:59 CDT (04:59 UTC Mon).
    expect(weekStart(at('2027-03-15T04:59:00Z'), TZ)).toBe('2027-03-08');
    expect(weekStart(at('2027-03-15T05:00:00Z'), TZ)).toBe('2027-03-15');
    // Fall back Sun 2027-11-07: Monday Nov 8 00:00 CST is 06:00 UTC.
    expect(weekStart(at('2027-11-08T05:59:00Z'), TZ)).toBe('2027-11-01');
    expect(weekStart(at('2027-11-08T06:00:00Z'), TZ)).toBe('2027-11-08');
  });
});

describe('datedStart: the local day and week, worked out once', () => {
  // The opening round's draw judges thousands of instants with datedStart (Intl, ~5 µs) instead of localDay and
  // weekStart (Temporal's polyfill, ~100 µs); they must agree everywhere, DST changes and odd offsets included.
  it('agrees with localDay and weekStart in zones with DST, half-hour and 45-minute offsets, every 15 minutes of two years', () => {
    const zones = ['America/Chicago', 'Europe/London', 'Australia/Lord_Howe', 'Asia/Kathmandu', 'Pacific/Chatham', 'America/St_Johns', 'UTC'];
    const from = Date.UTC(2026, 0, 1);
    fc.assert(
      fc.property(fc.constantFrom(...zones), fc.integer({ min: 0, max: 2 * 366 * 96 }), (zone, quarter) => {
        const d = new Date(from + quarter * 900_000);
        expect(datedStart(d, zone)).toEqual({ at: d.getTime(), day: localDay(d, zone), week: weekStart(d, zone) });
      }),
      { numRuns: 300 },
    );
    // The minutes around each Chicago change, where a naive offset would slip a day.
    for (const iso of ['2027-03-14T07:59:00Z', '2027-03-14T08:00:00Z', '2027-11-07T05:59:00Z', '2027-11-07T06:00:00Z', '2027-11-08T05:59:00Z', '2027-11-08T06:00:00Z']) {
      expect(datedStart(at(iso), TZ)).toMatchObject({ day: localDay(at(iso), TZ), week: weekStart(at(iso), TZ) });
    }
  });
});

describe('checkLimits: the limits checkBooking and the opening round share', () => {
  const now = at('2027-04-10T12:00:00Z');
  const slot = datedStart(at('2027-04-14T23:00:00Z'), TZ);
  const limits = (teamBookings: string[], rules = DEFAULT_BOOKING_RULES) =>
    checkLimits({ rules, slot, teamBookings: teamBookings.map((b) => datedStart(at(b), TZ)), teamName: 'Blue Jays', now });

  it('says what checkBooking says', () => {
    expect(limits(['2027-04-14T14:00:00Z'])).toEqual(check({ teamBookings: [at('2027-04-14T14:00:00Z')] }));
    expect(limits(['2027-04-12T23:00:00Z', '2027-04-13T23:00:00Z'])).toMatchObject({ code: 'WEEK_LIMIT', message: 'Blue Jays already has 2 practices in the week of Mon, Apr 12 (limit 2).' });
    expect(limits([])).toEqual({ ok: true });
  });

  it('judges how far ahead only when the rules say (an opening round sets its own dates)', () => {
    const { maxAheadDays: _, ...withoutAhead } = DEFAULT_BOOKING_RULES;
    const far = datedStart(at('2027-06-14T23:00:00Z'), TZ);
    expect(checkLimits({ rules: DEFAULT_BOOKING_RULES, slot: far, teamBookings: [], teamName: 'Blue Jays', now })).toMatchObject({ code: 'TOO_FAR_AHEAD' });
    expect(checkLimits({ rules: withoutAhead, slot: far, teamBookings: [], teamName: 'Blue Jays', now })).toEqual({ ok: true });
  });
});

describe('booking rules at their boundaries', () => {
  it('an open slot inside every rule is bookable', () => {
    expect(check()).toEqual({ ok: true });
  });

  it('minimum lead time, to the minute', () => {
    const slot = '2027-04-14T23:00:00Z';
    expect(check({ now: at('2027-04-14T11:00:00Z') }, slot)).toEqual({ ok: true }); // exactly 12 h
    const tooSoon = check({ now: at('2027-04-14T11:01:00Z') }, slot); // 11 h 59 min
    expect(tooSoon).toEqual({ ok: false, code: 'TOO_SOON', message: 'Practices must be booked at least 12 hours ahead.' });
  });

  it('furthest ahead', () => {
    const slot = '2027-04-14T23:00:00Z';
    expect(check({ now: at('2027-03-24T23:00:00Z') }, slot)).toEqual({ ok: true }); // exactly 21 days
    expect(check({ now: at('2027-03-24T22:59:00Z') }, slot)).toMatchObject({ ok: false, code: 'TOO_FAR_AHEAD', message: 'You can book up to 21 days ahead.' });
  });

  it('per day: at the limit is refused, below it is fine, and another local day does not count', () => {
    const slot = '2027-04-14T23:00:00Z'; // Wed Apr 14, 6 pm CDT
    expect(check({ teamBookings: [at('2027-04-14T14:00:00Z')] }, slot)).toEqual({
      ok: false,
      code: 'DAY_LIMIT',
      message: 'Blue Jays already has 1 practice on Wed, Apr 14 (limit 1).',
    });
    // 04:00 UTC Apr 15 is still Apr 14 locally (11 pm CDT).
    expect(check({ teamBookings: [at('2027-04-15T04:00:00Z')] }, slot)).toMatchObject({ code: 'DAY_LIMIT' });
    // 05:00 UTC Apr 15 is Apr 15 locally.
    expect(check({ teamBookings: [at('2027-04-15T05:00:00Z')] }, slot)).toEqual({ ok: true });
    expect(check({ rules: { ...DEFAULT_BOOKING_RULES, maxPerDay: 2 }, teamBookings: [at('2027-04-14T14:00:00Z')] }, slot)).toEqual({ ok: true });
  });

  it('per week: exactly at the limit is refused, one under is fine, Sunday night and Monday morning are different weeks', () => {
    const slot = '2027-04-14T23:00:00Z'; // week of Mon Apr 12
    const one = [at('2027-04-12T23:00:00Z')];
    const two = [at('2027-04-12T23:00:00Z'), at('2027-04-13T23:00:00Z')];
    expect(check({ teamBookings: one }, slot)).toEqual({ ok: true });
    expect(check({ teamBookings: two }, slot)).toEqual({
      ok: false,
      code: 'WEEK_LIMIT',
      message: 'Blue Jays already has 2 practices in the week of Mon, Apr 12 (limit 2).',
    });
    // Sunday Apr 11, 11:30 pm CDT belongs to the previous week; Sunday Apr 18 11:30 pm to this one.
    expect(check({ teamBookings: [at('2027-04-12T04:30:00Z'), at('2027-04-12T23:00:00Z')] }, slot)).toEqual({ ok: true });
    expect(check({ teamBookings: [at('2027-04-19T04:30:00Z'), at('2027-04-12T23:00:00Z')] }, slot)).toMatchObject({ code: 'WEEK_LIMIT' });
  });

  it('per week across a DST change (week of Mon Mar 8, 2027)', () => {
    const slot = '2027-03-14T22:00:00Z'; // Sun Mar 14, 5 pm CDT
    const now = at('2027-03-01T12:00:00Z');
    const bookings = [at('2027-03-08T23:00:00Z'), at('2027-03-09T23:00:00Z')]; // Mon, Tue evenings CST
    expect(check({ now, teamBookings: bookings }, slot)).toMatchObject({ code: 'WEEK_LIMIT' });
    // Monday Mar 15 00:30 CDT is next week.
    expect(check({ now, teamBookings: bookings }, '2027-03-15T05:30:00Z')).toEqual({ ok: true });
  });

  it('max upcoming: exactly at the limit is refused; past bookings do not count', () => {
    const now = at('2027-04-10T12:00:00Z');
    const slot = '2027-04-28T23:00:00Z';
    const four = ['2027-04-12', '2027-04-15', '2027-04-19', '2027-04-22'].map((d) => at(`${d}T23:00:00Z`));
    expect(check({ now, teamBookings: four }, slot)).toEqual({ ok: false, code: 'UPCOMING_LIMIT', message: 'Blue Jays already has 4 upcoming practices (limit 4).' });
    expect(check({ now, teamBookings: four.slice(1) }, slot)).toEqual({ ok: true });
    expect(check({ now, teamBookings: [...four.slice(1), at('2027-04-01T23:00:00Z')] }, slot)).toEqual({ ok: true });
  });

  it('booking switch, window, and slot state', () => {
    expect(check({ rules: { ...DEFAULT_BOOKING_RULES, bookingOpen: false, pausedMessage: 'fields are being re-lined' } })).toEqual({
      ok: false,
      code: 'BOOKING_PAUSED',
      message: 'Booking is paused: fields are being re-lined',
    });
    const notYet = check({ rules: { ...DEFAULT_BOOKING_RULES, windowOpensAt: '2027-04-11T00:00:00Z' } });
    expect(notYet).toMatchObject({ ok: false, code: 'WINDOW_NOT_OPEN' });
    expect((notYet as { message: string }).message).toMatch(/^Booking opens Sat Apr 10, 7:00\spm\.$/);
    expect(check({ rules: { ...DEFAULT_BOOKING_RULES, windowOpensAt: '2027-04-10T12:00:00Z' } })).toEqual({ ok: true });
    expect(check({ season: { startsOn: '2027-01-01', endsOn: '2027-04-09' } })).toMatchObject({ code: 'WINDOW_CLOSED' });
    expect(checkBooking({ ...baseCheck(), slot: { ...baseCheck().slot, status: 'booked' } })).toMatchObject({ code: 'SLOT_TAKEN', message: 'Someone just booked this slot. Pick another time.' });
    expect(checkBooking({ ...baseCheck(), slot: { ...baseCheck().slot, status: 'blocked', blockReason: 'Field flooded' } })).toMatchObject({ code: 'SLOT_BLOCKED', message: 'This slot is blocked: Field flooded.' });
    expect(check({ now: at('2027-04-15T00:00:00Z') })).toMatchObject({ code: 'SLOT_PAST' });
  });
});

function baseCheck(): BookingCheck {
  const startsAt = at('2027-04-14T23:00:00Z');
  return { rules: DEFAULT_BOOKING_RULES, season: SEASON, slot: { startsAt, endsAt: new Date(startsAt.getTime() + 3_600_000), status: 'open' }, teamBookings: [], teamName: 'Blue Jays', now: at('2027-04-10T12:00:00Z'), timeZone: TZ };
}

describe('coach cancellation cutoff', () => {
  it('closes exactly 24 hours before the start', () => {
    const start = at('2027-04-14T23:00:00Z');
    expect(checkCancellation(DEFAULT_BOOKING_RULES, start, at('2027-04-13T23:00:00Z'))).toEqual({ ok: true });
    expect(checkCancellation(DEFAULT_BOOKING_RULES, start, at('2027-04-13T23:01:00Z'))).toEqual({
      ok: false,
      code: 'TOO_SOON',
      message: 'Cancellations close 24 hours before the start; contact an admin.',
    });
  });
});

describe('refusalMessage: the words of a refusal from its facts (checkBooking and the database booking call)', () => {
  it('words every rule, with its numbers, its days and the league time', () => {
    const cases: Array<[Refusal, string]> = [
      [{ code: 'SLOT_BLOCKED', blockReason: null }, 'This slot is blocked.'],
      [{ code: 'SLOT_TAKEN' }, 'Someone just booked this slot. Pick another time.'],
      [{ code: 'SLOT_PAST' }, 'This practice time has already started or passed.'],
      [{ code: 'BOOKING_PAUSED', pausedMessage: '  ' }, 'Booking is paused: the league has paused booking for now.'],
      [{ code: 'WINDOW_NOT_OPEN', opens: at('2027-03-14T08:00:00Z'), timeZone: TZ }, 'Booking opens Sun Mar 14, 3:00 am.'],
      [{ code: 'WINDOW_CLOSED', closes: at('2027-11-07T07:00:00Z'), timeZone: TZ }, 'Booking for this season closed Sun Nov 7, 1:00 am.'],
      [{ code: 'TOO_SOON', minLeadHours: 1 }, 'Practices must be booked at least 1 hour ahead.'],
      [{ code: 'TOO_FAR_AHEAD', maxAheadDays: 1 }, 'You can book up to 1 day ahead.'],
      [{ code: 'DAY_LIMIT', teamName: 'Blue Jays', count: 0, limit: 0, day: '2027-03-14' }, 'Blue Jays already has 0 practices on Sun, Mar 14 (limit 0).'],
      [{ code: 'WEEK_LIMIT', teamName: 'Blue Jays', count: 1, limit: 1, week: '2027-03-08' }, 'Blue Jays already has 1 practice in the week of Mon, Mar 8 (limit 1).'],
      [{ code: 'UPCOMING_LIMIT', teamName: 'Blue Jays', count: 1, limit: 1 }, 'Blue Jays already has 1 upcoming practice (limit 1).'],
    ];
    for (const [refusal, words] of cases) expect(refusalMessage(refusal).replace(/\s/g, ' ')).toBe(words);
    expect(cancelCutoffMessage(1)).toBe('Cancellations close 1 hour before the start; contact an admin.');
  });
});
