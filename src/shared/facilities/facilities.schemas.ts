import { z } from 'zod';

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `Use at most ${max} characters`)
    .transform((v) => (v === '' ? null : v))
    .nullable()
    .optional();

export const facilityInputSchema = z.object({
  name: z.string().trim().min(1, 'Give the facility a name, like "Riverside Park"').max(100, 'Use at most 100 characters'),
  address: optionalText(200),
  mapUrl: z
    .union([z.literal(''), z.url('Enter a full link, like https://maps.example.com/…')])
    .transform((v) => (v === '' ? null : v))
    .nullable()
    .optional(),
  notes: optionalText(1000),
  active: z.boolean().optional(),
});
export type FacilityInput = z.input<typeof facilityInputSchema>;

export const SURFACES = ['grass', 'turf', 'dirt', 'mixed'] as const;

export const fieldInputSchema = z.object({
  facilityId: z.string().uuid('Choose a facility'),
  name: z.string().trim().min(1, 'Give the field a name, like "Field 3"').max(60, 'Use at most 60 characters'),
  surface: z.enum(SURFACES, { message: 'Choose a surface' }),
  lights: z.boolean(),
  color: z.string().regex(/^#[0-9a-fA-F]{6}$/, 'Pick a colour (like #1e40af)'),
  active: z.boolean().optional(),
});
export type FieldInput = z.input<typeof fieldInputSchema>;

export const fieldSchema = z.object({
  id: z.string(),
  facilityId: z.string(),
  name: z.string(),
  surface: z.enum(SURFACES),
  lights: z.boolean(),
  color: z.string(),
  active: z.boolean(),
});
export type Field = z.infer<typeof fieldSchema>;

export const facilitySchema = z.object({
  id: z.string(),
  name: z.string(),
  address: z.string().nullable(),
  mapUrl: z.string().nullable(),
  notes: z.string().nullable(),
  active: z.boolean(),
  fields: z.array(fieldSchema),
});
export type Facility = z.infer<typeof facilitySchema>;

export const idParamsSchema = z.object({ id: z.string().uuid('That is not a valid id') });
