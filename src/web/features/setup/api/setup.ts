import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SetupAdminInput } from '../../../../shared/users/users.schemas';
import { refreshSession } from '../../../app/session/get-session';
import { api } from '../../../lib/api-client';

export const setupStatusQueryKey = ['setup'] as const;

export const getSetupStatus = () => api<{ needsSetup: boolean }>('/api/setup');

export const useSetupStatus = () =>
  useQuery(queryOptions({ queryKey: setupStatusQueryKey, queryFn: getSetupStatus, staleTime: 0 }));

/** Creates the first admin with the one-time link; the server signs them in, so the session is reloaded. */
export function useCreateFirstAdmin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: SetupAdminInput) => {
      await api('/api/setup', { method: 'POST', body: { ...input } });
      return refreshSession(queryClient);
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: setupStatusQueryKey }),
  });
}
