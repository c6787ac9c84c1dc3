import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MyWaits, Wait } from '../../../../shared/waitlist/waitlist.schemas';
import { api } from '../../../lib/api-client';
import { waitsQueryKey } from '../../../lib/query-keys';
import { toast } from '../../../lib/toast';
import { joinedMessage, waitlistT } from '../waitlist-words';
import { myWaitsQueryKey } from './get-my-waits';

export async function joinWait(slotId: string): Promise<Wait> {
  const { wait } = await api<{ wait: Wait }>(`/api/slots/${encodeURIComponent(slotId)}/waits`, { method: 'POST' });
  return wait;
}

/**
 * "Tell me if it frees up": the team joins the line for a booked slot. The new wait shows at once (its place in line);
 * the team's waits reload either way. The toasts are the mutation's own, so they come even if the button is gone by then.
 */
export function useJoinWait() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: joinWait,
    onSuccess: (wait) => {
      queryClient.setQueriesData<MyWaits>({ queryKey: myWaitsQueryKey }, (data) => data && { ...data, waits: [wait, ...data.waits.filter((w) => w.id !== wait.id)] });
      toast.success(joinedMessage(waitlistT, wait.position));
    },
    onError: (err) => toast.error(err.message),
    onSettled: () => queryClient.invalidateQueries({ queryKey: waitsQueryKey }),
  });
}
