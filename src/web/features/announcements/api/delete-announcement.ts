import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { announcementsQueryKey } from '../../../lib/query-keys';

export const deleteAnnouncement = (id: string) => api<{ deleted: true }>(`/api/admin/announcements/${encodeURIComponent(id)}`, { method: 'DELETE' });

export function useDeleteAnnouncement() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAnnouncement,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: announcementsQueryKey }),
  });
}
