import { queryOptions, useQuery } from '@tanstack/react-query';
import { resetLinkStatusResponseSchema, type ResetLinkStatus } from '../../../../shared/auth/auth.schemas';
import { api } from '../../../lib/api-client';

/** A POST, so the token stays out of URLs the server logs; it reads, it changes nothing. */
export async function getResetLinkStatus(token: string): Promise<ResetLinkStatus> {
  const body = await api<unknown>('/api/auth/reset-link-status', { method: 'POST', body: { token } });
  return resetLinkStatusResponseSchema.parse(body).status;
}

export const resetLinkStatusQueryOptions = (token: string) =>
  queryOptions({
    queryKey: ['auth', 'reset-link', token] as const,
    queryFn: () => getResetLinkStatus(token),
    // The answer changes when the link is used or expires: ask again each time the page opens.
    staleTime: 0,
    gcTime: 0,
    refetchOnWindowFocus: false,
  });

export const useResetLinkStatus = (token: string) => useQuery(resetLinkStatusQueryOptions(token));
