import { z } from 'zod';
import { DIVISIONS_MAX } from '../divisions/divisions.schemas';
import { isTimeZone } from '../league/league.schemas';
import { boundedIsoDate, boundedIsoDateTime } from '../time/date-bounds';

/** How many slots a team may rank when the admin does not say (the admin may choose 1 to MAX_PREFERENCES). */
export const MAX_PREFERENCES_DEFAULT = 10;
export const MAX_PREFERENCES = 50;
/** The most a draw's inputs may hold: far above a league's round, low enough that a browser checks it in a moment. */
export const MAX_DRAW_SLOTS = 20_000;
export const MAX_DRAW_TEAMS = 2_000;
/** Division times a round may hold: one per division at most (shared/divisions). */
export const MAX_DIVISION_OPENS = DIVISIONS_MAX;

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
  /**
   * The staged opening (issue 29): a division's own time to start saving lists, between the round's opening and its
   * close; a division not listed opens with the round. On an edit, left out: the times stay as they are.
   */
  divisionOpens: z
    .array(z.object({ divisionId: z.string({ message: 'Choose a division' }).uuid('Choose a division'), opensAt: isoInstant }))
    .max(MAX_DIVISION_OPENS, `At most ${MAX_DIVISION_OPENS} divisions`)
    .optional(),
};

function inOrder(
  v: { coversFrom: string; coversTo: string; opensAt: string; closesAt: string; drawAt: string; divisionOpens?: ReadonlyArray<{ divisionId: string; opensAt: string }> },
  ctx: z.RefinementCtx,
) {
  if (v.coversTo < v.coversFrom) ctx.addIssue({ code: 'custom', message: 'The last day the round covers must be on or after its first day', path: ['coversTo'] });
  if (Date.parse(v.closesAt) <= Date.parse(v.opensAt)) ctx.addIssue({ code: 'custom', message: 'The preference window must close after it opens', path: ['closesAt'] });
  if (Date.parse(v.drawAt) < Date.parse(v.closesAt)) ctx.addIssue({ code: 'custom', message: 'The draw must be at or after the preference window closes', path: ['drawAt'] });
  const seen = new Set<string>();
  (v.divisionOpens ?? []).forEach((d, i) => {
    if (seen.has(d.divisionId)) ctx.addIssue({ code: 'custom', message: 'Give each division one time', path: ['divisionOpens', i, 'divisionId'] });
    seen.add(d.divisionId);
    const problem = divisionOpensProblem(d.opensAt, v);
    if (problem) ctx.addIssue({ code: 'custom', message: problem, path: ['divisionOpens', i, 'opensAt'] });
  });
}

/**
 * Why a division's time to open its lists is out of the round's window, in words, or null: at or after the preferences
 * open (the round's own time is the earliest), and before they close (else the division could never save a list).
 */
export function divisionOpensProblem(opensAt: string, round: { opensAt: string; closesAt: string }): string | null {
  const at = Date.parse(opensAt);
  if (at < Date.parse(round.opensAt)) return "A division's lists can open at the same time as the preferences or later, not before";
  if (at >= Date.parse(round.closesAt)) return "A division's lists must open before the preferences close";
  return null;
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

const divisionOpensSchema = z.object({ divisionId: z.string(), divisionName: z.string(), opensAt: z.string() });

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
  /**
   * The staged opening (issue 29): divisions whose lists open later than the round's `opensAt`, in the league's order.
   * Always sent by the server; optional so that a round read without it means "every division opens with the round".
   */
  divisionOpens: z.array(divisionOpensSchema).optional(),
});
export type OpeningRound = z.infer<typeof openingRoundSchema>;
export type DivisionOpens = z.infer<typeof divisionOpensSchema>;

/** A coach's team's list in a round (GET /api/openings/:id/preferences) and when the team may start saving it. */
export const teamPreferencesSchema = z.object({
  slotIds: z.array(z.string()),
  maxPreferences: z.number(),
  savedAt: z.string().nullable(),
  /** When this team's lists open: its division's own time in the round, else the round's. */
  listsOpenAt: z.string(),
  /** The team's division (null: none), which `listsOpenAt` is for when the division has its own time. */
  divisionName: z.string().nullable(),
});
export type TeamPreferences = z.infer<typeof teamPreferencesSchema>;

const uniqueBy = <T>(items: readonly T[], key: (item: T) => string): string | null => {
  const seen = new Set<string>();
  for (const item of items) {
    const k = key(item);
    if (seen.has(k)) return k;
    seen.add(k);
  }
  return null;
};

const drawRulesSchema = z.object({
  maxPerWeek: z.number().int().min(0),
  maxPerDay: z.number().int().min(0),
  maxUpcoming: z.number().int().min(0),
  minLeadHours: z.number().int().min(0),
});

/** Everything the draw was computed from (published after the draw as JSON, so anyone can run it again). */
export const drawInputSchema = z
  .object({
    roundId: z.string().min(1, 'The inputs name no round'),
    seed: z.string().regex(/^[0-9a-f]{64}$/, 'The seed is 64 lowercase hexadecimal characters'),
    timeZone: z.string().max(64).refine(isTimeZone, 'The time zone is not one this browser knows, like America/Chicago'),
    now: isoInstant,
    rules: drawRulesSchema,
    weighting: z.enum(drawWeightings, { message: 'The weighting is "none" or "fewer-prime-hours-first"' }),
    slots: z
      .array(
        z.object({
          id: z.string().min(1),
          startsAt: isoInstant,
          endsAt: isoInstant,
          label: z.string(),
          // Issue 29: the slot's field when it is limited to some divisions (by name); absent: every team may have it.
          field: z.object({ name: z.string(), divisions: z.array(z.string()).min(1, 'A limited field names its divisions').max(MAX_DIVISION_OPENS) }).optional(),
        }),
      )
      .max(MAX_DRAW_SLOTS, `A draw has at most ${MAX_DRAW_SLOTS.toLocaleString('en-US')} slots`),
    teams: z
      .array(
        z.object({
          id: z.string().min(1),
          name: z.string(),
          bookings: z.array(isoInstant).max(10_000, 'A team has at most 10,000 bookings in the inputs'),
          primeHours: z.number().min(0),
          preferences: z.array(z.string().min(1)).max(MAX_PREFERENCES, `A team ranks at most ${MAX_PREFERENCES} slots`),
          // Issue 29: the team's division (absent: none), and its division's limits where they differ from `rules`.
          division: z.string().optional(),
          rules: drawRulesSchema.optional(),
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
