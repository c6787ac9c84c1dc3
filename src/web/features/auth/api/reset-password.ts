import { useMutation, useQueryClient } from '@tanstack/react-query';
import { refreshSession } from '../../../app/session/get-session';
import { api } from '../../../lib/api-client';
import { sessionQueryKey } from '../../../lib/query-keys';

export function resetPassword(input: { token: string; newPassword: string }): Promise<unknown> {
  return api('/api/auth/reset-password', { method: 'POST', body: { token: input.token, newPassword: input.newPassword } });
}

export function useResetPassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resetPassword,
    // A reset ends every session, this browser's too if it was signed in: drop what was fetched as that
    // person, as signing out does, so the shell shows "Login".
    onSuccess: async () => {
      if (await refreshSession(queryClient)) return;
      queryClient.clear();
      queryClient.setQueryData(sessionQueryKey, null);
    },
  });
}
