import { describe, expect, it } from 'vitest';
import {
  isStorageErrorCode,
  STORAGE_ERROR_CODES,
  STORAGE_ERROR_MESSAGES,
  StorageError,
  storageErrorFromResponse,
  type StorageErrorCode,
} from './storage-errors';

const body = (code: string, message: string) => ({ error: { code, message } });

describe('the catalogue (spec §8)', () => {
  it('has exactly the spec’s eighteen entries', () => {
    expect([...STORAGE_ERROR_CODES].sort()).toEqual(
      [
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
      ].sort(),
    );
    expect(Object.keys(STORAGE_ERROR_MESSAGES).sort()).toEqual([...STORAGE_ERROR_CODES].sort());
  });

  it('keeps the spec’s sentences, with our sign-in in place of the hosted one', () => {
    expect(STORAGE_ERROR_MESSAGES.unauthenticated).toBe('User is not authenticated, please log in and try again.');
    expect(STORAGE_ERROR_MESSAGES['retry-limit-exceeded']).toBe('Max retry time for operation exceeded, please try again.');
    expect(STORAGE_ERROR_MESSAGES.canceled).toBe('User canceled the upload/download.');
  });

  // Each of our own sentences says what happened and what to do next, in words a coach understands.
  const ours: Record<Exclude<StorageErrorCode, 'unauthenticated' | 'retry-limit-exceeded' | 'canceled'>, { happened: RegExp; todo: RegExp }> = {
    'unauthorized-app': { happened: /did not come from the league site/, todo: /Reload the page and try again/ },
    unauthorized: { happened: /do not have permission/, todo: /Log in with the account|ask a league admin/ },
    'object-not-found': { happened: /does not exist/, todo: /Reload the page/ },
    'quota-exceeded': { happened: /storage is full/, todo: /Remove some of your files/ },
    'invalid-url': { happened: /address of this file is not valid/, todo: /Reload the page and try again/ },
    'invalid-default-bucket': { happened: /bucket name that is not valid/, todo: /Tell a league admin/ },
    'no-default-bucket': { happened: /no bucket set up/, todo: /Tell a league admin/ },
    'cannot-slice-blob': { happened: /could not be read from your device/, todo: /Choose it again/ },
    'no-download-url': { happened: /no download address/, todo: /Reload the page/ },
    'unsupported-environment': { happened: /browser cannot send files/, todo: /Update it, or use another browser/ },
    'invalid-argument': { happened: /not valid/, todo: /Reload the page and try again/ },
    'app-deleted': { happened: /closed or reloaded/, todo: /Open it again/ },
    'invalid-root-operation': { happened: /needs a file, not the whole storage/, todo: /Choose a file/ },
    'invalid-format': { happened: /not in a format accepted/, todo: /Choose another file/ },
    'internal-error': { happened: /went wrong on our side/, todo: /Try again in a moment/ },
  };
  for (const [code, { happened, todo }] of Object.entries(ours)) {
    it(`${code}: says what happened and what to do`, () => {
      const message = STORAGE_ERROR_MESSAGES[code as StorageErrorCode];
      expect(message).toMatch(happened);
      expect(message).toMatch(todo);
      expect(message).toMatch(/\.$/);
      expect(message).not.toMatch(/firebase|undefined|\{|\}/i);
    });
  }

  it('gives every entry a distinct sentence', () => {
    expect(new Set(Object.values(STORAGE_ERROR_MESSAGES)).size).toBe(STORAGE_ERROR_CODES.length);
  });

  it('recognises its own codes only', () => {
    for (const code of STORAGE_ERROR_CODES) expect(isStorageErrorCode(code)).toBe(true);
    expect(isStorageErrorCode('storage/canceled')).toBe(false);
    expect(isStorageErrorCode('FORBIDDEN')).toBe(false);
    expect(isStorageErrorCode(undefined)).toBe(false);
  });
});

describe('StorageError', () => {
  it('carries the code, the catalogue sentence by default, and the status', () => {
    const err = new StorageError('canceled');
    expect(err).toBeInstanceOf(Error);
    expect(err.name).toBe('StorageError');
    expect(err.code).toBe('canceled');
    expect(err.message).toBe('User canceled the upload/download.');
    expect(err.status).toBe(0);
    expect(new StorageError('invalid-format', 'Too big.', 413)).toMatchObject({ code: 'invalid-format', message: 'Too big.', status: 413 });
  });
});

