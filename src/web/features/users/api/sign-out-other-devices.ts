import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** better-auth's revoke-other-sessions: every session of this person ends except the one making the call. */
export function signOutOtherDevices(): Promise<unknown> {
  return api('/api/auth/revoke-other-sessions', { method: 'POST', body: {} });
}

export const useSignOutOtherDevices = () => useMutation({ mutationFn: signOutOtherDevices });
