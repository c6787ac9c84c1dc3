import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Invitation } from '../../../../shared/invitations/invitations.schemas';
import { api } from '../../../lib/api-client';
import { invitationsQueryKey } from '../user-manager-keys';

export async function getInvitations(): Promise<Invitation[]> {
  const { invitations } = await api<{ invitations: Invitation[] }>('/api/admin/invitations');
  return invitations;
}

/** Open invitations (pending and expired), newest first. */
export const invitationsQueryOptions = () => queryOptions({ queryKey: invitationsQueryKey, queryFn: getInvitations });

export const useInvitations = () => useQuery(invitationsQueryOptions());
