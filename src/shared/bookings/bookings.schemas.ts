import { z } from 'zod';
import { boundedIsoDate, boundedIsoDateTime } from '../time/date-bounds';

const count = (what: string, max: number) =>
  z.number().int(`${what} must be a whole number`).min(0, `${what} cannot be negative`).max(max, `${what} is at most ${max}`);

export const bookingRulesSchema = z
  .object({
    bookingOpen: z.boolean(),
    pausedMessage: z.string().trim().max(200, 'Use at most 200 characters').nullable(),
    windowOpensAt: boundedIsoDateTime().nullable(),
    windowClosesAt: boundedIsoDateTime().nullable(),
    maxPerWeek: count('The weekly limit', 14),
    maxPerDay: count('The daily limit', 5),
    maxUpcoming: count('The upcoming limit', 50),
    minLeadHours: count('The minimum lead time', 24 * 14),
    maxAheadDays: count('How far ahead', 366),
    cancelCutoffHours: count('The cancellation cutoff', 24 * 14),
  })
  .refine((r) => !r.windowOpensAt || !r.windowClosesAt || Date.parse(r.windowClosesAt) > Date.parse(r.windowOpensAt), {
    message: 'The booking window must close after it opens',
    path: ['windowClosesAt'],
  });
export type BookingRulesInput = z.input<typeof bookingRulesSchema>;

export const BOOKING_STATUSES = ['confirmed', 'cancelled'] as const;

export const bookingSchema = z.object({
  id: z.string(),
  slotId: z.string(),
  seasonId: z.string(),
  teamId: z.string(),
  teamName: z.string(),
  status: z.enum(BOOKING_STATUSES),
  startsAt: z.string(),
  endsAt: z.string(),
  fieldId: z.string(),
  fieldName: z.string(),
  facilityName: z.string(),
  facilityAddress: z.string().nullable(),
  mapUrl: z.string().nullable(),
  bookedByEmail: z.string().nullable(),
  createdAt: z.string(),
  cancelledAt: z.string().nullable(),
  cancelReason: z.string().nullable(),
  override: z.boolean(),
  overrideReason: z.string().nullable(),
});
export type Booking = z.infer<typeof bookingSchema>;

export const bookRequestSchema = z.object({ slotId: z.string().uuid('Choose a slot') });

export const cancelRequestSchema = z.object({
  reason: z.string().trim().max(200, 'Use at most 200 characters').optional(),
});

const reason = z.string().trim().min(1, 'Give a reason; it is recorded and shown to the affected coaches').max(200, 'Use at most 200 characters');

export const adminCancelSchema = z.object({ reason });

export const overrideRequestSchema = z.object({
  slotId: z.string().uuid('Choose a slot'),
  teamId: z.string().uuid('Choose a team'),
  reason,
  /** If the slot is booked by another team: cancel that booking (bump) instead of refusing. */
  bump: z.boolean().default(false),
  /** The admin confirmed booking the team on a field limited to other divisions (issue 29); otherwise that is refused (409, FIELD_DIVISION). */
  allowOtherDivision: z.boolean().default(false),
});

export const moveRequestSchema = z.object({
  slotId: z.string().uuid('Choose the slot to move to'),
  reason: reason.optional(),
  /** As the override's: the admin confirmed moving the practice onto a field limited to other divisions (issue 29). */
  allowOtherDivision: z.boolean().default(false),
});

/** What the Book a Field page needs to explain the rules before the click. */
export const bookingContextSchema = z.object({
  timeZone: z.string(),
  now: z.string(),
  season: z.object({ id: z.string(), name: z.string(), startsOn: z.string(), endsOn: z.string() }).nullable(),
  rules: bookingRulesSchema.nullable(),
  /** `rules` above are this team's: the season's with its division's own (issue 29); `divisionRules` names which. */
  team: z.object({ id: z.string(), name: z.string(), divisionId: z.string().nullable(), divisionName: z.string().nullable() }).nullable(),
  /** The rules the team's division sets for itself (the rest are the season's), for the words that explain them. */
  divisionRules: z.array(z.string()),
  /** Start times of the team's confirmed bookings. */
  teamBookings: z.array(z.string()),
  /** When each of the team's free make-up credits runs out, the first first (issue 28): each books one practice past the daily and weekly limits. */
  makeupCredits: z.array(z.string()),
  /** Why this person cannot book at all (visitor, no team, not a coach), or null. */
  cannotBook: z
    .object({
      code: z.string(),
      /** In English; `key` and `params` word it in the errors catalogue (decision 038). */
      message: z.string(),
      key: z.string().optional(),
      params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
    })
    .nullable(),
});
export type BookingContext = z.infer<typeof bookingContextSchema>;

export const adminBookingQuerySchema = z.object({
  /** One booking (a link from the audit log); the other filters still apply. */
  bookingId: z.string().uuid().optional(),
  seasonId: z.string().uuid().optional(),
  teamId: z.string().uuid().optional(),
  fieldId: z.string().uuid().optional(),
  status: z.enum(BOOKING_STATUSES).optional(),
  from: boundedIsoDate().optional(),
  to: boundedIsoDate().optional(),
  q: z.string().trim().max(100).optional(),
});
