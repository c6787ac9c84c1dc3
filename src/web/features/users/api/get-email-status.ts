import { queryOptions, useQuery } from '@tanstack/react-query';
import { sessionUserSchema } from '../../../../shared/auth/auth.schemas';
import { api } from '../../../lib/api-client';

export const emailStatusQueryKey = ['me', 'email-status'] as const;

export interface EmailStatus {
  email: string;
  verified: boolean;
}

/** Whether the address is confirmed: better-auth's session answer holds it (null when signed out). */
export async function getEmailStatus(): Promise<EmailStatus | null> {
  const session = sessionUserSchema.parse(await api<unknown>('/api/auth/get-session'));
  return session ? { email: session.user.email, verified: session.user.emailVerified } : null;
}

export const emailStatusQueryOptions = (userId: string) => queryOptions({ queryKey: [...emailStatusQueryKey, { userId }] as const, queryFn: getEmailStatus });

export const useEmailStatus = (userId: string) => useQuery(emailStatusQueryOptions(userId));
