import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { Invitation, inviteInputSchema } from '../../../../shared/invitations/invitations.schemas';
import { api } from '../../../lib/api-client';
import { invitationsQueryKey } from '../user-manager-keys';

export type InviteValues = z.output<typeof inviteInputSchema>;

export async function sendInvitation(input: InviteValues): Promise<Invitation> {
  const { invitation } = await api<{ invitation: Invitation }>('/api/admin/invitations', { method: 'POST', body: { ...input } });
  return invitation;
}

export function useSendInvitation() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: sendInvitation, onSuccess: () => queryClient.invalidateQueries({ queryKey: invitationsQueryKey }) });
}
