import { useMutation } from '@tanstack/react-query';
import type { Profile } from '../../../../shared/users/users.schemas';
import { uploadFile } from '../../../lib/storage/upload-file';
import { useStoreSessionProfile } from './store-session-profile';

export interface UploadPhotoInput {
  /** The cropped square, as the browser encoded it (the server decodes and re-encodes it anyway). */
  photo: Blob;
  signal?: AbortSignal;
  onProgress?: (fraction: number) => void;
  onRetry?: (retry: number, delayMs: number) => void;
}

const EXTENSION: Record<string, string> = { 'image/webp': 'webp', 'image/jpeg': 'jpg', 'image/png': 'png' };

/** POST /api/me/photo with progress, cancel and the storage retry policy; rejects with a StorageError in words. */
export async function uploadPhoto({ photo, signal, onProgress, onRetry }: UploadPhotoInput): Promise<Profile> {
  const { profile } = await uploadFile<{ profile: Profile }>({
    url: '/api/me/photo',
    file: photo,
    fileName: `photo.${EXTENSION[photo.type] ?? 'jpg'}`,
    signal,
    onProgress,
    onRetry,
  });
  return profile;
}

export function useUploadPhoto() {
  const store = useStoreSessionProfile();
  return useMutation({ mutationFn: uploadPhoto, onSuccess: store });
}
