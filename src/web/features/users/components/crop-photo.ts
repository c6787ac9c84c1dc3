import { PROFILE_PHOTO_SIZE } from '../../../../shared/users/profile-photo';
import { translate } from '../../../lib/i18n';

/** A rectangle of the picked image in its own pixels (what react-easy-crop reports as croppedAreaPixels). */
export interface PixelArea {
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * Draws the chosen square of the picture onto a canvas at the size the server keeps (never larger than what was
 * chosen) and encodes it: WebP where the browser writes it, JPEG otherwise. What goes up is a few dozen kilobytes
 * instead of a phone's 5 MB original, and nothing of the original file's metadata goes with it.
 */
export async function cropToBlob(imageUrl: string, area: PixelArea, size = PROFILE_PHOTO_SIZE): Promise<Blob> {
  const image = new Image();
  image.src = imageUrl;
  await image.decode();
  const side = Math.max(1, Math.min(size, Math.round(area.width)));
  const canvas = document.createElement('canvas');
  canvas.width = side;
  canvas.height = side;
  const context = canvas.getContext('2d');
  if (!context) throw new Error(translate('users', 'crop.unsupported'));
  context.imageSmoothingQuality = 'high';
  context.drawImage(image, area.x, area.y, area.width, area.height, 0, 0, side, side);
  // A browser that cannot write WebP answers with a PNG instead: JPEG is smaller for a photo.
  const webp = await toBlob(canvas, 'image/webp', 0.9);
  if (webp?.type === 'image/webp') return webp;
  const jpeg = await toBlob(canvas, 'image/jpeg', 0.9);
  if (!jpeg) throw new Error(translate('users', 'crop.failed'));
  return jpeg;
}

function toBlob(canvas: HTMLCanvasElement, type: string, quality: number): Promise<Blob | null> {
  return new Promise((resolve) => canvas.toBlob(resolve, type, quality));
}
