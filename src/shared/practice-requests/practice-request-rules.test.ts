import { describe, expect, it } from 'vitest';
import { approvedPracticeCancelledAt, blockCollides, classifySlots, pastDates, windowOn, windowProblems, zonedInstant } from './practice-request-rules';
import { practiceRequestInputSchema, approvePracticeRequestSchema, DURATION_CHOICES } from './practice-requests.schemas';

const TZ = 'America/Chicago';
const ok = { preferredDates: ['2027-05-03'], windowStart: '17:00', windowEnd: '19:00', durationMinutes: 90 };

describe('windowProblems', () => {
  it('accepts a window the practice fits in exactly', () => {
    expect(windowProblems({ ...ok, durationMinutes: 120 })).toEqual([]);
  });
  it('refuses an end at or before the start', () => {
    expect(windowProblems({ ...ok, windowEnd: '17:00' })).toEqual([{ path: ['windowEnd'], message: 'The latest end must be after the earliest start' }]);
    expect(windowProblems({ ...ok, windowEnd: '16:59' })[0]!.path).toEqual(['windowEnd']);
  });
  it('refuses a window one minute too short for the duration', () => {
    expect(windowProblems({ ...ok, durationMinutes: 121 })[0]!.message).toContain('does not fit between 17:00 and 19:00');
  });
  it('names the repeated date by its place', () => {
    expect(windowProblems({ ...ok, preferredDates: ['2027-05-03', '2027-05-04', '2027-05-03'] })).toEqual([
      { path: ['preferredDates', '2'], message: 'You chose this date already: pick another one or remove it' },
    ]);
  });
});

describe('the request schema', () => {
  it('takes 1 to 3 dates, durations of 30 to 240 minutes in 15-minute steps, notes up to 1000 characters', () => {
    expect(practiceRequestInputSchema.safeParse(ok).success).toBe(true);
    expect(practiceRequestInputSchema.safeParse({ ...ok, preferredDates: [] }).success).toBe(false);
    expect(practiceRequestInputSchema.safeParse({ ...ok, preferredDates: ['2027-05-03', '2027-05-04', '2027-05-05', '2027-05-06'] }).success).toBe(false);
    expect(practiceRequestInputSchema.safeParse({ ...ok, durationMinutes: 15 }).success).toBe(false);
    expect(practiceRequestInputSchema.safeParse({ ...ok, durationMinutes: 100 }).success).toBe(false);
    expect(practiceRequestInputSchema.safeParse({ ...ok, windowEnd: '23:00', durationMinutes: 255 }).success).toBe(false);
    expect(practiceRequestInputSchema.safeParse({ ...ok, notes: 'x'.repeat(1001) }).success).toBe(false);
    expect(practiceRequestInputSchema.safeParse({ ...ok, windowStart: '25:00' }).success).toBe(false);
    expect(DURATION_CHOICES[0]).toBe(30);
    expect(DURATION_CHOICES.at(-1)).toBe(240);
    expect(DURATION_CHOICES).toHaveLength(15);
  });
  it('an empty facility or field choice means no preference', () => {
    const parsed = practiceRequestInputSchema.parse({ ...ok, facilityId: '', fieldId: '' });
    expect(parsed).toMatchObject({ facilityId: null, fieldId: null });
  });
  it('an approval names an open slot or a new one, not both and not neither', () => {
    const newSlot = { fieldId: '00000000-0000-4000-8000-000000000001', date: '2027-05-03', startTime: '17:00', durationMinutes: 60 };
    expect(approvePracticeRequestSchema.safeParse({ slotId: '00000000-0000-4000-8000-000000000002' }).success).toBe(true);
    expect(approvePracticeRequestSchema.safeParse({ newSlot }).success).toBe(true);
    expect(approvePracticeRequestSchema.safeParse({}).success).toBe(false);
    expect(approvePracticeRequestSchema.safeParse({ slotId: '00000000-0000-4000-8000-000000000002', newSlot }).success).toBe(false);
  });
});

describe('pastDates', () => {
  it('today is allowed, yesterday is not', () => {
    expect(pastDates(['2027-05-02', '2027-05-03', '2027-05-04'], '2027-05-03')).toEqual(['2027-05-02']);
  });
});

