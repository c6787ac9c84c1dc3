import { useMutation, useQueryClient } from '@tanstack/react-query';
import { endSession } from '../../../app/session/profile-cache';
import { api } from '../../../lib/api-client';
import { sessionQueryKey } from '../../../lib/query-keys';
import { forgetGreeting } from '../greeting';

export function useSignOut() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => endSession(() => api('/api/auth/sign-out', { method: 'POST', body: {} })),
    onSuccess: () => {
      // Drop everything fetched as this person and their greeting, then say plainly that nobody is signed in.
      forgetGreeting();
      queryClient.clear();
      queryClient.setQueryData(sessionQueryKey, null);
    },
  });
}
