import { queryOptions, useQuery } from '@tanstack/react-query';
import { notificationPrefsSchema, type NotificationPrefs } from '../../../../shared/users/users.schemas';
import { api } from '../../../lib/api-client';

export const notificationPrefsQueryKey = ['me', 'notifications'] as const;

export async function getNotificationPrefs(): Promise<NotificationPrefs> {
  return notificationPrefsSchema.parse(await api<unknown>('/api/me/notifications'));
}

/** `userId` is only in the key: another person signing in on this browser gets their own choices. */
export const notificationPrefsQueryOptions = (userId: string) =>
  queryOptions({ queryKey: [...notificationPrefsQueryKey, { userId }] as const, queryFn: getNotificationPrefs });

export const useNotificationPrefs = (userId: string) => useQuery(notificationPrefsQueryOptions(userId));
