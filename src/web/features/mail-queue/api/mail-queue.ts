import { keepPreviousData, useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import type { MailQueuePage, MailQueueView, QueuedMail } from '../../../../shared/mail/mail-queue.schemas';
import { api } from '../../../lib/api-client';

const mailQueueKey = ['mail-queue'] as const;

export const getMailQueuePage = (view: MailQueueView, cursor: string | null, signal?: AbortSignal) =>
  api<MailQueuePage>(`/api/admin/mail-messages?${new URLSearchParams({ view, ...(cursor ? { cursor } : {}) }).toString()}`, { signal });

/** Failed or waiting mail, newest first, a page at a time ("Load more" follows the cursor); refreshed while open. */
export function useMailQueue(view: MailQueueView) {
  return useInfiniteQuery({
    queryKey: [...mailQueueKey, view] as const,
    queryFn: ({ pageParam, signal }) => getMailQueuePage(view, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    placeholderData: keepPreviousData,
    // Waiting mail goes out within seconds; the list follows without a reload.
    refetchInterval: 10_000,
  });
}

/** Sends one failed or waiting message again now, with its Message-ID. */
export function useResendMail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<QueuedMail>(`/api/admin/mail-messages/${id}/resend`, { method: 'POST', body: {} }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: mailQueueKey }),
  });
}
