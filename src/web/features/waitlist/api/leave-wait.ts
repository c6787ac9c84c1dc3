import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Wait } from '../../../../shared/waitlist/waitlist.schemas';
import { api } from '../../../lib/api-client';
import { refreshBookingData } from '../../../lib/live/refresh-booking-data';
import { toast } from '../../../lib/toast';
import { leftMessage, waitlistT } from '../waitlist-words';

export const leaveWait = (waitId: string) => api<{ left: true }>(`/api/waits/${encodeURIComponent(waitId)}`, { method: 'DELETE' });

/** Stop waiting: the team leaves the line (the teams behind it move up); the waits and the week reload. */
export function useLeaveWait() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ wait }: { wait: Wait; timeZone: string }) => leaveWait(wait.id),
    onSuccess: (_result, { wait, timeZone }) => toast.success(leftMessage(waitlistT, wait, timeZone)),
    onError: (err) => toast.error(err.message),
    onSettled: () => refreshBookingData(queryClient),
  });
}
