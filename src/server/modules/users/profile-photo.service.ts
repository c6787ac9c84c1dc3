import type { ServerContext } from '../../context';
import { AppError } from '../../errors';
import type { Actor } from '../../context';
import { PROFILE_PHOTO_MAX_BYTES, PROFILE_PHOTO_SIZE, PROFILE_PHOTO_TYPES } from '../../../shared/users/profile-photo';
import type { Profile } from '../../../shared/users/users.schemas';
import { DEFAULT_MAX_INPUT_PIXELS, normalizeImage } from '../images/images.service';
import * as repo from './users.repository';
import { toProfile } from './users.service';

type PhotoDeps = Pick<ServerContext, 'db' | 'live' | 'storage'>;

/** Where a person's photo is kept: under their own prefix, the one place the storage rules let them write. */
export const profilePhotoPath = (userId: string) => `users/${userId}/profile/photo-${PROFILE_PHOTO_SIZE}.webp`;

/** Megabytes for people ("8 MB"). */
const mb = (bytes: number) => `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MB`;

export const photoTooLarge = () =>
  new AppError('PAYLOAD_TOO_LARGE', { key: 'users.photoTooLarge', params: { size: mb(PROFILE_PHOTO_MAX_BYTES) } });

/**
 * A person sets their own photo. The bytes are checked by content (JPEG, PNG or WebP, nothing hidden behind the
 * picture, not a decompression bomb) and re-encoded as a square WebP before anything is stored (images.service):
 * what is kept is pixels we wrote, so EXIF and GPS are gone. Only then is it stored and the profile pointed at it,
 * so a refused file leaves no object and no change behind.
 */
export async function setProfilePhoto({ db, live, storage }: PhotoDeps, actor: Actor, bytes: Buffer): Promise<Profile> {
  if (bytes.length > PROFILE_PHOTO_MAX_BYTES) throw photoTooLarge();
  if (bytes.length === 0) throw new AppError('VALIDATION_FAILED', { key: 'users.photoEmpty' });
  const photo = await normalizeImage(bytes, {
    allowed: PROFILE_PHOTO_TYPES,
    output: 'webp',
    square: PROFILE_PHOTO_SIZE,
    maxInputPixels: DEFAULT_MAX_INPUT_PIXELS,
  });
  const fullPath = profilePhotoPath(actor.userId);
  await storage.put({
    fullPath,
    ownerId: actor.userId,
    bytes: photo.bytes,
    contentType: photo.contentType,
  });
  // A new address for each new photo (the storage service makes a new download token per generation), so the
  // browsers that kept the old picture show the new one at once.
  const url = await storage.downloadUrl(fullPath);
  if (!url) throw new AppError('INTERNAL', { key: 'users.photoNoAddress' });
  await repo.setPhotoUrl(db, actor.userId, url);
  // Signed-in people are held in memory on every server (auth/actor-cache.ts): the new photo shows at once.
  await live.publish({ people: [actor.userId] });
  return toProfile((await repo.findProfile(db, actor.userId))!);
}

/** A person removes their own photo: the stored object goes, and the menus show the league logo again. */
export async function removeProfilePhoto({ db, live, storage }: PhotoDeps, actor: Actor): Promise<Profile> {
  await repo.setPhotoUrl(db, actor.userId, null);
  await storage.remove(profilePhotoPath(actor.userId));
  await live.publish({ people: [actor.userId] });
  return toProfile((await repo.findProfile(db, actor.userId))!);
}
