import { z } from 'zod';
import { boundedIsoDate, boundedIsoDateTime, daysBetween } from '../time/date-bounds';

const isoDate = boundedIsoDate('Use a date like 2027-03-01');

/** One generator run covers at most a year of dates (a season is at most 366 days). */
export const MAX_GENERATOR_DAYS = 366;
const hhmm = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Use a time like 17:30');

/** What the admin asks the generator for (/admin-slots). */
export const slotGeneratorInputSchema = z
  .object({
    seasonId: z.string().uuid('Choose a season'),
    fieldIds: z.array(z.string().uuid()).min(1, 'Choose at least one field').max(100, 'Choose at most 100 fields'),
    daysOfWeek: z.array(z.number().int().min(1).max(7)).min(1, 'Choose at least one day of the week').max(7, 'There are only 7 days in a week'),
    firstStart: hhmm,
    lastEnd: hhmm,
    lengthMinutes: z.number().int().min(15, 'Slots are at least 15 minutes').max(480, 'Slots are at most 8 hours'),
    gapMinutes: z.number().int().min(0, 'The gap cannot be negative').max(240, 'The gap is at most 4 hours'),
    startDate: isoDate,
    endDate: isoDate,
    skipDates: z.array(isoDate).max(366, 'Skip at most 366 dates').default([]),
  })
  .refine((v) => v.lastEnd > v.firstStart, { message: 'The last end time must be after the first start time', path: ['lastEnd'] })
  .refine((v) => v.endDate >= v.startDate, { message: 'The end date must be on or after the start date', path: ['endDate'] })
  .refine((v) => v.endDate < v.startDate || daysBetween(v.startDate, v.endDate) + 1 <= MAX_GENERATOR_DAYS, {
    message: `Generate at most ${MAX_GENERATOR_DAYS} days at a time`,
    path: ['endDate'],
  });
export type SlotGeneratorInput = z.input<typeof slotGeneratorInputSchema>;

export const SLOT_STATUSES = ['open', 'booked', 'blocked'] as const;
/** What the `slots.status` column holds; "booked" is derived from a confirmed booking. */
export const STORED_SLOT_STATUSES = ['open', 'blocked'] as const;
export const SLOT_NOTES_MAX = 500;

export const slotSchema = z.object({
  id: z.string(),
  seasonId: z.string(),
  fieldId: z.string(),
  fieldName: z.string(),
  fieldColor: z.string(),
  facilityId: z.string(),
  facilityName: z.string(),
  startsAt: z.string(),
  endsAt: z.string(),
  /** open | booked (a confirmed booking) | blocked. "Past" is shown from endsAt. */
  status: z.enum(SLOT_STATUSES),
  blockReason: z.string().nullable(),
  bookingId: z.string().nullable(),
  teamId: z.string().nullable(),
  teamName: z.string().nullable(),
  notes: z.string().nullable(),
  /** A freed slot held for the first team waiting on it, until then (issue 28); nobody else can book it meanwhile. */
  heldFor: z.object({ teamId: z.string(), teamName: z.string(), until: z.string() }).nullable().optional(),
});
export type Slot = z.infer<typeof slotSchema>;

export const MAX_SLOT_QUERY_DAYS = 62;

/** Most slots one live-update fetch asks for by id; a bigger change reloads the week instead. */
export const MAX_SLOT_IDS = 100;

/** `?ids=a,b,c`: the slots a live event named, fetched alone instead of reloading whole weeks. */
export const slotIdsQuerySchema = z.object({
  ids: z
    .string()
    // 100 ids of 36 characters and their commas, with room for a repeated one.
    .max(MAX_SLOT_IDS * 40, `Ask for at most ${MAX_SLOT_IDS} slots at a time`)
    .transform((v) => [...new Set(v.split(',').filter(Boolean))])
    .pipe(z.array(z.string().uuid('Each id must be a slot id')).min(1, 'Name at least one slot id').max(MAX_SLOT_IDS, `Ask for at most ${MAX_SLOT_IDS} slots at a time`)),
});

export const slotQuerySchema = z
  .object({
    from: isoDate,
    to: isoDate,
    seasonId: z.string().uuid().optional(),
    facilityId: z.string().uuid().optional(),
    fieldId: z.string().uuid().optional(),
  })
  .refine((q) => q.to >= q.from, { message: 'The "to" date must be on or after the "from" date', path: ['to'] })
  .refine((q) => q.to < q.from || daysBetween(q.from, q.to) < MAX_SLOT_QUERY_DAYS, {
    message: `Ask for at most ${MAX_SLOT_QUERY_DAYS} days at a time`,
    path: ['to'],
  });

/** A slot view's query: calendar dates in the league's zone, inclusive, and optional filters. */
export type SlotQuery = z.infer<typeof slotQuerySchema>;

export const generatorPreviewSchema = z.object({
  range: z.object({ from: z.string(), to: z.string() }).nullable(),
  dailyTimes: z.array(z.object({ start: z.string(), end: z.string() })),
  total: z.number(),
  perField: z.array(z.object({ fieldId: z.string(), fieldName: z.string(), create: z.number(), overlaps: z.number() })),
  overlaps: z.array(z.object({ fieldId: z.string(), fieldName: z.string(), startsAt: z.string(), endsAt: z.string() })),
  skipped: z.array(z.object({ date: z.string(), localStart: z.string(), reason: z.string() })),
});
export type GeneratorPreview = z.infer<typeof generatorPreviewSchema>;

/** Lines of the NDJSON stream POST /api/slots/generate answers with. */
export type GenerateProgress =
  | { type: 'progress'; done: number; total: number }
  | { type: 'done'; created: number; skippedOverlaps: number; skipped: number }
  /** `message` in the request's language; `key` and `params` word it in the errors catalogue (decision 038). */
  | { type: 'error'; error: { code: string; message: string; key?: string; params?: Record<string, unknown> } };

export const slotEditSchema = z
  .object({
    startsAt: boundedIsoDateTime(),
    endsAt: boundedIsoDateTime(),
    notes: z.string().trim().max(SLOT_NOTES_MAX, `Use at most ${SLOT_NOTES_MAX} characters`).nullable().optional(),
  })
  .refine((v) => Date.parse(v.endsAt) > Date.parse(v.startsAt), { message: 'The slot must end after it starts', path: ['endsAt'] });
