import { useMutation, useQueryClient } from '@tanstack/react-query';
import { notificationPrefsSchema, type NotificationPrefs } from '../../../../shared/users/users.schemas';
import { api } from '../../../lib/api-client';
import { notificationPrefsQueryOptions } from './get-notification-prefs';

export async function saveNotificationPrefs(prefs: NotificationPrefs): Promise<NotificationPrefs> {
  return notificationPrefsSchema.parse(await api<unknown>('/api/me/notifications', { method: 'PUT', body: { ...prefs } }));
}

export function useSaveNotificationPrefs(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveNotificationPrefs,
    onSuccess: (saved) => queryClient.setQueryData(notificationPrefsQueryOptions(userId).queryKey, saved),
  });
}
