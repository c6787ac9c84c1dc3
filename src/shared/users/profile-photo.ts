/** Profile photos (issue 15): what the browser may send and what the server keeps. */

/** The image types a photo may arrive as, checked by content on the server. */
export const PROFILE_PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;

/** The largest upload taken, refused with 413 before a single pixel is decoded (a 48 MP phone JPEG is 6-8 MB). */
export const PROFILE_PHOTO_MAX_BYTES = 8 * 1024 * 1024;

/** The kept photo: a square WebP this many pixels a side (sharp on a 2x screen up to 256 CSS px). */
export const PROFILE_PHOTO_SIZE = 512;
