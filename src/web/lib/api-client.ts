import type { ApiErrorBody } from '../../shared/errors/api-error';
import { activeLocale, hasMessage, i18n, loadNamespace, translate } from './i18n/i18n';
import { noteRead, savedAtOf } from './saved-copy';
import { SAVED_AT_HEADER } from './offline-cache';

/** An API error as the server sent it: `code` for logic, `message` for people. */
export class ApiError extends Error {
  constructor(
    public readonly status: number,
    public readonly code: string,
    message: string,
    public readonly details?: unknown,
    /** The message's key in the errors catalogue and its values, when the server sent them (decision 038). */
    public readonly key?: string,
    public readonly params?: Record<string, unknown>,
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

/** The offline refusal's key in the 'pwa' catalogue, and its English words for when the catalogue cannot load. */
export const OFFLINE_KEY = 'offline.write';
const OFFLINE_MESSAGE = 'You are offline. Connect to the internet and try again.';

/** A write (or a read with no saved copy) while the browser is offline: code OFFLINE, in the person's language. */
async function offlineError(): Promise<ApiError> {
  let message = OFFLINE_MESSAGE;
  try {
    await loadNamespace(activeLocale(), 'pwa');
    message = translate('pwa', OFFLINE_KEY);
  } catch {
    // The catalogue could not load (offline before the worker saved the app): the English words.
  }
  return new ApiError(0, 'OFFLINE', message);
}

const isOffline = () => typeof navigator !== 'undefined' && navigator.onLine === false;

/**
 * Every write goes to the network, never to a saved copy or a queue (decision 037): offline, it is refused at once
 * with "You are offline", and so is a write whose request could not reach the server.
 */
const methodOf = (init: RequestInit) => init.method ?? (init.body ? 'POST' : 'GET');

async function send(path: string, init: RequestInit, accept: string): Promise<Response> {
  const method = methodOf(init);
  const write = method !== 'GET' && method !== 'HEAD';
  if (write && isOffline()) throw await offlineError();
  try {
    return await fetch(path, {
      method,
      credentials: 'same-origin',
      // The person's language: the server words its answers (an error's message, an email it sends now) in it.
      headers: { ...(init.body ? { 'content-type': 'application/json' } : {}), accept, 'accept-language': activeLocale() },
      ...(init.body ? { body: JSON.stringify(init.body) } : {}),
      ...(init.signal ? { signal: init.signal } : {}),
    });
  } catch (err) {
    if (!(err instanceof DOMException && err.name === 'AbortError') && (write || isOffline())) throw await offlineError();
    throw new ApiError(0, 'NETWORK', translate('common', 'api.network'));
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
    const { code, message, details, key, params } = data.error;
    const values = params ?? undefined;
    if (typeof key === 'string') {
      // Worded here in the person's language when the errors catalogue is loaded; the server's words otherwise
      // (it wrote them in the language this request asked for).
      const id = `errors.${key}`;
      return new ApiError(status, code, hasMessage(id) ? i18n._(id, values) : message, details, key, values);
    }
    return new ApiError(status, code, message, details);
  }
  return new ApiError(status, 'HTTP_ERROR', translate('common', 'api.httpError', { status: String(status) }));
}

/** The one way the web app talks to the API: JSON in, JSON out, errors as ApiError. */
export async function api<T>(path: string, init: RequestInit = {}): Promise<T> {
  const response = await send(path, init, 'application/json');
  // A read the offline worker answered from its saved copy says when it was saved; the shell's banner shows it.
  if (methodOf(init) === 'GET') noteRead(path, response.ok ? savedAtOf(response.headers.get(SAVED_AT_HEADER)) : null);
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
  if (!response.body) throw new ApiError(response.status, 'HTTP_ERROR', translate('common', 'api.emptyAnswer'));
  try {
    for await (const line of readNdjson(response.body)) yield line as T;
  } catch (err) {
    if (err instanceof ApiError) throw err;
    // The connection dropped mid-stream: the work may have partly happened on the server.
    throw new ApiError(0, 'NETWORK', translate('common', 'api.streamLost'));
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
    throw new ApiError(200, 'BAD_STREAM', translate('common', 'api.badStream'));
  }
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
