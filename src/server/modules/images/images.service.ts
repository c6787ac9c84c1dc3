import type { Metadata, Sharp, SharpOptions } from 'sharp';
import { AppError, listParam, wordsIn, type ErrorParam, type ErrorWords } from '../../errors';

/**
 * Every image the app keeps is decoded and encoded again here (decision 023): what is stored is pixels we wrote,
 * never the bytes that came in, so metadata (EXIF GPS, XMP) and anything hidden behind the picture are gone.
 * Profile photos and the storage service's image uploads both come through this one module.
 */

export const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'] as const;
export type ImageType = (typeof IMAGE_TYPES)[number];

const LABEL: Record<ImageType, string> = { 'image/jpeg': 'JPEG', 'image/png': 'PNG', 'image/webp': 'WebP', 'image/gif': 'GIF' };

/** 50 megapixels: a 48 MP phone photo is about the largest real picture; a decompression bomb declares far more. */
export const DEFAULT_MAX_INPUT_PIXELS = 50_000_000;

type SharpOf = (input: Buffer, options: SharpOptions) => Sharp;

/**
 * The codecs (sharp, libvips) and the content sniffer, loaded at the first image (issue 27): they cost a starting
 * server ~0.3 s of CPU, and most requests never see an image. Once per process.
 */
let codecs: Promise<SharpOf> | null = null;
const loadSharp = () =>
  (codecs ??= import('sharp').then(({ default: sharp }) => {
    // libvips keeps decoded images in a cache for reuse; an upload is decoded once, so that memory is only held.
    sharp.cache(false);
    return sharp;
  }));

export interface NormalizeOptions {
  allowed: readonly ImageType[];
  /** The format written: a given one, or the format that came in ('same', the default). */
  output?: 'webp' | 'jpeg' | 'png' | 'same';
  /** Crop to the centre square and scale it to this many pixels a side (never enlarging past it). */
  square?: number;
  maxInputPixels?: number;
}

export interface NormalizedImage {
  bytes: Buffer;
  contentType: ImageType;
  width: number;
  height: number;
}

/** The image type the bytes really are, by their content (never by a name or a claimed Content-Type). */
export async function sniffImage(bytes: Buffer): Promise<ImageType | null> {
  const { fileTypeFromBuffer } = await import('file-type');
  const found = await fileTypeFromBuffer(bytes);
  return found && (IMAGE_TYPES as readonly string[]).includes(found.mime) ? (found.mime as ImageType) : null;
}

/**
 * Markup that a browser or a plug-in would run if the file were ever served as something else. A picture has no
 * reason to hold any of these byte strings; a polyglot (an image that is also a page or a script) does.
 */
const MARKUP = /<(?:script|html|svg|iframe|body|object|embed)[\s>/]|<\?php|<!doctype\s+html|javascript:/i;

/** A ZIP's end-of-central-directory record sits in the last 64 KiB + 22 bytes, where every ZIP reader looks. */
const ZIP_END = Buffer.from([0x50, 0x4b, 0x05, 0x06]);
const ZIP_TAIL = 65_557;

/** Why the bytes are more than an image ("also a web page", "also a ZIP archive"), or null. Pure: tested directly. */
function polyglotProblemWords(bytes: Buffer): ErrorWords | null {
  if (MARKUP.test(bytes.toString('latin1'))) return { key: 'images.alsoWebPage' };
  if (bytes.subarray(Math.max(0, bytes.length - ZIP_TAIL)).includes(ZIP_END)) return { key: 'images.alsoZip' };
  return null;
}

/** `polyglotProblemWords` in English. */
export function polyglotProblem(bytes: Buffer): string | null {
  const problem = polyglotProblemWords(bytes);
  return problem && wordsIn('en', problem);
}

/** "JPEG, PNG or WebP" ("JPEG, PNG o WebP" in Spanish). */
function accepted(allowed: readonly ImageType[]): ErrorParam {
  const names = allowed.map((t) => LABEL[t]);
  return (locale) =>
    locale === 'en' ? (names.length > 1 ? `${names.slice(0, -1).join(', ')} or ${names.at(-1)}` : (names[0] ?? 'no')) : listParam(names, 'disjunction')(locale);
}

/**
 * Checks that the bytes are one allowed image and nothing else, then decodes and re-encodes them: upright (EXIF
 * orientation applied), without metadata, optionally cropped to a square. Throws an AppError in words:
 * 415 not an allowed image, 400 damaged or a polyglot, 413 too many pixels (a decompression bomb).
 */
export async function normalizeImage(bytes: Buffer, options: NormalizeOptions): Promise<NormalizedImage> {
  const { allowed, output = 'same', square, maxInputPixels = DEFAULT_MAX_INPUT_PIXELS } = options;
  const type = await sniffImage(bytes);
  if (!type || !allowed.includes(type)) {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', { key: 'images.notAccepted', params: { types: accepted(allowed) } });
  }
  const polyglot = polyglotProblemWords(bytes);
  if (polyglot) throw new AppError('VALIDATION_FAILED', { key: 'images.notOnlyImage', params: { problem: polyglot } });

  const animated = type === 'image/gif' && output === 'same';
  const sharp = await loadSharp();
  let info: Metadata;
  try {
    // The header alone: the size is known before a single pixel is decoded.
    info = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    throw damaged();
  }
  const width = info.width ?? 0;
  const height = (info.pageHeight ?? info.height) || 0;
  if (width === 0 || height === 0) throw damaged();
  if (width * height > maxInputPixels) {
    throw new AppError('PAYLOAD_TOO_LARGE', { key: 'images.tooManyPixels', params: { width, height, megapixels: Math.round(maxInputPixels / 1_000_000) } });
  }

  let pipeline = sharp(bytes, { limitInputPixels: maxInputPixels, failOn: 'warning', animated }).rotate();
  if (square) pipeline = pipeline.resize(square, square, { fit: 'cover', position: 'centre', withoutEnlargement: false });
  const format = output === 'same' ? (type.slice('image/'.length) as 'jpeg' | 'png' | 'webp' | 'gif') : output;
  pipeline =
    format === 'jpeg'
      ? pipeline.jpeg({ quality: 85, mozjpeg: true })
      : format === 'png'
        ? pipeline.png({ compressionLevel: 9 })
        : format === 'webp'
          ? pipeline.webp({ quality: 82 })
          : pipeline.gif();
  try {
    const { data, info: out } = await pipeline.toBuffer({ resolveWithObject: true });
    return { bytes: data, contentType: `image/${format}`, width: out.width, height: out.pageHeight ?? out.height };
  } catch {
    throw damaged();
  }
}

function damaged(): AppError {
  return new AppError('VALIDATION_FAILED', { key: 'images.damaged' });
}
