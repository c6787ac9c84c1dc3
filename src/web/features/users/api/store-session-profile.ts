import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { Profile } from '../../../../shared/users/users.schemas';
import { writeCachedSession, type Session } from '../../../app/session/profile-cache';
import { sessionQueryKey } from '../../../lib/query-keys';

/**
 * Puts a profile the server just answered with into the session (and its local-storage copy), so the Account
 * dropdown and the mobile menu show the change without another request. What useUpdateProfile does for a name.
 */
export function useStoreSessionProfile(): (profile: Profile) => void {
  const queryClient = useQueryClient();
  return useCallback(
    (profile: Profile) =>
      queryClient.setQueryData<Session | null>(sessionQueryKey, (old) => {
        if (!old) return old;
        const next = { ...old, profile };
        writeCachedSession(next);
        return next;
      }),
    [queryClient],
  );
}
