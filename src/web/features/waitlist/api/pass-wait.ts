import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Wait } from '../../../../shared/waitlist/waitlist.schemas';
import { api } from '../../../lib/api-client';
import { refreshBookingData } from '../../../lib/live/refresh-booking-data';
import { toast } from '../../../lib/toast';
import { passedMessage, waitlistT } from '../waitlist-words';

export const passWait = (waitId: string) => api<{ passed: true }>(`/api/waits/${encodeURIComponent(waitId)}/pass`, { method: 'POST' });

/** Pass: the slot held for the team goes to the next team waiting (or opens to everyone); the week and the waits reload. */
export function usePassWait() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ wait }: { wait: Wait; timeZone: string }) => passWait(wait.id),
    onSuccess: (_result, { wait, timeZone }) => toast.success(passedMessage(waitlistT, wait, timeZone)),
    onError: (err) => toast.error(err.message),
    onSettled: () => refreshBookingData(queryClient),
  });
}