describe('storageErrorFromResponse: an HTTP answer to its catalogue entry', () => {
  const cases: Array<[number, unknown, StorageErrorCode]> = [
    [401, body('UNAUTHENTICATED', 'You are not signed in. Log in and try again.'), 'unauthenticated'],
    [402, body('QUOTA_EXCEEDED', 'Your 25 MB are used.'), 'quota-exceeded'],
    [403, body('FORBIDDEN', 'Not yours.'), 'unauthorized'],
    [403, body('CSRF_REJECTED', 'This request came from a page outside the league site…'), 'unauthorized-app'],
    [404, body('NOT_FOUND', 'No such file.'), 'object-not-found'],
    [400, body('VALIDATION_FAILED', 'Please check "name".'), 'invalid-argument'],
    [409, body('CONFLICT', 'Changed meanwhile.'), 'invalid-argument'],
    [413, body('PAYLOAD_TOO_LARGE', 'This image is 20000 × 20000 pixels.'), 'invalid-format'],
    [415, body('UNSUPPORTED_MEDIA_TYPE', 'This file is not a JPEG, PNG or WebP image.'), 'invalid-format'],
    [500, body('INTERNAL', 'Something went wrong on our side.'), 'internal-error'],
    [503, null, 'internal-error'],
  ];
  for (const [status, answer, code] of cases) {
    it(`${status}${answer ? ` ${(answer as { error: { code: string } }).error.code}` : ''} → ${code}`, () => {
      const err = storageErrorFromResponse(status, answer);
      expect(err.code).toBe(code);
      expect(err.status).toBe(status);
    });
  }

  it('answers 401 with the spec’s sentence, not the server’s', () => {
    expect(storageErrorFromResponse(401, body('UNAUTHENTICATED', 'You are not signed in.')).message).toBe(
      'User is not authenticated, please log in and try again.',
    );
  });

  it('keeps the server’s own words for 400, 413 and 415, which name what is wrong with this file', () => {
    expect(storageErrorFromResponse(413, body('PAYLOAD_TOO_LARGE', 'This image is 20000 × 20000 pixels.')).message).toBe('This image is 20000 × 20000 pixels.');
    expect(storageErrorFromResponse(415, body('UNSUPPORTED_MEDIA_TYPE', 'This file is not a JPEG.')).message).toBe('This file is not a JPEG.');
    expect(storageErrorFromResponse(400, body('VALIDATION_FAILED', 'This image could not be read.')).message).toBe('This image could not be read.');
  });

  it('falls back to the catalogue when the body is not our error shape', () => {
    for (const answer of [null, 'Request Entity Too Large', { error: 'big' }, { error: { code: 'X', message: '  ' } }, { message: 'hi' }]) {
      expect(storageErrorFromResponse(413, answer).message).toBe(STORAGE_ERROR_MESSAGES['invalid-format']);
    }
    expect(storageErrorFromResponse(400, '<html>').message).toBe(STORAGE_ERROR_MESSAGES['invalid-argument']);
  });

  it('uses the catalogue, not the server, for permission, quota, missing and server failures', () => {
    expect(storageErrorFromResponse(402, body('QUOTA_EXCEEDED', 'x')).message).toBe(STORAGE_ERROR_MESSAGES['quota-exceeded']);
    expect(storageErrorFromResponse(403, body('FORBIDDEN', 'x')).message).toBe(STORAGE_ERROR_MESSAGES.unauthorized);
    expect(storageErrorFromResponse(403, body('CSRF_REJECTED', 'x')).message).toBe(STORAGE_ERROR_MESSAGES['unauthorized-app']);
    expect(storageErrorFromResponse(404, body('NOT_FOUND', 'x')).message).toBe(STORAGE_ERROR_MESSAGES['object-not-found']);
    expect(storageErrorFromResponse(502, body('INTERNAL', 'stack trace?')).message).toBe(STORAGE_ERROR_MESSAGES['internal-error']);
  });

  it('ends a 5xx, 408, 429 or lost connection that outlasted the retries as retry limit exceeded', () => {
    for (const status of [0, 408, 429, 500, 503, 599]) {
      const err = storageErrorFromResponse(status, null, { retriesExhausted: true });
      expect(err.code).toBe('retry-limit-exceeded');
      expect(err.message).toBe('Max retry time for operation exceeded, please try again.');
    }
  });

  it('without exhausted retries, a 408 or 429 is an internal error, not a fault of the file', () => {
    expect(storageErrorFromResponse(408, null).code).toBe('internal-error');
    expect(storageErrorFromResponse(429, body('RATE_LIMITED', 'Too many')).code).toBe('internal-error');
  });
});
