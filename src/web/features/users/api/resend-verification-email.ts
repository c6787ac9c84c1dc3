import { useMutation } from '@tanstack/react-query';
import { VERIFY_EMAIL_LANDING } from '../../../../shared/auth/auth.schemas';
import { api } from '../../../lib/api-client';

export function resendVerificationEmail(email: string): Promise<unknown> {
  return api('/api/auth/send-verification-email', { method: 'POST', body: { email, callbackURL: VERIFY_EMAIL_LANDING } });
}

export const useResendVerificationEmail = () => useMutation({ mutationFn: resendVerificationEmail });