describe('league-local times across DST', () => {
  it('17:00 is 22:00 UTC in summer and 23:00 UTC in winter', () => {
    expect(zonedInstant('2027-07-01', '17:00', TZ).toISOString()).toBe('2027-07-01T22:00:00.000Z');
    expect(zonedInstant('2027-12-01', '17:00', TZ).toISOString()).toBe('2027-12-01T23:00:00.000Z');
  });
  it('a window on the day clocks spring forward is an hour shorter in real time when it spans 2 am', () => {
    const w = windowOn('2027-03-14', { windowStart: '01:00', windowEnd: '04:00' }, TZ);
    expect(w.end.getTime() - w.start.getTime()).toBe(2 * 3_600_000);
  });
  it('on the day clocks fall back the same window is an hour longer', () => {
    const w = windowOn('2027-11-07', { windowStart: '00:30', windowEnd: '03:00' }, TZ);
    expect(w.end.getTime() - w.start.getTime()).toBe(3.5 * 3_600_000);
  });
});

describe('classifySlots', () => {
  const window = windowOn('2027-05-03', { windowStart: '17:00', windowEnd: '20:00' }, TZ);
  const slot = (hhmm: string, minutes: number, status: 'open' | 'booked' | 'blocked' = 'open') => {
    const start = zonedInstant('2027-05-03', hhmm, TZ);
    return { id: `${hhmm}-${status}`, startsAt: start.toISOString(), endsAt: new Date(start.getTime() + minutes * 60_000).toISOString(), status };
  };
  it('keeps slots overlapping the window; a slot ending as it opens, or starting as it closes, is outside', () => {
    const out = classifySlots([slot('16:00', 60), slot('20:00', 60), slot('16:30', 60), slot('19:30', 60)], window, 60);
    expect(out.map((s) => s.id).sort()).toEqual(['16:30-open', '19:30-open']);
  });
  it('marks as fitting only open slots inside the window and long enough, and lists them first', () => {
    const out = classifySlots([slot('17:00', 60, 'booked'), slot('18:00', 45), slot('18:00', 60, 'blocked'), slot('19:00', 60), slot('19:30', 60)], window, 60);
    expect(out.map((s) => [s.id, s.fits])).toEqual([
      ['19:00-open', true],
      ['17:00-booked', false],
      ['18:00-open', false],
      ['18:00-blocked', false],
      ['19:30-open', false],
    ]);
  });
});

describe('blockCollides', () => {
  const window = windowOn('2027-05-03', { windowStart: '17:00', windowEnd: '20:00' }, TZ);
  const block = (over: Partial<{ scope: string; fieldId: string | null; facilityId: string | null }>, from = '18:00', to = '19:00') => ({
    scope: 'field',
    fieldId: 'f1',
    facilityId: 'p1',
    startsAt: zonedInstant('2027-05-03', from, TZ).toISOString(),
    endsAt: zonedInstant('2027-05-03', to, TZ).toISOString(),
    ...over,
  });
  it('a block outside the window never collides; one ending as the window opens is outside', () => {
    expect(blockCollides(block({}, '15:00', '17:00'), window, { facilityId: null, fieldId: null })).toBe(false);
  });
  it('without a preference, any block in the window collides', () => {
    expect(blockCollides(block({ fieldId: 'other', facilityId: 'p2' }), window, { facilityId: null, fieldId: null })).toBe(true);
  });
  it('with a field preference: that field, or a block of its whole facility', () => {
    expect(blockCollides(block({}), window, { facilityId: 'p1', fieldId: 'f1' })).toBe(true);
    expect(blockCollides(block({ fieldId: 'f2' }), window, { facilityId: 'p1', fieldId: 'f1' })).toBe(false);
    expect(blockCollides(block({ scope: 'facility', fieldId: null }), window, { facilityId: 'p1', fieldId: 'f1' })).toBe(true);
  });
  it('with a facility preference: any block at that facility', () => {
    expect(blockCollides(block({ fieldId: 'f2' }), window, { facilityId: 'p1', fieldId: null })).toBe(true);
    expect(blockCollides(block({ facilityId: 'p2' }), window, { facilityId: 'p1', fieldId: null })).toBe(false);
  });
});

describe('approvedPracticeCancelledAt', () => {
  const booking = (status: string, cancelledAt: string | null) => ({ status, cancelledAt });
  it('gives the instant the practice of an approved request was cancelled', () => {
    expect(approvedPracticeCancelledAt({ status: 'approved', booking: booking('cancelled', '2027-05-05T02:30:00.000Z') })).toBe(
      '2027-05-05T02:30:00.000Z',
    );
  });
  it('gives nothing while the practice stands, or for a request that was not approved', () => {
    expect(approvedPracticeCancelledAt({ status: 'approved', booking: booking('confirmed', null) })).toBeNull();
    expect(approvedPracticeCancelledAt({ status: 'declined', booking: booking('cancelled', '2027-05-05T02:30:00.000Z') })).toBeNull();
    expect(approvedPracticeCancelledAt({ status: 'pending', booking: null })).toBeNull();
  });
});
