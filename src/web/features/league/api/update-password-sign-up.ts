import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SignInOptions } from '../../../../shared/auth/sign-in.schemas';
import type { PasswordSignUp } from '../../../../shared/league/league.schemas';
import { api } from '../../../lib/api-client';
import { signInOptionsQueryKey } from '../../../lib/api/get-sign-in-options';

export const updatePasswordSignUp = (input: PasswordSignUp) => api<PasswordSignUp>('/api/league/password-sign-up', { method: 'PUT', body: { ...input } });

/** Switches password sign-up; the login and sign-up pages read the new value from the sign-in options. */
export function useUpdatePasswordSignUp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePasswordSignUp,
    onSuccess: (saved) => {
      queryClient.setQueryData<SignInOptions>(signInOptionsQueryKey, (old) => (old ? { ...old, passwordSignUp: saved.passwordSignUp } : old));
      return queryClient.invalidateQueries({ queryKey: signInOptionsQueryKey });
    },
  });
}
