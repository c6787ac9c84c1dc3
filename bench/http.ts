/**
 * A small HTTP client for the figures autocannon does not give (each request's own answer and time): node:http
 * with keep-alive connections, as a browser holds them. Times are `performance.timeOrigin + performance.now()`,
 * epoch milliseconds with sub-millisecond resolution, comparable across the bench's processes.
 */
import http from 'node:http';

export const nowMs = () => performance.timeOrigin + performance.now();

export interface Answer {
  status: number;
  body: string;
  headers: http.IncomingHttpHeaders;
  /** When the request was written, and when the whole answer had arrived (epoch ms). */
  sentAt: number;
  doneAt: number;
  ms: number;
}

export function keepAliveAgent(): http.Agent {
  return new http.Agent({ keepAlive: true, maxSockets: Infinity });
}

/** One request; a connection error or a timeout resolves with status 0 and the error as the body. */
export function request(
  agent: http.Agent,
  base: string,
  method: 'GET' | 'POST' | 'PUT',
  path: string,
  options: { cookie?: string; body?: unknown; timeoutMs?: number } = {},
): Promise<Answer> {
  const url = new URL(path, base);
  const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
  const headers: Record<string, string> = { accept: 'application/json' };
  if (options.cookie) headers.cookie = options.cookie;
  if (method !== 'GET') headers.origin = base;
  if (payload !== undefined) {
    headers['content-type'] = 'application/json';
    headers['content-length'] = String(Buffer.byteLength(payload));
  }
  return new Promise((resolve) => {
    const sentAt = nowMs();
    const finish = (status: number, body: string, headers: http.IncomingHttpHeaders = {}) => {
      const doneAt = nowMs();
      resolve({ status, body, headers, sentAt, doneAt, ms: doneAt - sentAt });
    };
    const req = http.request(url, { method, agent, headers, timeout: options.timeoutMs ?? 30_000 }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => finish(res.statusCode ?? 0, Buffer.concat(chunks).toString(), res.headers));
      res.on('error', (err) => finish(0, String(err)));
    });
    req.on('timeout', () => req.destroy(new Error('timed out')));
    req.on('error', (err) => finish(0, String(err)));
    req.end(payload);
  });
}

/** The error code of an API answer ({ error: { code, rule? } }), for counting refusals by kind. */
export function refusalOf(answer: Answer): string {
  try {
    const parsed = JSON.parse(answer.body) as { error?: { code?: string; rule?: string; details?: { rule?: string } } };
    return parsed.error?.rule ?? parsed.error?.details?.rule ?? parsed.error?.code ?? '?';
  } catch {
    return answer.status === 0 ? answer.body.slice(0, 60) : '?';
  }
}

export function percentile(values: number[], p: number): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

export function countBy<T>(items: T[], key: (item: T) => string): Record<string, number> {
  const out: Record<string, number> = {};
  for (const item of items) out[key(item)] = (out[key(item)] ?? 0) + 1;
  return out;
}
