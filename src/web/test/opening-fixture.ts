import { draw, sha256Hex, type DrawInput, type DrawResult } from '../../shared/opening/draw';
import type { OpeningRound } from '../../shared/opening/opening.schemas';
import { formatDateTime } from '../lib/dates';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const TIME_ZONE = 'America/Chicago';

export const openingRoundId = '6f1c2b3a-4d5e-4f60-8a7b-9c0d1e2f3a4b';
export const openingSeasonId = '0b9a8c7d-6e5f-4a3b-9c2d-1e0f9a8b7c6d';
/** A fixed seed (not a date, so it never ages): 64 lowercase hex characters. */
export const openingSeed = '3c9a1f0e7b2d4c6a8e0f1a2b3c4d5e6f708192a3b4c5d6e7f8091a2b3c4d5e6f';

/** An opening round as the API answers it, with its times relative to now; tests override what they need. */
export function testRound(over: Partial<OpeningRound> = {}, now = Date.now()): OpeningRound {
  return {
    id: openingRoundId,
    seasonId: openingSeasonId,
    seasonName: 'Spring',
    coversFrom: new Date(now + 7 * DAY).toISOString().slice(0, 10),
    coversTo: new Date(now + 20 * DAY).toISOString().slice(0, 10),
    opensAt: new Date(now + 1 * DAY).toISOString(),
    closesAt: new Date(now + 3 * DAY).toISOString(),
    drawAt: new Date(now + 4 * DAY).toISOString(),
    maxPreferences: 10,
    firstComeAfter: true,
    weighting: 'none',
    status: 'announced',
    seedHash: 'f'.repeat(64),
    seed: null,
    drawnAt: null,
    cancelledAt: null,
    ...over,
  };
}

/**
 * A small league's draw, computed with the real shared draw(): three teams who want overlapping slots in the coming
 * days (one a day per team), so some preferences are taken and some refused by a limit, and one slot nobody ranks (s-6),
 * so some slot is always left over: which others are depends on the hour the test runs. Times are relative to now.
 */
export async function testDraw(now = Date.now()): Promise<{ inputs: DrawInput; result: DrawResult; seedHash: string }> {
  const at = (days: number, hours: number) => new Date(Math.floor(now / HOUR) * HOUR + days * DAY + hours * HOUR).toISOString();
  const slot = (id: string, field: number, days: number, hours: number) => {
    const startsAt = at(days, hours);
    return { id, startsAt, endsAt: at(days, hours + 1.5), label: `Field ${field}, ${formatDateTime(startsAt, TIME_ZONE)}` };
  };
  const slots = [slot('s-1', 1, 2, 0), slot('s-2', 2, 2, 0), slot('s-3', 1, 3, 0), slot('s-4', 2, 3, 2), slot('s-5', 1, 5, 0), slot('s-6', 2, 6, 0)];
  const inputs: DrawInput = {
    roundId: openingRoundId,
    seed: openingSeed,
    timeZone: TIME_ZONE,
    now: new Date(now - HOUR).toISOString(),
    rules: { maxPerWeek: 3, maxPerDay: 1, maxUpcoming: 4, minLeadHours: 0 },
    weighting: 'none',
    slots,
    teams: [
      { id: 't-cardinals', name: 'Cardinals', bookings: [], primeHours: 0, preferences: ['s-1', 's-2', 's-3', 's-5'] },
      { id: 't-blue-jays', name: 'Blue Jays', bookings: [], primeHours: 0, preferences: ['s-1', 's-3', 's-4'] },
      { id: 't-orioles', name: 'Orioles', bookings: [], primeHours: 0, preferences: ['s-1', 's-3'] },
    ],
  };
  return { inputs, result: draw(inputs), seedHash: await sha256Hex(openingSeed) };
}
