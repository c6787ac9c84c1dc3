import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { approvePracticeRequestSchema, PracticeRequest } from '../../../../shared/practice-requests/practice-requests.schemas';
import { api } from '../../../lib/api-client';
import { practiceRequestsQueryKey } from '../../../lib/query-keys';
import { adminQueryKey, bookingsQueryKey, slotsQueryKey } from '../../../lib/query-keys';

export type Approval = z.output<typeof approvePracticeRequestSchema>;

export const approvePracticeRequest = ({ id, ...approval }: Approval & { id: string }) =>
  api<{ request: PracticeRequest }>(`/api/admin/practice-requests/${encodeURIComponent(id)}/approve`, { method: 'POST', body: { ...approval } });

export const declinePracticeRequest = ({ id, reason }: { id: string; reason: string }) =>
  api<{ request: PracticeRequest }>(`/api/admin/practice-requests/${encodeURIComponent(id)}/decline`, { method: 'POST', body: { reason } });

/** A decision changes the queue, the counts, and (an approval) the slots and bookings. */
function useInvalidateAfterDecision() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([practiceRequestsQueryKey, adminQueryKey, slotsQueryKey, bookingsQueryKey].map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}

export function useApprovePracticeRequest() {
  const invalidate = useInvalidateAfterDecision();
  return useMutation({ mutationFn: approvePracticeRequest, onSuccess: invalidate, onError: invalidate });
}

export function useDeclinePracticeRequest() {
  const invalidate = useInvalidateAfterDecision();
  return useMutation({ mutationFn: declinePracticeRequest, onSuccess: invalidate });
}
