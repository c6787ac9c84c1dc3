import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminUser, UserPatch } from '../../../../shared/users/user-manager.schemas';
import { api } from '../../../lib/api-client';
import { adminQueryKey, sessionQueryKey } from '../../../lib/query-keys';
import { peopleQueryKey } from '../user-manager-keys';
import { replacePerson } from './get-people';

export async function updatePerson(id: string, patch: UserPatch): Promise<AdminUser> {
  const { user } = await api<{ user: AdminUser }>(`/api/admin/users/${encodeURIComponent(id)}`, { method: 'PATCH', body: { ...patch } });
  return user;
}

/** Changes a person's role, team or disabled flag; `selfId` is the signed-in admin (their own session reloads). */
export function useUpdatePerson(selfId: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, patch }: { id: string; patch: UserPatch }) => updatePerson(id, patch),
    onSuccess: async (person) => {
      // The person stays where they are in the list (even if they no longer match a filter) until the next search.
      replacePerson(queryClient, person);
      await Promise.all([
        // Team coach lists and counts change; the people pages were just patched in place.
        queryClient.invalidateQueries({ queryKey: adminQueryKey, predicate: (q) => q.queryKey[1] !== peopleQueryKey[1] }),
        person.id === selfId ? queryClient.invalidateQueries({ queryKey: sessionQueryKey }) : null,
      ]);
    },
  });
}
