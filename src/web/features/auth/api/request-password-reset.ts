import { useMutation } from '@tanstack/react-query';
import type { ForgotPasswordInput } from '../../../../shared/auth/auth.schemas';
import { api } from '../../../lib/api-client';

/** better-auth answers the same whether or not the address has an account; the page says so in its own words. */
export function requestPasswordReset({ email }: ForgotPasswordInput): Promise<unknown> {
  return api('/api/auth/request-password-reset', { method: 'POST', body: { email } });
}

export const useRequestPasswordReset = () => useMutation({ mutationFn: requestPasswordReset });
