import { useMutation } from '@tanstack/react-query';
import type { ChangePasswordInput } from '../../../../shared/auth/auth.schemas';
import { api } from '../../../lib/api-client';

/** better-auth checks the current password; with `revokeOtherSessions` this browser gets a fresh session cookie. */
export function changePassword(input: ChangePasswordInput): Promise<unknown> {
  return api('/api/auth/change-password', {
    method: 'POST',
    body: { currentPassword: input.currentPassword, newPassword: input.newPassword, revokeOtherSessions: input.signOutOtherDevices },
  });
}

export const useChangePassword = () => useMutation({ mutationFn: changePassword });
