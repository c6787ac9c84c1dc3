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
    return new AppError('VALIDATION_FAILED', { key: 'server.uploadOneFile' });
  }
  return new AppError('VALIDATION_FAILED', { key: 'server.uploadUnreadable' });
}
