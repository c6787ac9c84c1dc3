import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminAnnouncement } from '../../../../shared/announcements/announcements.schemas';
import { api } from '../../../lib/api-client';
import { announcementsQueryKey } from '../../../lib/query-keys';

/** Every announcement with its state, for the admin page (under the shared key: a change reloads every list). */
export const adminAnnouncementsQueryKey = [...announcementsQueryKey, 'admin'] as const;

export async function getAdminAnnouncements(): Promise<AdminAnnouncement[]> {
  const { announcements } = await api<{ announcements: AdminAnnouncement[] }>('/api/admin/announcements');
  return announcements;
}

export const adminAnnouncementsQueryOptions = () => queryOptions({ queryKey: adminAnnouncementsQueryKey, queryFn: getAdminAnnouncements });

export const useAdminAnnouncements = () => useQuery(adminAnnouncementsQueryOptions());
