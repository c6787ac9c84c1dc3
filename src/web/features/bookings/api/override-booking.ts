import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import type { Booking } from '../../../../shared/bookings/bookings.schemas';
import { api, ApiError } from '../../../lib/api-client';
import { refreshBookingData } from '../../../lib/live/refresh-booking-data';

export interface OverrideInput {
  slotId: string;
  teamId: string;
  reason: string;
  bump: boolean;
  /** The admin confirmed booking the team on a field limited to other divisions (issue 29). */
  allowOtherDivision?: boolean;
}

export interface OverrideResult {
  booking: Booking;
  /** The booking that was cancelled to make room, when the admin chose to bump. */
  bumped: Booking | null;
}

/** An admin books any slot for any team, outside the rules; `bump` cancels another team's booking first. */
export const overrideBooking = (input: OverrideInput) => api<OverrideResult>('/api/admin/bookings/override', { method: 'POST', body: { ...input } });

export function useOverrideBooking() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: overrideBooking, onSettled: () => refreshBookingData(queryClient) });
}

const bookedByOtherSchema = z.object({ bookedBy: z.string().nullable() });

/**
 * When the override was refused because another team holds the slot (409 with `details.bookedBy`): that
 * team's name (or null if the server did not know it). undefined for every other error.
 */
export function bookedByOtherTeam(err: unknown): string | null | undefined {
  if (!(err instanceof ApiError) || err.status !== 409) return undefined;
  const parsed = bookedByOtherSchema.safeParse(err.details);
  return parsed.success ? parsed.data.bookedBy : undefined;
}

const otherDivisionSchema = z.object({ rule: z.literal('FIELD_DIVISION') });

/**
 * When an admin's override or move was refused because the field is limited to other divisions than the team's
 * (issue 29; 409 with `details.rule` FIELD_DIVISION): the server's words, which the admin confirms before sending
 * `allowOtherDivision`. undefined for every other error.
 */
export function otherDivisionWarning(err: unknown): string | undefined {
  if (!(err instanceof ApiError) || err.status !== 409) return undefined;
  return otherDivisionSchema.safeParse(err.details).success ? err.message : undefined;
}
