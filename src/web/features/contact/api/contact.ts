import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { ContactInbox, contactInputSchema, ContactMessage, ContactMessageStatus } from '../../../../shared/contact/contact.schemas';
import { api } from '../../../lib/api-client';
import { adminQueryKey } from '../../../lib/query-keys';

const inboxKey = ['contact-messages'] as const;

export const sendContactMessage = (input: z.output<typeof contactInputSchema>) =>
  api<{ received: true }>('/api/contact', { method: 'POST', body: { ...input } });

export function useSendContactMessage() {
  return useMutation({ mutationFn: sendContactMessage });
}

/** One tab of the admins' inbox, with the count of each tab. */
export function useContactInbox(status: ContactMessageStatus) {
  return useQuery({
    queryKey: [...inboxKey, status],
    queryFn: ({ signal }) => api<ContactInbox>(`/api/admin/contact-messages?status=${status}`, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useSetContactStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status }: { id: string; status: ContactMessageStatus }) =>
      api<ContactMessage>(`/api/admin/contact-messages/${id}`, { method: 'PATCH', body: { status } }),
    onSuccess: () => Promise.all([queryClient.invalidateQueries({ queryKey: inboxKey }), queryClient.invalidateQueries({ queryKey: adminQueryKey })]),
  });
}
