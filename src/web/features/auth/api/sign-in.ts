import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LoginInput } from '../../../../shared/users/users.schemas';
import { refreshSession } from '../../../app/session/get-session';
import { api } from '../../../lib/api-client';

export function signIn(input: LoginInput): Promise<unknown> {
  return api('/api/auth/sign-in/email', { method: 'POST', body: { email: input.email, password: input.password } });
}

export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: LoginInput) => {
      await signIn(input);
      return refreshSession(queryClient);
    },
  });
}
