import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Invitation } from '../../../../shared/invitations/invitations.schemas';
import { api } from '../../../lib/api-client';
import { invitationsQueryKey } from '../user-manager-keys';

/** Resend (a new link by email; the old one stops working) or revoke (the link stops working). */
export async function changeInvitation(id: string, action: 'resend' | 'revoke'): Promise<Invitation> {
  const { invitation } = await api<{ invitation: Invitation }>(`/api/admin/invitations/${encodeURIComponent(id)}/${action}`, { method: 'POST', body: {} });
  return invitation;
}

export function useChangeInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action }: { id: string; action: 'resend' | 'revoke' }) => changeInvitation(id, action),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: invitationsQueryKey }),
  });
}
