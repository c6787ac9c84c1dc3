import { useMutation } from '@tanstack/react-query';
import type { Profile } from '../../../../shared/users/users.schemas';
import { api, ApiError } from '../../../lib/api-client';
import { storageErrorFromResponse } from '../../../../shared/storage/storage-errors';
import { useStoreSessionProfile } from './store-session-profile';

/** DELETE /api/me/photo: the stored photo goes and the league logo shows again. An answer that is a failure is given in the storage catalogue's words; no answer at all, in the API client's. */
export async function removePhoto(): Promise<Profile> {
  try {
    const { profile } = await api<{ profile: Profile }>('/api/me/photo', { method: 'DELETE' });
    return profile;
  } catch (err) {
    if (err instanceof ApiError && err.status > 0) throw storageErrorFromResponse(err.status, { error: { code: err.code, message: err.message } });
    throw err;
  }
}

export function useRemovePhoto() {
  const store = useStoreSessionProfile();
  return useMutation({ mutationFn: removePhoto, onSuccess: store });
}
