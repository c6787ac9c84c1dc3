import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { Locale } from '../../../shared/i18n/locales';
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
  /** The language of the person's screens and emails (decision 038); null follows the browser. */
  locale?: Locale | null;
}

export async function updateProfile(patch: ProfilePatch): Promise<Profile> {
  const { profile } = await api<{ profile: Profile }>('/api/me', { method: 'PATCH', body: { ...patch } });
  return profile;
}

/** Puts the profile the server answered with into the session and its local-storage copy. */
export function storeProfile(queryClient: QueryClient, profile: Profile): void {
  queryClient.setQueryData<Session | null>(sessionQueryKey, (old) => {
    if (!old) return old;
    const next = { ...old, profile };
    writeCachedSession(next);
    return next;
  });
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (profile) => storeProfile(queryClient, profile),
  });
}
