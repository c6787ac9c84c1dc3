import { z } from 'zod';
import { DIVISIONS_MAX } from '../divisions/divisions.schemas';

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `Use at most ${max} characters`)
    .transform((v) => (v === '' ? null : v))
    .nullable()
    .optional();

export const MAP_URL_MAX = 500;

const mapUrlMessage = 'Enter a full web link starting with https:// or http://, like https://maps.example.com/…';

/**
 * The link as a browser and a calendar app will use it (`URL.href`: spaces and other characters percent-encoded,
 * an international host name in its ASCII form; an IPv6 literal or a host with `_` is refused), or null when it is not an http(s) link to a host name a
 * calendar file can carry. Calendar files and maps links are followed by people's phones, so nothing else
 * (`javascript:`, `mailto:`, a bare word) is kept.
 */
export function normalizeMapUrl(value: string): string | null {
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  if (url.username || url.password) return null;
  if (!/^[a-z0-9.-]+$/.test(url.hostname)) return null;
  return url.href.length <= MAP_URL_MAX ? url.href : null;
}

/** A facility's map link: empty for none, else an http(s) web address (normalized, at most MAP_URL_MAX characters). */
export const mapUrlSchema = z
  .string()
  .trim()
  .max(MAP_URL_MAX, `Use a link of at most ${MAP_URL_MAX} characters`)
  .transform((v, ctx) => {
    if (v === '') return null;
    const href = normalizeMapUrl(v);
    if (href === null) ctx.addIssue({ code: 'custom', message: mapUrlMessage });
    return href;
  })
  .nullable()
  .optional();

export const facilityInputSchema = z.object({
  name: z.string().trim().min(1, 'Give the facility a name, like "Riverside Park"').max(100, 'Use at most 100 characters'),
  address: optionalText(200),
  mapUrl: mapUrlSchema,
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
  /** The divisions the field is limited to (issue 29); empty: every team. Left out: unchanged (new field: every team). */
  divisionIds: z.array(z.string().uuid('Choose divisions from the list')).max(DIVISIONS_MAX, `Choose at most ${DIVISIONS_MAX} divisions`).optional(),
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
  /** The divisions the field is limited to, in the league's order; empty: every team may use it (issue 29). */
  divisionIds: z.array(z.string()),
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
