import { z } from 'zod';
import { boundedIsoDate, daysBetween } from '../time/date-bounds';

const isoDate = boundedIsoDate('Use a date like 2026-03-01');

/** A season is at most a year long (a leap year's 366 days, counting both ends): slots, rules and reports are per season. */
export const MAX_SEASON_DAYS = 366;

export const seasonSchema = z.object({
  id: z.string(),
  name: z.string(),
  startsOn: z.string(),
  endsOn: z.string(),
  active: z.boolean(),
});
export type Season = z.infer<typeof seasonSchema>;

export const seasonInputSchema = z
  .object({
    name: z.string().trim().min(1, 'Give the season a name, like "Spring 2027"').max(80, 'Use at most 80 characters'),
    startsOn: isoDate,
    endsOn: isoDate,
  })
  .refine((s) => s.endsOn >= s.startsOn, {
    message: 'The season must end on or after the day it starts',
    path: ['endsOn'],
  })
  .refine((s) => s.endsOn < s.startsOn || daysBetween(s.startsOn, s.endsOn) + 1 <= MAX_SEASON_DAYS, {
    message: `A season is at most ${MAX_SEASON_DAYS} days long. Make one season per year.`,
    path: ['endsOn'],
  });
export type SeasonInput = z.infer<typeof seasonInputSchema>;

export const seasonIdParamsSchema = z.object({ id: z.string().uuid('That is not a valid season id') });
