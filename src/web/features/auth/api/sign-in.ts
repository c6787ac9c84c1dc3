import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { LoginInput } from '../../../../shared/users/users.schemas';
import { api } from '../../../lib/api-client';
import type { Session } from '../profile-cache';
import { sessionQueryOptions } from './get-session';

/** Loads the fresh session into the query cache (and local storage) after the server set the cookie. */
export async function refreshSession(queryClient: QueryClient): Promise<Session | null> {
  return queryClient.fetchQuery({ ...sessionQueryOptions(), staleTime: 0 });
}

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
