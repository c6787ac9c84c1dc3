import { useMutation, useQueryClient } from '@tanstack/react-query';
import { refreshSession } from '../../../app/session/get-session';
import type { Session } from '../../../app/session/profile-cache';
import { api } from '../../../lib/api-client';

export interface SignUpValues {
  name: string;
  email: string;
  password: string;
}

export function useSignUp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ name, email, password }: SignUpValues): Promise<Session | null> => {
      await api('/api/auth/sign-up/email', { method: 'POST', body: { name, email, password } });
      return refreshSession(queryClient);
    },
  });
}
