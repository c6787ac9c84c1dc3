import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Profile } from '../../../../shared/users/users.schemas';
import { refreshSession } from '../../../app/session/get-session';
import { endSession } from '../../../app/session/profile-cache';
import { api } from '../../../lib/api-client';
import { sessionQueryKey } from '../../../lib/query-keys';
import { invitationQueryKey } from './lookup-invitation';

/** Signs up with the invited address and accepts; the server sets the session cookie, so the session reloads. */
export function useAcceptWithSignUp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: { token: string; name: string; password: string }) => {
      const { profile } = await api<{ profile: Profile }>('/api/invitations/accept', { method: 'POST', body: input });
      await refreshSession(queryClient);
      return profile;
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: invitationQueryKey }),
  });
}

/** The signed-in person accepts an invitation to their own address. */
export function useAcceptSignedIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (token: string) => {
      const { profile } = await api<{ profile: Profile }>('/api/invitations/accept-signed-in', { method: 'POST', body: { token } });
      await refreshSession(queryClient);
      return profile;
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: invitationQueryKey }),
  });
}

/** Signed in as someone else: log out here, and stay on the invitation. */
export function useSignOutHere() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => endSession(() => api('/api/auth/sign-out', { method: 'POST', body: {} })),
    onSuccess: async () => {
      // Drop everything fetched as that person (as the account menu's Logout does), except this invitation; the
      // session query stays (this page watches it) and now says nobody is signed in.
      const keep = new Set<unknown>([invitationQueryKey[0], sessionQueryKey[0]]);
      queryClient.removeQueries({ predicate: (q) => !keep.has(q.queryKey[0]) });
      queryClient.setQueryData(sessionQueryKey, null);
      await queryClient.invalidateQueries({ queryKey: invitationQueryKey });
    },
  });
}
