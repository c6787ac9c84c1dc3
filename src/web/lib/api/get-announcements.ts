import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Announcement } from '../../../shared/announcements/announcements.schemas';
import { api } from '../api-client';
import { announcementsQueryKey } from '../query-keys';

export async function getAnnouncements(): Promise<Announcement[]> {
  const { announcements } = await api<{ announcements: Announcement[] }>('/api/announcements');
  return announcements;
}

/**
 * The announcements live now for the person viewing (the landing page, the coach dashboard and the urgent banner
 * read this one query). The key's second part is who is viewing (null: a visitor): the server answers per audience.
 */
export const announcementsQueryOptions = (viewerId: string | null) =>
  queryOptions({ queryKey: [...announcementsQueryKey, viewerId], queryFn: getAnnouncements, staleTime: 60_000, refetchOnWindowFocus: true });

/** `enabled`: false until the session is known, so a visitor's list is not fetched for a signed-in person. */
export const useAnnouncements = (viewerId: string | null, enabled = true) => useQuery({ ...announcementsQueryOptions(viewerId), enabled });

/** Records a signed-in person's dismissal on the server; the list shows it dismissed at once. */
export function useDismissAnnouncement(viewerId: string | null) {
  const queryClient = useQueryClient();
  const key = announcementsQueryOptions(viewerId).queryKey;
  return useMutation({
    mutationFn: (id: string) => api<{ dismissed: true }>(`/api/announcements/${encodeURIComponent(id)}/dismiss`, { method: 'POST' }),
    onMutate: (id) => {
      queryClient.setQueryData(key, (list) => list?.map((a) => (a.id === id ? { ...a, dismissed: true } : a)));
    },
    onError: (_err, id) => {
      queryClient.setQueryData(key, (list) => list?.map((a) => (a.id === id ? { ...a, dismissed: false } : a)));
    },
  });
}
