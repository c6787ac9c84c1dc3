import type { ApiErrorBody } from '../../shared/errors/api-error';

/** An API error as the server sent it: `code` for logic, `message` for people. */
export class ApiError extends Error {
  constructor(
    public readonly status: number,
    public readonly code: string,
    message: string,
    public readonly details?: unknown,
  ) {
    super(message);
    this.name = 'ApiError';
  }

  /** Field errors sent by the server as `details.fields` (name → message). */
  get fieldErrors(): Record<string, string> {
    const fields = (this.details as { fields?: Record<string, string> } | undefined)?.fields;
    return fields ?? {};
  }

  /**
   * The database stopped answering while a write was being saved (503, `details.outcome` "unknown"): it may or
   * may not have gone through, so what is on screen must be read again before the action is offered again.
   */
  get outcomeUnknown(): boolean {
    return this.status === 503 && (this.details as { outcome?: unknown } | undefined)?.outcome === 'unknown';
  }
}

type Json = Record<string, unknown> | unknown[];

interface RequestInit {
  method?: string;
  body?: Json;
  signal?: AbortSignal;
}

const NETWORK_MESSAGE = 'Could not reach the server. Check your connection and try again.';

async function send(path: string, init: RequestInit, accept: string): Promise<Response> {
  try {
    return await fetch(path, {
      method: init.method ?? (init.body ? 'POST' : 'GET'),
      credentials: 'same-origin',
      headers: init.body ? { 'content-type': 'application/json', accept } : { accept },
      ...(init.body ? { body: JSON.stringify(init.body) } : {}),
      ...(init.signal ? { signal: init.signal } : {}),
    });
  } catch {
    throw new ApiError(0, 'NETWORK', NETWORK_MESSAGE);
  }
}

/**
 * Whether a body has the one shape of every API error (shared/errors/api-error.ts). Checked by hand, not with the
 * shared zod schema: every page loads this file, and zod would add a quarter to the first screen's JavaScript
 * (api-client.test.ts holds the two to the same answers).
 */
export function isApiErrorBody(data: unknown): data is ApiErrorBody {
  if (typeof data !== 'object' || data === null || !('error' in data)) return false;
  const { error } = data;
  return typeof error === 'object' && error !== null && 'code' in error && typeof error.code === 'string' && 'message' in error && typeof error.message === 'string';
}

/** The ApiError for a non-2xx answer whose body (already read) is `data`. */
function errorFrom(status: number, data: unknown): ApiError {
  if (isApiErrorBody(data)) {
    const { code, message, details } = data.error;
    return new ApiError(status, code, message, details);
  }
  return new ApiError(status, 'HTTP_ERROR', `The server answered ${status}. Try again in a moment.`);
}

/** The one way the web app talks to the API: JSON in, JSON out, errors as ApiError. */
export async function api<T>(path: string, init: RequestInit = {}): Promise<T> {
  const response = await send(path, init, 'application/json');
  const text = await response.text();
  const data: unknown = text ? safeJson(text) : null;
  if (!response.ok) throw errorFrom(response.status, data);
  return data as T;
}

/**
 * The same call for an endpoint that answers with a stream of JSON lines (application/x-ndjson), such as
 * the slot generator's progress. A non-2xx answer arrives before any streaming, as the usual JSON error,
 * and is thrown as ApiError; after that each line is yielded as it arrives.
 */
export async function* apiStream<T>(path: string, init: RequestInit = {}): AsyncGenerator<T, void, undefined> {
  const response = await send(path, init, 'application/x-ndjson, application/json');
  if (!response.ok) {
    const text = await response.text();
    throw errorFrom(response.status, text ? safeJson(text) : null);
  }
  if (!response.body) throw new ApiError(response.status, 'HTTP_ERROR', 'The server sent an empty answer. Try again in a moment.');
  try {
    for await (const line of readNdjson(response.body)) yield line as T;
  } catch (err) {
    if (err instanceof ApiError) throw err;
    // The connection dropped mid-stream: the work may have partly happened on the server.
    throw new ApiError(0, 'NETWORK', 'The connection to the server was lost before it finished. Reload the page to see what was done.');
  }
}

/**
 * Reads newline-delimited JSON from a byte stream: one value per line, however the bytes are cut into
 * chunks (a line, or a multi-byte character, may span two chunks). Blank lines are ignored; a last line
 * without a newline still counts. A line that is not JSON is an error, not something to skip silently.
 */
export async function* readNdjson(stream: ReadableStream<Uint8Array>): AsyncGenerator<unknown, void, undefined> {
  const reader = stream.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  let finished = false;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      finished = done;
      buffer += done ? decoder.decode() : decoder.decode(value, { stream: true });
      let newline = buffer.indexOf('\n');
      while (newline >= 0) {
        const line = buffer.slice(0, newline).trim();
        buffer = buffer.slice(newline + 1);
        if (line) yield parseLine(line);
        newline = buffer.indexOf('\n');
      }
      if (done) break;
    }
    const last = buffer.trim();
    if (last) yield parseLine(last);
  } finally {
    // A reader that stopped early (an error, or the caller broke off) lets go of the connection.
    if (finished) reader.releaseLock();
    else reader.cancel().catch(() => undefined);
  }
}

function parseLine(line: string): unknown {
  try {
    return JSON.parse(line) as unknown;
  } catch {
    throw new ApiError(200, 'BAD_STREAM', 'The server sent something the app could not read. Reload the page to see what was done.');
  }
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
