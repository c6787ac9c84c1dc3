import { AppError, wordsIn, type ErrorWords } from '../../errors';
import { IMAGE_TYPES, normalizeImage } from '../images/images.service';

/*
 * What a generic upload may hold (decision 023), decided by the bytes, never by the name or the Content-Type the
 * client claims: pictures (decoded and written again by the images module), PDF, and plain text or CSV (in words:
 * the errors catalogue's `storage.acceptedTypes`).
 */

const TEXT_PLAIN = 'text/plain; charset=utf-8';
const TEXT_CSV = 'text/csv; charset=utf-8';

/** How far into a text file markup is looked for: a browser sniffing a page decides within its first bytes too. */
const MARKUP_WINDOW = 4096;
const MARKUP = /<svg|<html|<script|<\?xml|<!doctype/i;

/** Why these bytes are not a plain text file, in words, or null when they are. Pure: tested directly. */
function textProblemWords(bytes: Buffer): ErrorWords | null {
  if (bytes.includes(0)) return { key: 'storage.textNullBytes' };
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return { key: 'storage.textNotUtf8' };
  }
  // Cut at a byte count, the window may end inside a character: read it leniently.
  if (MARKUP.test(bytes.subarray(0, MARKUP_WINDOW).toString('utf8'))) return { key: 'storage.textMarkup' };
  return null;
}

/** `textProblemWords` in English. */
export function textProblem(bytes: Buffer): string | null {
  const problem = textProblemWords(bytes);
  return problem && wordsIn('en', problem);
}

export interface CheckedUpload {
  bytes: Buffer;
  contentType: string;
}

function refused(what: ErrorWords): AppError {
  return new AppError('UNSUPPORTED_MEDIA_TYPE', { key: 'storage.typeRefused', params: { problem: what, accepted: { key: 'storage.acceptedTypes' } } });
}

/**
 * The bytes to keep and their type, or an AppError in words: 415 for a type not accepted, and the images
 * module's 400 (damaged, or a polyglot) and 413 (too many pixels). `hint` only chooses between text/plain and
 * text/csv, which have no magic number to tell them apart.
 */
export async function checkUploadContent(bytes: Buffer, hint: { name: string; claimedType?: string }): Promise<CheckedUpload> {
  // Loaded at the first upload, not at start (issue 27).
  const { fileTypeFromBuffer } = await import('file-type');
  const found = await fileTypeFromBuffer(bytes);
  if (found) {
    if ((IMAGE_TYPES as readonly string[]).includes(found.mime)) {
      const image = await normalizeImage(bytes, { allowed: IMAGE_TYPES, output: 'same' });
      return { bytes: image.bytes, contentType: image.contentType };
    }
    if (found.mime === 'application/pdf') return { bytes, contentType: 'application/pdf' };
    throw refused({ key: 'storage.typeIs', params: { ext: found.ext.toUpperCase(), mime: found.mime } });
  }
  const problem = textProblemWords(bytes);
  if (problem) throw refused(problem);
  const csv = hint.claimedType?.split(';')[0]?.trim().toLowerCase() === 'text/csv' || /\.csv$/i.test(hint.name);
  return { bytes, contentType: csv ? TEXT_CSV : TEXT_PLAIN };
}
