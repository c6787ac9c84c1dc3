import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Profile } from '../../../shared/users/users.schemas';
import { api } from '../../lib/api-client';
import { sessionQueryKey } from '../../lib/query-keys';
import { writeCachedSession, type Session } from './profile-cache';

export interface ProfilePatch {
  displayName?: string;
  /**
   * @deprecated Only a league admin sets a team (issue 10): the server refuses a change with a 403 and words.
   * Kept until the sign-up form stops sending the team it used to offer.
   */
  teamId?: string | null;
}

export async function updateProfile(patch: ProfilePatch): Promise<Profile> {
  const { profile } = await api<{ profile: Profile }>('/api/me', { method: 'PATCH', body: { ...patch } });
  return profile;
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (profile) => {
      queryClient.setQueryData<Session | null>(sessionQueryKey, (old) => {
        if (!old) return old;
        const next = { ...old, profile };
        writeCachedSession(next);
        return next;
      });
    },
  });
}
