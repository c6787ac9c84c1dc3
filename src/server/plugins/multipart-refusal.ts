import { AppError } from '../errors';

/**
 * @fastify/multipart's and busboy's errors (size and part limits, a cut-off or malformed body) in words, for every
 * route that reads a multipart body. Reading the parts only parses the request in memory, so whatever fails there
 * (busboy's "Unexpected end of form", a bad boundary) is the request's fault: a 400, never a 500.
 */
export function multipartRefusal(err: unknown, tooLarge: () => AppError): AppError {
  if (err instanceof AppError) return err;
  const code = (err as { code?: string } | null)?.code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return tooLarge();
  if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') {
    return new AppError('VALIDATION_FAILED', 'An upload carries one file (in a part named "file") and at most a "metadata" part. Send one file at a time.');
  }
  return new AppError('VALIDATION_FAILED', 'The upload could not be read: it was cut short or is not valid multipart/form-data. Try again.');
}
