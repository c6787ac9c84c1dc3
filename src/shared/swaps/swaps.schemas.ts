import { z } from 'zod';
import { BOOKING_STATUSES, bookingSchema } from '../bookings/bookings.schemas';

/**
 * Practice swaps between teams (issue 29, decision 036). A coach offers one of the team's upcoming practices to one
 * other team: in trade for one of that team's practices (`swap`: one chosen, or "any of these"), or as a gift
 * (`give`). The other team's coach accepts or declines; accepting moves both practices in one transaction.
 */
export const SWAP_KINDS = ['swap', 'give'] as const;
export type SwapKind = (typeof SWAP_KINDS)[number];

/** `void`: one of its practices was cancelled, moved or blocked before an answer, so it can no longer be taken. */
export const SWAP_STATES = ['open', 'accepted', 'declined', 'withdrawn', 'expired', 'void'] as const;
export type SwapState = (typeof SWAP_STATES)[number];

/** At most this many of the other team's practices in one "any of these" offer (the table's check says so too). */
export const MAX_WANTED = 10;

const bookingId = (message: string) => z.string().uuid(message);
const note = z.string().trim().max(200, 'Use at most 200 characters').optional();

/**
 * POST /api/swaps: offer one of the team's upcoming practices. `swap`: in trade for one of `wantedBookingIds` (the
 * other team's upcoming practices, 1 to 10; the other team picks one when it accepts). `give`: to `toTeamId`, for
 * nothing. `note`: a short word to the other coach, shown with the offer and in its email.
 */
export const swapOfferRequestSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('swap'),
    bookingId: bookingId('Choose the practice to offer'),
    wantedBookingIds: z
      .array(bookingId('Choose practices of the other team'))
      .min(1, 'Choose at least one practice of the other team to take in trade')
      .max(MAX_WANTED, `Choose at most ${MAX_WANTED} practices`),
    note,
  }),
  z.object({
    kind: z.literal('give'),
    bookingId: bookingId('Choose the practice to give away'),
    toTeamId: z.string().uuid('Choose the team to give it to'),
    note,
  }),
]);
export type SwapOfferRequest = z.input<typeof swapOfferRequestSchema>;

/** POST /api/swaps/:id/accept: which of the wanted practices the team gives in trade (a swap); nothing for a gift. */
export const swapAcceptRequestSchema = z.object({
  bookingId: z.string().uuid('Choose which of your practices to give in trade').optional(),
});
export type SwapAcceptRequest = z.input<typeof swapAcceptRequestSchema>;

/** One practice of an offer, as it is now (`status`: a practice cancelled since reads cancelled). */
export const swapPracticeSchema = z.object({
  bookingId: z.string(),
  teamId: z.string(),
  teamName: z.string(),
  status: z.enum(BOOKING_STATUSES),
  fieldName: z.string(),
  facilityName: z.string(),
  startsAt: z.string(),
  endsAt: z.string(),
});
export type SwapPractice = z.infer<typeof swapPracticeSchema>;

/**
 * An offer as its two teams see it. `state` is as of the read: an open offer past `expiresAt` reads `expired`, and
 * one whose offered practice (or every wanted one) is no longer confirmed reads `void`. `direction`: `made` by the
 * caller's team, or `received` by it.
 */
export const swapOfferSchema = z.object({
  id: z.string(),
  kind: z.enum(SWAP_KINDS),
  state: z.enum(SWAP_STATES),
  direction: z.enum(['made', 'received']),
  fromTeam: z.object({ id: z.string(), name: z.string() }),
  toTeam: z.object({ id: z.string(), name: z.string() }),
  /** The practice on offer (the offering team's). */
  offered: swapPracticeSchema,
  /** The other team's practices it would take in trade, by start; empty for a gift. */
  wanted: z.array(swapPracticeSchema),
  /** Accepted: the wanted practice the other team gave in trade (null for a gift). */
  acceptedBookingId: z.string().nullable(),
  note: z.string().nullable(),
  /** The earliest of its practices' cancellation cutoffs: after this nobody can accept it. */
  expiresAt: z.string(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
});
export type SwapOffer = z.infer<typeof swapOfferSchema>;

/** GET /api/swaps/mine: the team's open offers, made and received, and the 20 decided most recently. */
export const mySwapsSchema = z.object({
  timeZone: z.string(),
  /** Off: the league turned swaps off; nobody can offer or accept. */
  swapsEnabled: z.boolean(),
  /** Open offers the team made, by expiry. */
  made: z.array(swapOfferSchema),
  /** Open offers made to the team, by expiry. */
  received: z.array(swapOfferSchema),
  /** Offers made or received that were decided, expired or void, newest first (at most 20). */
  recent: z.array(swapOfferSchema),
});
export type MySwaps = z.infer<typeof mySwapsSchema>;

export const swapOfferResponseSchema = z.object({ offer: swapOfferSchema });

/** An accepted offer, and the caller's team's new practice (the one it got). */
export const swapAcceptResponseSchema = z.object({ offer: swapOfferSchema, booking: bookingSchema });

/** GET /api/swaps/practices: `teamId`, the team whose practices to list (none: only the teams). */
export const swapChoicesQuerySchema = z.object({ teamId: z.string().uuid('Choose a team from the list').optional() });

/**
 * What a coach chooses from when offering a practice: the other active teams (by name), and, for `teamId`, that team's
 * confirmed practices still before their cancellation cutoff, by start (each as an offer shows it; at most 100).
 */
export const swapChoicesSchema = z.object({
  timeZone: z.string(),
  teams: z.array(z.object({ id: z.string(), name: z.string(), division: z.string().nullable() })),
  /** The team asked about, or null when none was. */
  team: z.object({ id: z.string(), name: z.string() }).nullable(),
  practices: z.array(swapPracticeSchema),
});
export type SwapChoices = z.infer<typeof swapChoicesSchema>;
