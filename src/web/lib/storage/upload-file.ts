import { decideRetry, DEFAULT_UPLOAD_RETRY_POLICY, NO_ANSWER, type RetryPolicy } from '../../../shared/storage/upload-policy';
import { StorageError, storageErrorFromResponse } from '../../../shared/storage/storage-errors';

/**
 * Sends one file to the API as multipart form data, the way spec §7/§9 describe the storage client: progress as
 * it goes, cancel at any moment, and retries on 408, 429, every 5xx and a lost connection with exponential
 * backoff and jitter until the total retry time is spent. XMLHttpRequest rather than fetch: fetch still reports
 * no upload progress.
 */

export interface UploadFileOptions {
  url: string;
  file: Blob;
  /** The file name the form carries (the server decides the stored name; this only labels the part). */
  fileName?: string;
  /** The form field of the file: `file` unless the endpoint says otherwise. */
  field?: string;
  /** Other form fields, sent before the file so a streaming server reads them first. */
  fields?: Record<string, string>;
  /** Aborting it cancels the upload, also while waiting to retry: the promise rejects with 'canceled'. */
  signal?: AbortSignal;
  /** The share of this attempt's bytes sent, 0 to 1 (back to 0 when a retry starts over; 1 once answered). */
  onProgress?: (fraction: number) => void;
  /** Called before each retry with its number (1 for the first) and the wait, so a page can say "Trying again…". */
  onRetry?: (retry: number, delayMs: number) => void;
  policy?: RetryPolicy;
  /** Waits `ms`; rejects when `signal` aborts. Tests pass one that does not really wait. */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  /** Milliseconds on a steady clock, for the total retry time. */
  now?: () => number;
}

interface Attempt {
  status: number;
  body: unknown;
}

const ABORTED = Symbol('aborted');

/** Resolves with the server's JSON answer, or rejects with a StorageError whose message is for the person. */
export async function uploadFile<T>(options: UploadFileOptions): Promise<T> {
  const { signal, onProgress, onRetry, policy = DEFAULT_UPLOAD_RETRY_POLICY, sleep = abortableSleep, now = () => performance.now() } = options;
  if (typeof XMLHttpRequest === 'undefined' || typeof FormData === 'undefined') throw new StorageError('unsupported-environment');
  if (signal?.aborted) throw new StorageError('canceled');

  const started = now();
  for (let retries = 0; ; retries++) {
    onProgress?.(0);
    const attempt = await send(options);
    if (attempt === ABORTED) throw new StorageError('canceled');
    if (attempt.status >= 200 && attempt.status < 300) {
      onProgress?.(1);
      return attempt.body as T;
    }
    const decision = decideRetry(attempt.status, retries, now() - started, policy);
    if (!decision.retry) throw storageErrorFromResponse(attempt.status, attempt.body, { retriesExhausted: decision.reason === 'retry-limit-exceeded' });
    onRetry?.(retries + 1, decision.delayMs);
    try {
      await sleep(decision.delayMs, signal);
    } catch {
      throw new StorageError('canceled');
    }
    if (signal?.aborted) throw new StorageError('canceled');
  }
}

/** One attempt: the status and parsed body, NO_ANSWER when the connection failed, ABORTED when canceled. */
function send({ url, file, fileName, field = 'file', fields = {}, signal, onProgress }: UploadFileOptions): Promise<Attempt | typeof ABORTED> {
  return new Promise((resolve) => {
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    if (fileName) form.append(field, file, fileName);
    else form.append(field, file);

    const xhr = new XMLHttpRequest();
    const onAbort = () => xhr.abort();
    const finish = (result: Attempt | typeof ABORTED) => {
      signal?.removeEventListener('abort', onAbort);
      resolve(result);
    };
    xhr.open('POST', url);
    xhr.setRequestHeader('accept', 'application/json');
    xhr.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(Math.min(1, event.loaded / event.total));
    });
    xhr.addEventListener('load', () => finish({ status: xhr.status, body: parseJson(xhr.responseText) }));
    xhr.addEventListener('error', () => finish({ status: NO_ANSWER, body: null }));
    xhr.addEventListener('timeout', () => finish({ status: NO_ANSWER, body: null }));
    xhr.addEventListener('abort', () => finish(ABORTED));
    signal?.addEventListener('abort', onAbort, { once: true });
    xhr.send(form);
  });
}

function parseJson(text: string): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

/** setTimeout that an AbortSignal cuts short (rejecting, so the caller stops). */
export function abortableSleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(new StorageError('canceled'));
      return;
    }
    const onAbort = () => {
      clearTimeout(timer);
      reject(new StorageError('canceled'));
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
