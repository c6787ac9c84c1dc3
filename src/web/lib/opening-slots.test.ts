import { describe, expect, it } from 'vitest';
import { openingStatus } from '../../shared/opening/opening.schemas';
import { testRound } from '../test/opening-fixture';
import { testSlot } from '../test/slot-fixture';
import { holdingRound, openingDateTime, openingSlotText, pendingRound, preferenceSlotName, roundCovers, roundStatusAt } from './opening-slots';

const TZ = 'America/Chicago';
const HOUR = 3_600_000;
// Fixed instants where only words or comparisons are checked (nothing here ages with the calendar).
const opensAt = '2026-11-30T14:00:00.000Z';
const closesAt = '2026-12-02T02:00:00.000Z';
const drawAt = '2026-12-04T02:00:00.000Z';

describe('roundStatusAt', () => {
  it('gives the shared openingStatus answer at every edge (repeated here so the first screen loads no zod)', () => {
    const base = testRound({ opensAt, closesAt, drawAt });
    const at = (iso: string, ms = 0) => new Date(Date.parse(iso) + ms);
    const cases = [
      [base, at(opensAt, -1)],
      [base, at(opensAt)],
      [base, at(closesAt, -1)],
      [base, at(closesAt)],
      [base, at(drawAt, HOUR)],
      [{ ...base, drawnAt: drawAt }, at(drawAt, HOUR)],
      [{ ...base, cancelledAt: opensAt, drawnAt: drawAt }, at(drawAt, HOUR)],
    ] as const;
    expect(cases.map(([round, now]) => roundStatusAt(round, now))).toEqual(['announced', 'open', 'open', 'closed', 'closed', 'drawn', 'cancelled']);
    for (const [round, now] of cases) expect(roundStatusAt(round, now)).toBe(openingStatus(round, now));
  });
});

describe('holdingRound and pendingRound', () => {
  const now = new Date(Date.parse(opensAt) + HOUR);
  const open = testRound({ id: 'open', seasonId: 'spring', opensAt, closesAt, drawAt });
  const drawnHeld = testRound({ id: 'drawn-held', seasonId: 'spring', drawnAt: opensAt, firstComeAfter: false });
  const drawnFree = testRound({ id: 'drawn-free', seasonId: 'spring', drawnAt: opensAt, firstComeAfter: true });
  const cancelled = testRound({ id: 'cancelled', seasonId: 'spring', opensAt, closesAt, drawAt, cancelledAt: opensAt });

  it('picks the season’s round ahead of its draw, else a drawn one whose rest is not open; never a cancelled one', () => {
    expect(holdingRound([drawnHeld, open], 'spring', now)).toEqual({ round: open, status: 'open' });
    expect(holdingRound([drawnFree, drawnHeld], 'spring', now)).toEqual({ round: drawnHeld, status: 'drawn' });
    expect(holdingRound([drawnFree, cancelled], 'spring', now)).toBeNull();
    expect(holdingRound([open], 'fall', now)).toBeNull();
    expect(holdingRound([open], undefined, now)).toBeNull();
  });

  it('gives the dashboard only a round ahead of its draw', () => {
    expect(pendingRound([drawnHeld, open], now)).toEqual({ round: open, status: 'open' });
    expect(pendingRound([drawnHeld, cancelled], now)).toBeNull();
  });
});

describe('roundCovers', () => {
  const round = { seasonId: 'spring', coversFrom: '2026-12-01', coversTo: '2026-12-06' };

  it('covers the season’s slots whose start falls on a covered day in league time, both ends included', () => {
    const on = (startsAt: string, seasonId = 'spring') => roundCovers(round, testSlot({ seasonId, startsAt }), TZ);
    // Mon Nov 30, 11:30 pm in Chicago is Dec 1 in UTC: not covered. Sun Dec 6, 11:30 pm is Dec 7 in UTC: covered.
    expect(on('2026-12-01T05:30:00Z')).toBe(false);
    expect(on('2026-12-01T06:00:00Z')).toBe(true);
    expect(on('2026-12-07T05:30:00Z')).toBe(true);
    expect(on('2026-12-07T06:00:00Z')).toBe(false);
    expect(on('2026-12-03T23:00:00Z', 'fall')).toBe(false);
  });
});

describe('words', () => {
  it('says the round’s times as the server does: "Thu Dec 3, 8:00 pm", plain spaces', () => {
    expect(openingDateTime(drawAt, TZ)).toBe('Thu Dec 3, 8:00 pm');
    expect(openingSlotText({ round: testRound({ drawAt }), status: 'open' }, TZ)).toBe('Opening round · draw Thu Dec 3, 8:00 pm');
    expect(openingSlotText({ round: testRound({ drawAt }), status: 'drawn' }, TZ)).toBe('Opening round drawn · not open for booking yet');
  });

  it('names a slot "Tue Dec 1, 5:00 pm on Field 1"', () => {
    expect(preferenceSlotName(testSlot({ startsAt: '2026-12-01T23:00:00Z', fieldName: 'Field 1' }), TZ)).toBe('Tue Dec 1, 5:00 pm on Field 1');
  });
});
