import { z } from 'zod';
import { isTimeZone } from '../league/league.schemas';
import { boundedIsoDate, boundedIsoDateTime } from '../time/date-bounds';

/** How many slots a team may rank when the admin does not say (the admin may choose 1 to MAX_PREFERENCES). */
export const MAX_PREFERENCES_DEFAULT = 10;
export const MAX_PREFERENCES = 50;
/** The most a draw's inputs may hold: far above a league's round, low enough that a browser checks it in a moment. */
export const MAX_DRAW_SLOTS = 20_000;
export const MAX_DRAW_TEAMS = 2_000;

/** 'fewer-prime-hours-first': teams with fewer prime-time hours so far this season draw earlier; ties keep the seeded order. */
export const drawWeightings = ['none', 'fewer-prime-hours-first'] as const;
export type DrawWeighting = (typeof drawWeightings)[number];

export const openingStatuses = ['announced', 'open', 'closed', 'drawn', 'cancelled'] as const;
export type OpeningStatus = (typeof openingStatuses)[number];

const isoDate = boundedIsoDate('Use a date like 2027-03-01');
const isoInstant = boundedIsoDateTime('Use a full date and time');

const roundFields = {
  coversFrom: isoDate,
  coversTo: isoDate,
  opensAt: isoInstant,
  closesAt: isoInstant,
  drawAt: isoInstant,
  maxPreferences: z
    .number({ message: 'Say how many slots a team may rank' })
    .int('Use a whole number of preferences')
    .min(1, 'A team may rank at least 1 slot')
    .max(MAX_PREFERENCES, `A team may rank at most ${MAX_PREFERENCES} slots`),
  firstComeAfter: z.boolean(),
  weighting: z.enum(drawWeightings, { message: 'Choose how the team order is drawn' }),
};

function inOrder(v: { coversFrom: string; coversTo: string; opensAt: string; closesAt: string; drawAt: string }, ctx: z.RefinementCtx) {
  if (v.coversTo < v.coversFrom) ctx.addIssue({ code: 'custom', message: 'The last day the round covers must be on or after its first day', path: ['coversTo'] });
  if (Date.parse(v.closesAt) <= Date.parse(v.opensAt)) ctx.addIssue({ code: 'custom', message: 'The preference window must close after it opens', path: ['closesAt'] });
  if (Date.parse(v.drawAt) < Date.parse(v.closesAt)) ctx.addIssue({ code: 'custom', message: 'The draw must be at or after the preference window closes', path: ['drawAt'] });
}

/** What an admin creates (POST /api/openings). */
export const openingRoundInputSchema = z.object({ seasonId: z.string({ message: 'Choose a season' }).uuid('Choose a season'), ...roundFields }).superRefine(inOrder);
/** What an admin edits (PATCH /api/openings/:id): the same without the season (a round stays in its season). */
export const openingRoundEditSchema = z.object(roundFields).superRefine(inOrder);
export type OpeningRoundInput = z.input<typeof openingRoundInputSchema>;
export type OpeningRoundEdit = z.input<typeof openingRoundEditSchema>;

/** A coach's ranked list (PUT /api/openings/:id/preferences): the order is the rank, first is 1. */
export const preferencesInputSchema = z.object({
  slotIds: z
    .array(z.string().uuid('Each preference must be a slot id'))
    .max(MAX_PREFERENCES, `Rank at most ${MAX_PREFERENCES} slots`)
    .refine((ids) => new Set(ids).size === ids.length, 'Each slot can be in your preferences only once'),
});
export type PreferencesInput = z.infer<typeof preferencesInputSchema>;

export const openingRoundSchema = z.object({
  id: z.string(),
  seasonId: z.string(),
  seasonName: z.string(),
  coversFrom: z.string(),
  coversTo: z.string(),
  opensAt: z.string(),
  closesAt: z.string(),
  drawAt: z.string(),
  maxPreferences: z.number(),
  firstComeAfter: z.boolean(),
  weighting: z.enum(drawWeightings),
  status: z.enum(openingStatuses),
  /** SHA-256 of the seed, in hex, published when the round is created. */
  seedHash: z.string(),
  /** Secret until the draw. */
  seed: z.string().nullable(),
  drawnAt: z.string().nullable(),
  cancelledAt: z.string().nullable(),
});
export type OpeningRound = z.infer<typeof openingRoundSchema>;

