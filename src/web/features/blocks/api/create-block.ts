import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import type { blockInputSchema, blockResultSchema } from '../../../../shared/blocks/blocks.schemas';
import { api, ApiError } from '../../../lib/api-client';
import { adminQueryKey, slotsQueryKey } from '../../../lib/query-keys';
import { blocksQueryKey } from './get-blocks';

export type BlockValues = z.output<typeof blockInputSchema>;
export type BlockResult = z.infer<typeof blockResultSchema>;

export const createBlock = (input: BlockValues) => api<BlockResult>('/api/blocks', { method: 'POST', body: { ...input } });

export function useCreateBlock() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createBlock,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: blocksQueryKey }),
        queryClient.invalidateQueries({ queryKey: slotsQueryKey }),
        queryClient.invalidateQueries({ queryKey: adminQueryKey }),
      ]),
  });
}

/** The confirmed bookings a refused block (409, onBookings 'abort') lists in `error.details.bookings`. */
const conflictDetailsSchema = z.object({
  bookings: z
    .array(z.object({ bookingId: z.string(), teamName: z.string().nullable(), fieldName: z.string(), startsAt: z.string(), endsAt: z.string().optional() }))
    .min(1),
});
export type BookingInTheWay = z.infer<typeof conflictDetailsSchema>['bookings'][number];

/** The bookings in the way when the server refused a block because of them; null for any other error. */
export function bookingsInTheWay(err: unknown): BookingInTheWay[] | null {
  if (!(err instanceof ApiError) || err.status !== 409) return null;
  const parsed = conflictDetailsSchema.safeParse(err.details);
  return parsed.success ? parsed.data.bookings : null;
}
