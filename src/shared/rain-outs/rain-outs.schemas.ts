import { Temporal } from 'temporal-polyfill';
import { z } from 'zod';
import { boundedIsoDateTime } from '../time/date-bounds';

/** The reasons an admin picks from (free text too): what coaches read on the banner and in the email. */
export const RAIN_OUT_REASONS = ['Lightning', 'Wet fields', 'Rain', 'Heat'] as const;

/** How many days a rain-out's make-up credit lasts, unless the league says otherwise (issue 28). */
export const DEFAULT_MAKEUP_DAYS = 14;

/** POST /api/rain-outs: close a facility, or some of its fields, for a time range. */
export const rainOutInputSchema = z
  .object({
    facilityId: z.string().uuid({ message: 'Choose a facility' }),
    /** The fields to close; none: every field of the facility. */
    fieldIds: z.array(z.string().uuid({ message: 'Choose fields from the list' })).max(50, 'Choose at most 50 fields').default([]),
    startsAt: boundedIsoDateTime('Choose when the closure starts'),
    endsAt: boundedIsoDateTime('Choose when the closure ends'),
    reason: z.string().trim().min(1, 'Say why, like "Wet fields"; coaches will read it').max(120, 'Use at most 120 characters'),
  })
  .superRefine((v, ctx) => {
    if (Date.parse(v.endsAt) <= Date.parse(v.startsAt)) ctx.addIssue({ code: 'custom', path: ['endsAt'], message: 'The closure must end after it starts' });
    if (Date.parse(v.endsAt) - Date.parse(v.startsAt) > 7 * 86_400_000) {
      ctx.addIssue({ code: 'custom', path: ['endsAt'], message: 'A rain-out covers at most 7 days; block the facility for longer closures' });
    }
  });
export type RainOutInput = z.input<typeof rainOutInputSchema>;

/** A rain-out as admins list it, and as the field status shows it (without the counts). */
export const closureSchema = z.object({
  id: z.string(),
  facilityId: z.string(),
  facilityName: z.string(),
  /** The fields closed by name; null: the whole facility. */
  fieldNames: z.array(z.string()).nullable(),
  startsAt: z.string(),
  endsAt: z.string(),
  reason: z.string(),
  createdAt: z.string(),
  reopenedAt: z.string().nullable(),
  /** Practices it cancelled, and how many of those reopening restored. */
  practicesCancelled: z.number(),
  practicesRestored: z.number(),
});
export type Closure = z.infer<typeof closureSchema>;

export const rainOutResultSchema = z.object({
  closure: closureSchema,
  slotsBlocked: z.number(),
  practicesCancelled: z.number(),
  creditsGranted: z.number(),
  teamsTold: z.number(),
});
export type RainOutResult = z.infer<typeof rainOutResultSchema>;

export const reopenResultSchema = z.object({
  slotsReopened: z.number(),
  practicesRestored: z.number(),
  /** Cancelled practices that stay cancelled (their slot was taken, blocked again, gone or past): the team keeps the credit. */
  practicesNotRestored: z.number(),
});
export type ReopenResult = z.infer<typeof reopenResultSchema>;

/** Field status for everyone: closures in force now or coming in the next days. */
export const fieldStatusSchema = z.object({
  timeZone: z.string(),
  closures: z.array(closureSchema.pick({ id: true, facilityId: true, facilityName: true, fieldNames: true, startsAt: true, endsAt: true, reason: true })),
});
export type FieldStatus = z.infer<typeof fieldStatusSchema>;
export type FieldClosure = FieldStatus['closures'][number];

export const MAKEUP_CREDIT_STATES = ['free', 'used', 'expired', 'removed'] as const;

export const makeupCreditSchema = z.object({
  id: z.string(),
  teamId: z.string(),
  teamName: z.string(),
  reason: z.string(),
  createdAt: z.string(),
  expiresAt: z.string(),
  state: z.enum(MAKEUP_CREDIT_STATES),
  /** The make-up practice that used it. */
  usedFor: z.object({ bookingId: z.string(), fieldName: z.string(), startsAt: z.string() }).nullable(),
});
export type MakeupCredit = z.infer<typeof makeupCreditSchema>;

/** POST /api/makeup-credits: an admin grants a team one make-up practice. */
export const grantCreditInputSchema = z.object({
  teamId: z.string().uuid({ message: 'Choose a team' }),
  reason: z.string().trim().min(1, 'Say why, like "Umpire no-show on May 3"').max(120, 'Use at most 120 characters'),
});
export type GrantCreditInput = z.input<typeof grantCreditInputSchema>;

/** A coach's rain-out news: closures that cancelled their team's practices (the banner), and the team's free credits. */
export const myRainOutsSchema = z.object({
  timeZone: z.string(),
  notices: z.array(
    z.object({
      closureId: z.string(),
      facilityName: z.string(),
      fieldNames: z.array(z.string()).nullable(),
      startsAt: z.string(),
      endsAt: z.string(),
      reason: z.string(),
      reopened: z.boolean(),
      practices: z.array(z.object({ fieldName: z.string(), startsAt: z.string(), endsAt: z.string(), restored: z.boolean() })),
    }),
  ),
  credits: z.array(z.object({ id: z.string(), reason: z.string(), expiresAt: z.string() })),
});
export type MyRainOuts = z.infer<typeof myRainOutsSchema>;

/**
 * When a make-up credit runs out: the end of the league day `days` days after `from`'s own day ("use by Dec 10" is
 * the whole of Dec 10 in the league's time zone).
 */
export function makeupExpiry(from: Date, days: number, timeZone: string): Date {
  const day = Temporal.Instant.fromEpochMilliseconds(from.getTime()).toZonedDateTimeISO(timeZone).toPlainDate();
  return new Date(day.add({ days: days + 1 }).toZonedDateTime({ timeZone }).epochMilliseconds);
}