const uniqueBy = <T>(items: readonly T[], key: (item: T) => string): string | null => {
  const seen = new Set<string>();
  for (const item of items) {
    const k = key(item);
    if (seen.has(k)) return k;
    seen.add(k);
  }
  return null;
};

/** Everything the draw was computed from (published after the draw as JSON, so anyone can run it again). */
export const drawInputSchema = z
  .object({
    roundId: z.string().min(1, 'The inputs name no round'),
    seed: z.string().regex(/^[0-9a-f]{64}$/, 'The seed is 64 lowercase hexadecimal characters'),
    timeZone: z.string().max(64).refine(isTimeZone, 'The time zone is not one this browser knows, like America/Chicago'),
    now: isoInstant,
    rules: z.object({
      maxPerWeek: z.number().int().min(0),
      maxPerDay: z.number().int().min(0),
      maxUpcoming: z.number().int().min(0),
      minLeadHours: z.number().int().min(0),
    }),
    weighting: z.enum(drawWeightings, { message: 'The weighting is "none" or "fewer-prime-hours-first"' }),
    slots: z
      .array(z.object({ id: z.string().min(1), startsAt: isoInstant, endsAt: isoInstant, label: z.string() }))
      .max(MAX_DRAW_SLOTS, `A draw has at most ${MAX_DRAW_SLOTS.toLocaleString('en-US')} slots`),
    teams: z
      .array(
        z.object({
          id: z.string().min(1),
          name: z.string(),
          bookings: z.array(isoInstant).max(10_000, 'A team has at most 10,000 bookings in the inputs'),
          primeHours: z.number().min(0),
          preferences: z.array(z.string().min(1)).max(MAX_PREFERENCES, `A team ranks at most ${MAX_PREFERENCES} slots`),
        }),
      )
      .max(MAX_DRAW_TEAMS, `A draw has at most ${MAX_DRAW_TEAMS.toLocaleString('en-US')} teams`),
  })
  .superRefine((v, ctx) => {
    const slot = uniqueBy(v.slots, (s) => s.id);
    if (slot) ctx.addIssue({ code: 'custom', path: ['slots'], message: `Slot ${slot} is listed twice` });
    const team = uniqueBy(v.teams, (t) => t.id);
    if (team) ctx.addIssue({ code: 'custom', path: ['teams'], message: `Team ${team} is listed twice` });
    v.teams.forEach((t, i) => {
      const pref = uniqueBy(t.preferences, (id) => id);
      if (pref) ctx.addIssue({ code: 'custom', path: ['teams', i, 'preferences'], message: `${t.name || t.id} ranks slot ${pref} twice` });
    });
  });

export const drawResultSchema = z.object({
  order: z.array(z.string()),
  picks: z.array(z.object({ round: z.number().int(), turn: z.number().int(), teamId: z.string(), slotId: z.string(), rank: z.number().int() })),
  missed: z.array(z.object({ teamId: z.string(), slotId: z.string(), rank: z.number().int(), reason: z.string() })),
  leftover: z.array(z.string()),
});

/** Derived, never stored: cancelled > drawn > announced (before opensAt) > open (until closesAt) > closed (waiting for the draw). */
export function openingStatus(round: { opensAt: string; closesAt: string; drawnAt: string | null; cancelledAt: string | null }, now: Date): OpeningStatus {
  if (round.cancelledAt) return 'cancelled';
  if (round.drawnAt) return 'drawn';
  const t = now.getTime();
  if (t < Date.parse(round.opensAt)) return 'announced';
  if (t < Date.parse(round.closesAt)) return 'open';
  return 'closed';
}
