import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { StorageError } from '../../../shared/storage/storage-errors';
import type { RetryPolicy } from '../../../shared/storage/upload-policy';
import { FakeXhr, sentRequest as request } from '../../test/fake-xhr';
import { abortableSleep, uploadFile } from './upload-file';

const noJitter: RetryPolicy = { baseMs: 1_000, jitterMs: 1_000, maxRetryTimeMs: 120_000, random: () => 0 };

/** A clock that only moves when the client "sleeps": retries run at once, and the total retry time still counts. */
function fakeTime() {
  let t = 0;
  const waits: number[] = [];
  return {
    waits,
    now: () => t,
    sleep: (ms: number) => {
      waits.push(ms);
      t += ms;
      return Promise.resolve();
    },
  };
}

const file = new Blob([new Uint8Array(1000)], { type: 'image/webp' });
const errorBody = (code: string, message: string) => ({ error: { code, message } });

beforeEach(() => {
  FakeXhr.made = [];
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
});
afterEach(() => vi.unstubAllGlobals());

describe('uploadFile', () => {
  it('posts the file as multipart form data, with progress as a fraction, and resolves with the JSON answer', async () => {
    const progress: number[] = [];
    const done = uploadFile<{ ok: boolean }>({
      url: '/api/me/photo',
      file,
      fileName: 'photo.webp',
      fields: { name: 'x' },
      onProgress: (f) => progress.push(f),
    });
    const xhr = await request(1);
    expect(xhr.method).toBe('POST');
    expect(xhr.url).toBe('/api/me/photo');
    expect(xhr.headers.accept).toBe('application/json');
    const sent = xhr.body!.get('file');
    expect(sent).toBeInstanceOf(File);
    expect((sent as File).name).toBe('photo.webp');
    expect((sent as File).size).toBe(1000);
    expect(xhr.body!.get('name')).toBe('x');
    xhr.progress(250, 1000);
    xhr.progress(1000, 1000);
    xhr.respond(200, { ok: true });
    await expect(done).resolves.toEqual({ ok: true });
    expect(progress).toEqual([0, 0.25, 1, 1]);
  });

  it('retries a 503 after the backoff and succeeds on the second attempt', async () => {
    const time = fakeTime();
    const retries: Array<[number, number]> = [];
    const progress: number[] = [];
    const done = uploadFile({ url: '/up', file, policy: noJitter, ...time, onRetry: (n, ms) => retries.push([n, ms]), onProgress: (f) => progress.push(f) });
    const first = await request(1);
    first.progress(500, 1000);
    first.respond(503, errorBody('UNAVAILABLE', 'Busy.'));
    const second = await request(2);
    second.progress(1000, 1000);
    second.respond(201, { profile: { photoURL: '/p' } });
    await expect(done).resolves.toEqual({ profile: { photoURL: '/p' } });
    expect(time.waits).toEqual([1_000]);
    expect(retries).toEqual([[1, 1_000]]);
    // The bar goes back to 0 when the second attempt starts over.
    expect(progress).toEqual([0, 0.5, 0, 1, 1]);
    expect(FakeXhr.made).toHaveLength(2);
  });

  it('retries 408, 429 and a lost connection too, with doubling waits', async () => {
    const time = fakeTime();
    const done = uploadFile({ url: '/up', file, policy: noJitter, ...time });
    (await request(1)).respond(408, '');
    (await request(2)).respond(429, errorBody('RATE_LIMITED', 'Too many.'));
    (await request(3)).dropConnection();
    (await request(4)).respond(200, {});
    await expect(done).resolves.toEqual({});
    expect(time.waits).toEqual([1_000, 2_000, 4_000]);
  });

  it('does not retry a 403: it rejects at once with the catalogue’s sentence', async () => {
    const time = fakeTime();
    const done = uploadFile({ url: '/up', file, policy: noJitter, ...time });
    (await request(1)).respond(403, errorBody('FORBIDDEN', 'Not yours.'));
    const err = await done.catch((e: unknown) => e);
    expect(err).toBeInstanceOf(StorageError);
    expect(err).toMatchObject({ code: 'unauthorized', status: 403 });
    expect(time.waits).toEqual([]);
    expect(FakeXhr.made).toHaveLength(1);
  });

  it('does not retry a 401 and answers in the spec’s words', async () => {
    const done = uploadFile({ url: '/up', file, policy: noJitter, ...fakeTime() });
    (await request(1)).respond(401, errorBody('UNAUTHENTICATED', 'You are not signed in.'));
    await expect(done).rejects.toMatchObject({ code: 'unauthenticated', message: 'User is not authenticated, please log in and try again.' });
    expect(FakeXhr.made).toHaveLength(1);
  });

  it('does not retry a 413 and keeps the server’s words', async () => {
    const done = uploadFile({ url: '/up', file, policy: noJitter, ...fakeTime() });
    (await request(1)).respond(413, errorBody('PAYLOAD_TOO_LARGE', 'This photo is 9 MB; the most is 8 MB.'));
    await expect(done).rejects.toMatchObject({ code: 'invalid-format', message: 'This photo is 9 MB; the most is 8 MB.' });
    expect(FakeXhr.made).toHaveLength(1);
  });

  it('gives up once the next wait would pass the total retry time: retry limit exceeded', async () => {
    const time = fakeTime();
    const done = uploadFile({ url: '/up', file, policy: noJitter, ...time });
    const outcome = done.catch((e: unknown) => e);
    // 1 + 2 + 4 + 8 + 16 + 32 s of waits = 63 s; the next wait (64 s) would end at 127 s > 120 s.
    for (let n = 1; n <= 7; n++) (await request(n)).respond(503, errorBody('UNAVAILABLE', 'Busy.'));
    const err = await outcome;
    expect(err).toBeInstanceOf(StorageError);
    expect(err).toMatchObject({ code: 'retry-limit-exceeded', message: 'Max retry time for operation exceeded, please try again.' });
    expect(time.waits).toEqual([1_000, 2_000, 4_000, 8_000, 16_000, 32_000]);
    expect(FakeXhr.made).toHaveLength(7);
  });

  it('counts the time attempts take toward the total retry time', async () => {
    let t = 0;
    const done = uploadFile({ url: '/up', file, policy: { ...noJitter, maxRetryTimeMs: 10_000 }, now: () => t, sleep: async (ms) => void (t += ms) });
    const outcome = done.catch((e: unknown) => e);
    t = 9_500; // the first attempt hung for 9.5 s before the 503: a 1 s wait would end past 10 s
    (await request(1)).respond(503, null);
    expect(await outcome).toMatchObject({ code: 'retry-limit-exceeded' });
    expect(FakeXhr.made).toHaveLength(1);
  });

  it('cancels mid-upload: the request is aborted and the promise rejects with “canceled”', async () => {
    const controller = new AbortController();
    const progress: number[] = [];
    const done = uploadFile({ url: '/up', file, signal: controller.signal, onProgress: (f) => progress.push(f) });
    const xhr = await request(1);
    xhr.progress(300, 1000);
    controller.abort();
    await expect(done).rejects.toMatchObject({ code: 'canceled', message: 'User canceled the upload/download.' });
    expect(xhr.aborted).toBe(true);
    expect(progress).toEqual([0, 0.3]);
  });

  it('cancels while waiting to retry: no further request is sent', async () => {
    const controller = new AbortController();
    const done = uploadFile({ url: '/up', file, signal: controller.signal, policy: noJitter, sleep: abortableSleep });
    (await request(1)).respond(503, null);
    controller.abort();
    await expect(done).rejects.toMatchObject({ code: 'canceled' });
    expect(FakeXhr.made).toHaveLength(1);
  });

  it('does not start when already canceled', async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(uploadFile({ url: '/up', file, signal: controller.signal })).rejects.toMatchObject({ code: 'canceled' });
    expect(FakeXhr.made).toHaveLength(0);
  });

  it('says so when the browser has no XMLHttpRequest', async () => {
    vi.stubGlobal('XMLHttpRequest', undefined);
    await expect(uploadFile({ url: '/up', file })).rejects.toMatchObject({ code: 'unsupported-environment' });
  });
});

describe('abortableSleep', () => {
  it('resolves after the time, and rejects at once when aborted', async () => {
    vi.useFakeTimers();
    try {
      const slept = abortableSleep(5_000);
      await vi.advanceTimersByTimeAsync(5_000);
      await expect(slept).resolves.toBeUndefined();
      const controller = new AbortController();
      const cut = abortableSleep(60_000, controller.signal);
      controller.abort();
      await expect(cut).rejects.toMatchObject({ code: 'canceled' });
    } finally {
      vi.useRealTimers();
    }
  });
});
