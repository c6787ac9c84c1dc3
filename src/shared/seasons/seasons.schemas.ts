import { z } from 'zod';

const isoDate = z.iso.date({ message: 'Use a date like 2026-03-01' });

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
  });
export type SeasonInput = z.infer<typeof seasonInputSchema>;

export const seasonIdParamsSchema = z.object({ id: z.string().uuid('That is not a valid season id') });
