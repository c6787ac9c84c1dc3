import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiErrorSchema } from '../../shared/errors/api-error';
import { ApiError, api, apiStream, isApiErrorBody, readNdjson } from './api-client';

function streamOf(chunks: Array<string | Uint8Array>): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  return new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(typeof chunk === 'string' ? encoder.encode(chunk) : chunk);
      controller.close();
    },
  });
}

async function collect<T>(lines: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const line of lines) out.push(line);
  return out;
}

afterEach(() => vi.unstubAllGlobals());

describe('readNdjson', () => {
  it('yields one value per line, however the chunks are cut', async () => {
    const lines = await collect(readNdjson(streamOf(['{"type":"progress","done":1', '0,"total":20}\n{"type":"pro', 'gress","done":20,"total":20}\n'])));
    expect(lines).toEqual([
      { type: 'progress', done: 10, total: 20 },
      { type: 'progress', done: 20, total: 20 },
    ]);
  });

  it('keeps a multi-byte character split across chunks', async () => {
    const bytes = new TextEncoder().encode('{"message":"Café ✓"}\n');
    const cut = bytes.indexOf(0xc3) + 1; // inside "é"
    expect(await collect(readNdjson(streamOf([bytes.slice(0, cut), bytes.slice(cut)])))).toEqual([{ message: 'Café ✓' }]);
  });

  it('skips blank lines, accepts CRLF and a last line without a newline', async () => {
    expect(await collect(readNdjson(streamOf(['{"a":1}\r\n\n', '\n{"a":2}'])))).toEqual([{ a: 1 }, { a: 2 }]);
    expect(await collect(readNdjson(streamOf([])))).toEqual([]);
  });

  it('fails on a line that is not JSON', async () => {
    await expect(collect(readNdjson(streamOf(['{"a":1}\nnot json\n'])))).rejects.toThrow(ApiError);
  });
});

describe('apiStream', () => {
  it('throws the usual ApiError when the server refuses before streaming', async () => {
    const body = { error: { code: 'VALIDATION_FAILED', message: 'Choose at least one field', details: { fields: { fieldIds: 'Choose at least one field' } } } };
    vi.stubGlobal('fetch', vi.fn(() => Promise.resolve(new Response(JSON.stringify(body), { status: 400, headers: { 'content-type': 'application/json' } }))));
    const error: unknown = await collect(apiStream('/api/slots/generate', { body: {} })).catch((err: unknown) => err);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(400);
    expect((error as ApiError).fieldErrors).toEqual({ fieldIds: 'Choose at least one field' });
  });

  it('posts JSON and yields the streamed lines', async () => {
    const fetchMock = vi.fn((_path: string, _init: RequestInit) =>
      Promise.resolve(new Response(streamOf(['{"type":"progress","done":5,"total":5}\n', '{"type":"done","created":5,"skippedOverlaps":0,"skipped":0}\n']), { status: 200 })),
    );
    vi.stubGlobal('fetch', fetchMock);
    const lines = await collect(apiStream<{ type: string }>('/api/slots/generate', { body: { a: 1 } }));
    expect(lines.map((l) => l.type)).toEqual(['progress', 'done']);
    const init = fetchMock.mock.calls[0]![1];
    expect(init.method).toBe('POST');
    expect(init.body).toBe('{"a":1}');
  });

  it('says the connection was lost when the stream breaks', async () => {
    const broken = new ReadableStream<Uint8Array>({
      pull(controller) {
        controller.error(new TypeError('network error'));
      },
    });
    vi.stubGlobal('fetch', vi.fn(() => Promise.resolve(new Response(broken, { status: 200 }))));
    const error: unknown = await collect(apiStream('/api/slots/generate', { body: {} })).catch((err: unknown) => err);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).code).toBe('NETWORK');
  });
});

describe('isApiErrorBody', () => {
  it('gives the same answer as the shared zod schema', () => {
    const samples: unknown[] = [
      { error: { code: 'NOT_FOUND', message: 'No such slot.' } },
      { error: { code: 'RULE_VIOLATION', message: 'Too soon.', details: { rule: 'TOO_SOON' } } },
      { error: { code: 'X', message: 'y', details: null }, extra: true },
      { error: { code: 'X' } },
      { error: { message: 'no code' } },
      { error: { code: 1, message: 'y' } },
      { error: { code: 'X', message: 2 } },
      { error: 'a string' },
      { error: null },
      { message: 'not wrapped' },
      null,
      'text',
      42,
      [],
    ];
    for (const sample of samples) expect(isApiErrorBody(sample), JSON.stringify(sample)).toBe(apiErrorSchema.safeParse(sample).success);
  });
});

describe('api, when the database is down', () => {
  const answer = (outcome: string, status = 503) => {
    const body = { error: { code: 'UNAVAILABLE', message: `The league's database is down (${outcome}).`, details: { reason: 'database', outcome } } };
    vi.stubGlobal('fetch', vi.fn(() => Promise.resolve(new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', 'retry-after': '15' } }))));
  };
  const failure = (): Promise<unknown> => api('/api/bookings', { body: { slotId: 's1' } }).catch((err: unknown) => err);

  it('keeps the server’s words, and says when a save may or may not have gone through (outcome "unknown")', async () => {
    answer('unknown');
    const error = await failure();
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe("The league's database is down (unknown).");
    expect((error as ApiError).outcomeUnknown).toBe(true);
  });

  it('does not call a refusal whose outcome is known ("none") unknown, nor another status with that word', async () => {
    answer('none');
    expect(((await failure()) as ApiError).outcomeUnknown).toBe(false);
    answer('unknown', 500);
    expect(((await failure()) as ApiError).outcomeUnknown).toBe(false);
    expect(new ApiError(503, 'UNAVAILABLE', 'Down.').outcomeUnknown).toBe(false);
  });
});
