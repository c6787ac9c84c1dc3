import { z } from 'zod';
import { boundedIsoDate } from '../time/date-bounds';
import { windowProblems } from './practice-request-rules';

/** Where a coach's practice request stands (product.md "Practice request"). */
export const PRACTICE_REQUEST_STATUSES = ['pending', 'approved', 'declined', 'withdrawn'] as const;
export type PracticeRequestStatus = (typeof PRACTICE_REQUEST_STATUSES)[number];

/** A team has at most this many pending requests at once (issue 13). */
export const MAX_PENDING_REQUESTS_PER_TEAM = 3;
/** A request names one to this many preferred dates, in order. */
export const MAX_PREFERRED_DATES = 3;

export const MIN_DURATION_MINUTES = 30;
export const MAX_DURATION_MINUTES = 240;
export const DURATION_STEP_MINUTES = 15;
export const MAX_NOTES_LENGTH = 1000;
export const MAX_RESPONSE_LENGTH = 500;

/** The durations a coach can ask for: 30 minutes to 4 hours in 15-minute steps. */
export const DURATION_CHOICES: readonly number[] = Array.from(
  { length: (MAX_DURATION_MINUTES - MIN_DURATION_MINUTES) / DURATION_STEP_MINUTES + 1 },
  (_, i) => MIN_DURATION_MINUTES + i * DURATION_STEP_MINUTES,
);

const hhmm = (what: string) => z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, `Choose ${what}, like 17:30`);
const optionalId = z.preprocess((v) => (v === '' ? null : v), z.string().uuid().nullable().optional());

/** What a coach files (POST /api/practice-requests). "Not in the past" needs the league's today: the server checks it. */
export const practiceRequestInputSchema = z
  .object({
    preferredDates: z
      .array(boundedIsoDate('Choose a date'))
      .min(1, 'Choose at least one date')
      .max(MAX_PREFERRED_DATES, `Choose at most ${MAX_PREFERRED_DATES} dates`),
    windowStart: hhmm('the earliest start'),
    windowEnd: hhmm('the latest end'),
    durationMinutes: z.coerce
      .number()
      .int()
      .min(MIN_DURATION_MINUTES, `A practice is at least ${MIN_DURATION_MINUTES} minutes`)
      .max(MAX_DURATION_MINUTES, `A practice is at most ${MAX_DURATION_MINUTES / 60} hours`)
      .refine((n) => n % DURATION_STEP_MINUTES === 0, `Use ${DURATION_STEP_MINUTES}-minute steps`),
    facilityId: optionalId,
    fieldId: optionalId,
    notes: z.string().trim().max(MAX_NOTES_LENGTH, `Use at most ${MAX_NOTES_LENGTH} characters`).optional().nullable(),
  })
  .superRefine((v, ctx) => {
    for (const p of windowProblems(v)) ctx.addIssue({ code: 'custom', path: p.path, message: p.message });
  });
export type PracticeRequestInput = z.input<typeof practiceRequestInputSchema>;
export type PracticeRequestRequest = z.output<typeof practiceRequestInputSchema>;

export const practiceRequestStatusQuerySchema = z.object({ status: z.enum(PRACTICE_REQUEST_STATUSES).default('pending') });

/** Approve with an open slot, or with a slot the admin creates for it. */
export const approvePracticeRequestSchema = z
  .object({
    slotId: z.string().uuid().optional(),
    newSlot: z
      .object({
        fieldId: z.string().uuid({ message: 'Choose a field' }),
        date: boundedIsoDate('Choose a date'),
        startTime: hhmm('a start time'),
        durationMinutes: z.coerce.number().int().min(15, 'At least 15 minutes').max(480, 'At most 8 hours'),
      })
      .optional(),
    response: z.string().trim().max(MAX_RESPONSE_LENGTH, `Use at most ${MAX_RESPONSE_LENGTH} characters`).optional().nullable(),
  })
  .refine((v) => Boolean(v.slotId) !== Boolean(v.newSlot), { message: 'Choose an open slot or create one (one of the two)', path: ['slotId'] });
export type ApprovePracticeRequestInput = z.input<typeof approvePracticeRequestSchema>;

export const declinePracticeRequestSchema = z.object({
  reason: z.string().trim().min(1, 'Say why, so the coach knows what to try next').max(MAX_RESPONSE_LENGTH, `Use at most ${MAX_RESPONSE_LENGTH} characters`),
});

export const practiceRequestSchema = z.object({
  id: z.string(),
  teamId: z.string(),
  teamName: z.string(),
  requestedByName: z.string().nullable(),
  /** Shown to admins only. */
  requestedByEmail: z.string().nullable(),
  preferredDates: z.array(z.string()),
  windowStart: z.string(),
  windowEnd: z.string(),
  durationMinutes: z.number(),
  facilityId: z.string().nullable(),
  facilityName: z.string().nullable(),
  fieldId: z.string().nullable(),
  fieldName: z.string().nullable(),
  notes: z.string().nullable(),
  status: z.enum(PRACTICE_REQUEST_STATUSES),
  response: z.string().nullable(),
  decidedAt: z.string().nullable(),
  createdAt: z.string(),
  /**
   * The practice an approval booked. An approved request whose booking is later cancelled stays approved
   * (decision 017); `cancelledAt` says when the practice was cancelled (null while it stands).
   */
  booking: z
    .object({
      id: z.string(),
      status: z.string(),
      fieldName: z.string(),
      facilityName: z.string(),
      startsAt: z.string(),
      endsAt: z.string(),
      cancelledAt: z.string().nullable(),
    })
    .nullable(),
});
export type PracticeRequest = z.infer<typeof practiceRequestSchema>;

export const collisionSlotSchema = z.object({
  id: z.string(),
  fieldId: z.string(),
  fieldName: z.string(),
  facilityName: z.string(),
  startsAt: z.string(),
  endsAt: z.string(),
  status: z.enum(['open', 'booked', 'blocked']),
  teamName: z.string().nullable(),
  blockReason: z.string().nullable(),
  /** Open, and lies inside the window with room for the requested duration. */
  fits: z.boolean(),
});
export type CollisionSlot = z.infer<typeof collisionSlotSchema>;

export const dateCollisionsSchema = z.object({
  date: z.string(),
  slots: z.array(collisionSlotSchema),
  blocks: z.array(z.object({ id: z.string(), targetName: z.string(), reason: z.string(), startsAt: z.string(), endsAt: z.string() })),
});
export type DateCollisions = z.infer<typeof dateCollisionsSchema>;

export const queuedPracticeRequestSchema = practiceRequestSchema.extend({ collisions: z.array(dateCollisionsSchema) });
export type QueuedPracticeRequest = z.infer<typeof queuedPracticeRequestSchema>;
