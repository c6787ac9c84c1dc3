import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { myRainOutsQueryOptions } from './get-my-rain-outs';

/** Puts a rain-out's notice away for the signed-in person (POST /api/rain-outs/:id/dismiss): gone at once, back on a failure. */
export function useDismissRainOut(userId: string | null) {
  const queryClient = useQueryClient();
  const key = myRainOutsQueryOptions(userId).queryKey;
  return useMutation({
    mutationFn: (closureId: string) => api<{ dismissed: true }>(`/api/rain-outs/${encodeURIComponent(closureId)}/dismiss`, { method: 'POST' }),
    onMutate: async (closureId) => {
      // A reload already on its way would bring the notice back.
      await queryClient.cancelQueries({ queryKey: key });
      const before = queryClient.getQueryData(key);
      queryClient.setQueryData(key, (data) => data && { ...data, notices: data.notices.filter((n) => n.closureId !== closureId) });
      return { before };
    },
    onError: (_err, _closureId, context) => {
      if (context?.before) queryClient.setQueryData(key, context.before);
    },
  });
}
