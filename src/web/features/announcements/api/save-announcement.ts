import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminAnnouncement, AnnouncementValues } from '../../../../shared/announcements/announcements.schemas';
import { api } from '../../../lib/api-client';
import { announcementsQueryKey } from '../../../lib/query-keys';

/** Publishes a new announcement (no id) or saves an edit. */
export const saveAnnouncement = ({ id, values }: { id: string | null; values: AnnouncementValues }) =>
  api<{ announcement: AdminAnnouncement }>(id ? `/api/admin/announcements/${encodeURIComponent(id)}` : '/api/admin/announcements', {
    method: id ? 'PUT' : 'POST',
    body: { ...values },
  }).then((r) => r.announcement);

export function useSaveAnnouncement() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveAnnouncement,
    // The admin list and what the admin sees on the landing page and in the banner.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: announcementsQueryKey }),
  });
}
