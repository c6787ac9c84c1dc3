import { queryOptions, useQuery } from '@tanstack/react-query';
import type { InvitationLookup } from '../../../../shared/invitations/invitations.schemas';
import { api } from '../../../lib/api-client';

export const invitationQueryKey = ['invitation'] as const;

/** The link's state and who invited whom to what (the token travels in the body, out of logs). */
export const lookupInvitation = (token: string) => api<InvitationLookup>('/api/invitations/lookup', { method: 'POST', body: { token } });

export const invitationQueryOptions = (token: string) =>
  queryOptions({ queryKey: [...invitationQueryKey, token] as const, queryFn: () => lookupInvitation(token), staleTime: 0, retry: false });

export const useInvitationLookup = (token: string) => useQuery(invitationQueryOptions(token));
