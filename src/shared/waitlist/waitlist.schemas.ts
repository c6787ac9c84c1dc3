import { z } from 'zod';

/**
 * Where a team's wait on a slot stands (issue 28, decision 034): waiting in line; offered (the slot is held for it);
 * taken (booked); passed; expired (the hold ran out); refused (taking it broke one of the team's rules); left (the
 * coach stopped waiting); void (the practice came too close, the slot went away, or the team booked it another way).
 */
export const WAIT_STATES = ['waiting', 'offered', 'taken', 'passed', 'expired', 'refused', 'left', 'void'] as const;
export type WaitState = (typeof WAIT_STATES)[number];

export const DEFAULT_MAX_WAITS = 3;
export const DEFAULT_HOLD_MINUTES = 120;

/** A team's wait as its coaches see it (GET /api/waits/mine). */
export const waitSchema = z.object({
  id: z.string(),
  slotId: z.string(),
  state: z.enum(WAIT_STATES),
  fieldName: z.string(),
  facilityName: z.string(),
  startsAt: z.string(),
  endsAt: z.string(),
  /** Place in line while waiting (1: next to be offered it). */
  position: z.number().nullable(),
  /** While offered: the hold runs out then. */
  holdUntil: z.string().nullable(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
});
export type Wait = z.infer<typeof waitSchema>;

export const myWaitsSchema = z.object({
  timeZone: z.string(),
  maxWaits: z.number(),
  holdMinutes: z.number(),
  /** Live waits (waiting, offered), then those decided in the last 7 days. */
  waits: z.array(waitSchema),
});
export type MyWaits = z.infer<typeof myWaitsSchema>;
