/**
 * The storage error catalogue of spec §8: every way a file upload or download can fail, as a code and a sentence
 * for the person (what happened, what to do). The spec's own wording is kept where it gives one, with our sign-in
 * in place of the hosted one. Shared: the web upload client throws these, and tests hold the server to them.
 */

export const STORAGE_ERROR_CODES = [
  'unauthenticated',
  'unauthorized-app',
  'unauthorized',
  'object-not-found',
  'quota-exceeded',
  'retry-limit-exceeded',
  'canceled',
  'invalid-url',
  'invalid-default-bucket',
  'no-default-bucket',
  'cannot-slice-blob',
  'no-download-url',
  'unsupported-environment',
  'invalid-argument',
  'app-deleted',
  'invalid-root-operation',
  'invalid-format',
  'internal-error',
] as const;
export type StorageErrorCode = (typeof STORAGE_ERROR_CODES)[number];

export const STORAGE_ERROR_MESSAGES: Record<StorageErrorCode, string> = {
  unauthenticated: 'User is not authenticated, please log in and try again.',
  'unauthorized-app': 'This request did not come from the league site, so the file storage refused it. Reload the page and try again.',
  unauthorized: 'You do not have permission to change this file. Log in with the account it belongs to, or ask a league admin.',
  'object-not-found': 'This file does not exist any more: it may have been removed. Reload the page to see what is there now.',
  'quota-exceeded': 'Your file storage is full. Remove some of your files and try again, or ask a league admin for more space.',
  'retry-limit-exceeded': 'Max retry time for operation exceeded, please try again.',
  canceled: 'User canceled the upload/download.',
  'invalid-url': 'The address of this file is not valid. Reload the page and try again; if it keeps happening, contact the league.',
  'invalid-default-bucket':
    'The league’s file storage is set up with a bucket name that is not valid, so files cannot be kept. Tell a league admin (the STORAGE_BUCKET setting).',
  'no-default-bucket': 'The league’s file storage has no bucket set up, so files cannot be kept. Tell a league admin (the STORAGE_BUCKET setting).',
  'cannot-slice-blob': 'The file could not be read from your device; it may have changed or moved while it was being sent. Choose it again and retry.',
  'no-download-url': 'This file has no download address. Reload the page; if it is still missing, upload the file again.',
  'unsupported-environment': 'This browser cannot send files this way. Update it, or use another browser, and try again.',
  'invalid-argument': 'The file request was not valid. Reload the page and try again.',
  'app-deleted': 'The page was closed or reloaded while the file was being sent. Open it again and retry.',
  'invalid-root-operation': 'This needs a file, not the whole storage. Choose a file and try again.',
  'invalid-format': 'This file is not in a format accepted here. Choose another file and try again.',
  'internal-error': 'Something went wrong on our side while handling the file. Try again in a moment; if it keeps happening, contact the league.',
};

export function isStorageErrorCode(value: unknown): value is StorageErrorCode {
  return typeof value === 'string' && (STORAGE_ERROR_CODES as readonly string[]).includes(value);
}

/** A storage failure: `code` for logic, `message` for people, `status` the HTTP status when a server answered (0 otherwise). */
export class StorageError extends Error {
  constructor(
    public readonly code: StorageErrorCode,
    message: string = STORAGE_ERROR_MESSAGES[code],
    public readonly status = 0,
  ) {
    super(message);
    this.name = 'StorageError';
  }
}

/** The server's own sentence from our API error shape `{ error: { code, message } }`, if the body has it. */
function serverError(body: unknown): { code: string; message: string } | null {
  if (typeof body !== 'object' || body === null || !('error' in body)) return null;
  const { error } = body;
  if (typeof error !== 'object' || error === null || !('code' in error) || !('message' in error)) return null;
  const { code, message } = error;
  return typeof code === 'string' && typeof message === 'string' && message.trim() ? { code, message } : null;
}

/**
 * The catalogue entry for an HTTP answer that was not a success: 401 unauthenticated, 402 quota exceeded, 403
 * unauthorized (our cross-site refusal, CSRF_REJECTED, is the unauthorized app), 404 object not found, 400 invalid
 * argument, 413 and 415 invalid format, a 5xx internal error, or retry limit exceeded when `retriesExhausted` (the
 * upload client stopped retrying because the total retry time was spent).
 *
 * For 400, 413 and 415 the server's own sentence is kept when it sent one: it names what is wrong with this file
 * ("This image is 20000 × 20000 pixels; the most we take is 50 megapixels…"), which a catalogue line cannot.
 */
export function storageErrorFromResponse(status: number, body: unknown, options: { retriesExhausted?: boolean } = {}): StorageError {
  const server = serverError(body);
  const withServerWords = (code: StorageErrorCode) => new StorageError(code, server?.message ?? STORAGE_ERROR_MESSAGES[code], status);
  const plain = (code: StorageErrorCode) => new StorageError(code, STORAGE_ERROR_MESSAGES[code], status);
  if (options.retriesExhausted) return plain('retry-limit-exceeded');
  if (status === 401) return plain('unauthenticated');
  if (status === 402) return plain('quota-exceeded');
  if (status === 403) return plain(server?.code === 'CSRF_REJECTED' ? 'unauthorized-app' : 'unauthorized');
  if (status === 404) return plain('object-not-found');
  if (status === 413 || status === 415) return withServerWords('invalid-format');
  if (status >= 400 && status < 500 && status !== 408 && status !== 429) return withServerWords('invalid-argument');
  return plain('internal-error');
}
