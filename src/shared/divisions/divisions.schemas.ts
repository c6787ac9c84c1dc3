import { z } from 'zod';
import { DIVISION_MAX } from '../teams/teams.schemas';
import { boundedIsoDateTime } from '../time/date-bounds';

/**
 * The league's divisions (issue 29, decision 035): age groups such as 8U, 10U, 12U in the league's order. A team is in
 * one (or none yet); a field may be limited to some; a division may have its own booking rules and opening time.
 */
/** A league has a handful; the cap keeps one order change a small request. */
export const DIVISIONS_MAX = 100;

export const divisionNameSchema = z
  .string()
  .trim()
  .min(1, 'Enter the division name, like "10U"')
  .max(DIVISION_MAX, `Use at most ${DIVISION_MAX} characters`);

/** POST /api/admin/divisions, PATCH /api/admin/divisions/:id. */
export const divisionInputSchema = z.object({ name: divisionNameSchema });
export type DivisionInput = z.output<typeof divisionInputSchema>;

/** PUT /api/admin/divisions/order: every division's id, first to last. */
export const divisionOrderSchema = z.object({
  ids: z.array(z.string().uuid('That is not a valid id')).min(1, 'List the divisions in order').max(DIVISIONS_MAX),
});

export const divisionSchema = z.object({
  id: z.string(),
  name: z.string(),
  position: z.number().int(),
});
export type Division = z.infer<typeof divisionSchema>;

/** A division as the teams panel shows it. */
export const adminDivisionSchema = divisionSchema.extend({
  /** Teams in it (inactive ones too). */
  teamCount: z.number().int(),
  /** Names of the fields limited to it (among others). */
  fieldNames: z.array(z.string()),
});
export type AdminDivision = z.infer<typeof adminDivisionSchema>;

export const divisionsResponseSchema = z.object({ divisions: z.array(divisionSchema) });
export const adminDivisionsResponseSchema = z.object({ divisions: z.array(adminDivisionSchema) });

/** As the season's own rules (bookings.schemas.ts), or null for the season's. */
const optionalCount = (what: string, min: number, max: number) =>
  z.number().int(`${what} must be a whole number`).min(min, `${what} is at least ${min}`).max(max, `${what} is at most ${max}`).nullable();

const optionalInstant = boundedIsoDateTime().nullable();

/**
 * PUT /api/admin/seasons/:seasonId/division-rules/:divisionId: the division's own rules; null keeps the season's.
 * `windowOpensAt` is the staged opening: the division's teams book from then on.
 */
export const divisionRulesInputSchema = z
  .object({
    windowOpensAt: optionalInstant,
    windowClosesAt: optionalInstant,
    maxPerWeek: optionalCount('The weekly limit', 0, 14),
    maxPerDay: optionalCount('The daily limit', 0, 5),
    maxUpcoming: optionalCount('The upcoming limit', 0, 50),
    minLeadHours: optionalCount('The minimum lead time', 0, 24 * 14),
    maxAheadDays: optionalCount('How far ahead', 0, 366),
  })
  .refine((r) => !r.windowOpensAt || !r.windowClosesAt || Date.parse(r.windowOpensAt) < Date.parse(r.windowClosesAt), {
    message: 'The booking window must close after it opens',
    path: ['windowClosesAt'],
  });
export type DivisionRulesInput = z.output<typeof divisionRulesInputSchema>;

export const divisionRulesSchema = z.object({
  divisionId: z.string(),
  divisionName: z.string(),
  windowOpensAt: z.string().nullable(),
  windowClosesAt: z.string().nullable(),
  maxPerWeek: z.number().int().nullable(),
  maxPerDay: z.number().int().nullable(),
  maxUpcoming: z.number().int().nullable(),
  minLeadHours: z.number().int().nullable(),
  maxAheadDays: z.number().int().nullable(),
});
export type DivisionRules = z.infer<typeof divisionRulesSchema>;

/** GET /api/admin/seasons/:seasonId/division-rules: one entry per division (all null: the season's rules). */
export const divisionRulesResponseSchema = z.object({ rules: z.array(divisionRulesSchema) });
