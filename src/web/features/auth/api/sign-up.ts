import { useMutation, useQueryClient } from '@tanstack/react-query';
import { refreshSession } from '../../../app/session/get-session';
import type { Session } from '../../../app/session/profile-cache';
import { updateProfile } from '../../../app/session/update-profile';
import { api } from '../../../lib/api-client';

export interface SignUpValues {
  name: string;
  email: string;
  password: string;
  teamId?: string | undefined;
}

export interface SignUpResult {
  session: Session | null;
  /** Set when the account was made but the chosen team could not be saved. */
  teamError: string | null;
}

export function useSignUp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ name, email, password, teamId }: SignUpValues): Promise<SignUpResult> => {
      await api('/api/auth/sign-up/email', { method: 'POST', body: { name, email, password } });
      let teamError: string | null = null;
      if (teamId) {
        try {
          await updateProfile({ teamId });
        } catch (err) {
          teamError = err instanceof Error ? err.message : 'The team could not be saved.';
        }
      }
      return { session: await refreshSession(queryClient), teamError };
    },
  });
}
