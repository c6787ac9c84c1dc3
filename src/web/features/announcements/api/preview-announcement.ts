import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** The HTML a draft body will be shown as, rendered by the server with the function that renders published ones. */
export const previewAnnouncement = (body: string) => api<{ bodyHtml: string }>('/api/admin/announcements/preview', { method: 'POST', body: { body } });

export const usePreviewAnnouncement = () => useMutation({ mutationFn: previewAnnouncement });
