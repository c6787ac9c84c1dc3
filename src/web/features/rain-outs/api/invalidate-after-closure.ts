import type { QueryClient } from '@tanstack/react-query';
import { adminQueryKey, blocksQueryKey, bookingsQueryKey, fieldStatusQueryKey, makeupCreditsQueryKey, rainOutsQueryKey, slotsQueryKey, waitsQueryKey } from '../../../lib/query-keys';

/**
 * What a rain-out or a reopen changes: its blocks and their slots, the practices it cancelled or restored, the teams'
 * make-up credits, the admin counts (fields blocked today), the field status, a rain-out's holds on waited slots and the
 * rain-outs list itself.
 */
export function invalidateAfterClosure(queryClient: QueryClient) {
  return Promise.all(
    [rainOutsQueryKey, blocksQueryKey, slotsQueryKey, bookingsQueryKey, makeupCreditsQueryKey, adminQueryKey, fieldStatusQueryKey, waitsQueryKey].map((queryKey) =>
      queryClient.invalidateQueries({ queryKey }),
    ),
  );
}
