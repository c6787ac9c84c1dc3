import { wordsIn, type ErrorWords } from '../../errors';

/**
 * The rules for an object's path (an upload's `name`) and who may write where (decision 023). Pure functions:
 * the routes and the service both call them, and they are tested directly.
 */

/**
 * The longest name in UTF-8 bytes. Below GCS's 1024 because the backend key adds `#<generation>` (17 bytes) and an
 * S3 key holds at most 1024 bytes.
 */
export const MAX_NAME_BYTES = 1000;
/** One folder or file name, in bytes: a file on local disk holds at most 255 bytes of name, with `#<generation>`. */
export const MAX_SEGMENT_BYTES = 200;
/** Where the storage probe writes; nobody uploads there. */
export const RESERVED_PREFIX = '_diag/';

/** The folder a person writes in: `users/<their id>/`. */
export function ownPrefix(userId: string): string {
  return `users/${userId}/`;
}

/** C0 and C1 control characters and DEL: line breaks, NUL, escapes, none of which belongs in a name. */
function hasControl(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x20 || (c >= 0x7f && c <= 0x9f)) return true;
  }
  return false;
}
/** Half of a surrogate pair: text that has no UTF-8 spelling. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** The rules every spelling of a name must pass; the reason in words, or null. */
function spellingProblem(name: string): ErrorWords | null {
  if (hasControl(name)) return { key: 'storage.nameControl' };
  if (name.includes('\\')) return { key: 'storage.nameBackslash' };
  const segments = name.split('/');
  if (segments.some((s) => s === '.' || s === '..')) return { key: 'storage.nameDotFolder' };
  return null;
}

/** What `%xx` escapes in a name would read as, decoded once, twice and three times (each stops when nothing changes). */
function decodedSpellings(name: string): string[] {
  const found: string[] = [];
  let current = name;
  for (let i = 0; i < 3 && /%[0-9a-f]{2}/i.test(current); i++) {
    try {
      current = decodeURIComponent(current);
    } catch {
      // A lone % or a broken escape is a plain character in a name, not an escape.
      break;
    }
    found.push(current);
  }
  return found;
}

/**
 * Why this name cannot be an object's path, in words that end the sentence "This file name is not allowed: …",
 * or null when it can. A name is 1-1000 bytes of UTF-8, has no leading or trailing `/`, no empty, `.` or `..`
 * folder, no backslash, no control character, no `#` (the backend's generation mark, as in gsutil's
 * `object#generation`), and none of that hidden behind %-escapes or look-alike characters either.
 */
export function nameProblemWords(name: string): ErrorWords | null {
  if (name.length === 0) return { key: 'storage.nameEmpty' };
  if (LONE_SURROGATE.test(name)) return { key: 'storage.nameBrokenCharacter' };
  const bytes = Buffer.byteLength(name, 'utf8');
  if (bytes > MAX_NAME_BYTES) return { key: 'storage.nameTooLong', params: { bytes, max: MAX_NAME_BYTES } };
  const direct = spellingProblem(name);
  if (direct) return direct;
  if (name.startsWith('/') || name.endsWith('/')) return { key: 'storage.nameSlashEnds' };
  if (name.split('/').some((s) => s === '')) return { key: 'storage.nameEmptyFolder' };
  const long = name.split('/').find((s) => Buffer.byteLength(s, 'utf8') > MAX_SEGMENT_BYTES);
  if (long !== undefined) return { key: 'storage.nameSegmentTooLong', params: { max: MAX_SEGMENT_BYTES } };
  if (name.includes('#')) return { key: 'storage.nameHash' };
  // What another program would make of the name: %-escapes decoded, full-width dots and slashes folded (NFKC).
  for (const spelling of [name.normalize('NFKC'), ...decodedSpellings(name), ...decodedSpellings(name.normalize('NFKC'))]) {
    const hidden = spellingProblem(spelling);
    if (hidden) return { key: 'storage.nameHidden', params: { problem: hidden } };
  }
  return null;
}

/** `nameProblemWords` in English. */
export function nameProblem(name: string): string | null {
  const problem = nameProblemWords(name);
  return problem && wordsIn('en', problem);
}

/** The file name part of a path: `users/u1/photos/a.png` → `a.png` (spec §3's `name`). */
export function baseName(fullPath: string): string {
  return fullPath.slice(fullPath.lastIndexOf('/') + 1);
}

export interface PathActor {
  userId: string;
  isAdmin: boolean;
}

/**
 * Why this person may not write, read the metadata of, or delete the object at `fullPath`, or null when they may.
 * A person works under `users/<their id>/` only; an admin anywhere but the probe's `_diag/`.
 */
export function accessProblemWords(actor: PathActor, fullPath: string): ErrorWords | null {
  if (fullPath === RESERVED_PREFIX.slice(0, -1) || fullPath.startsWith(RESERVED_PREFIX)) return RESERVED_FOLDER;
  if (fullPath.startsWith(ownPrefix(actor.userId)) || actor.isAdmin) return null;
  return { key: 'storage.notYourFolder', params: { folder: ownPrefix(actor.userId) } };
}

/** `accessProblemWords` in English. */
export function accessProblem(actor: PathActor, fullPath: string): string | null {
  const problem = accessProblemWords(actor, fullPath);
  return problem && wordsIn('en', problem);
}

/** Why nobody writes in the probe's folder. */
export const RESERVED_FOLDER: ErrorWords = { key: 'storage.reservedFolder', params: { folder: RESERVED_PREFIX } };

/** Whose quota a file counts against: the person whose folder it is in when they put it there, else nobody (league files). */
export function quotaOwner(actorId: string, fullPath: string): string | null {
  return fullPath.startsWith(ownPrefix(actorId)) ? actorId : null;
}
