/**
 * Throughput figures with autocannon (a well-kept load generator), run from the bench's orchestrator process:
 * neither the app server nor the plain route shares its event loop. Each figure: a short warm-up, then
 * `seconds` of `connections` keep-alive connections sending the given requests in turn.
 */
import { createRequire } from 'node:module';

/** Requests as autocannon takes them (`requests` are sent in turn on each connection). */
export interface CannonRequest {
  method?: 'GET' | 'POST';
  path: string;
  headers?: Record<string, string>;
  body?: string;
}

interface CannonHistogram {
  average: number;
  mean: number;
  p50: number;
  p90: number;
  p99: number;
  max: number;
  /** Present on `requests` (completed) and `throughput` (bytes). */
  total: number;
}

interface CannonResult {
  duration: number;
  errors: number;
  timeouts: number;
  non2xx: number;
  '5xx': number;
  statusCodeStats: Record<string, { count: number }>;
  latency: CannonHistogram & { totalCount: number };
  requests: CannonHistogram & { sent: number };
  throughput: CannonHistogram;
}

type Autocannon = (opts: {
  url: string;
  connections: number;
  duration: number;
  headers?: Record<string, string>;
  requests: CannonRequest[];
  warmup?: { connections: number; duration: number };
  timeout?: number;
}) => Promise<CannonResult>;

const autocannon = createRequire(import.meta.url)('autocannon') as Autocannon;

export interface LoadFigure {
  /** Completed requests per second over the measured time. */
  reqPerSec: number;
  p50: number;
  p90: number;
  p99: number;
  max: number;
  requests: number;
  statuses: Record<string, number>;
  errors: number;
  timeouts: number;
  /** Mean bytes on the wire per response (headers included). */
  bytesPerResponse: number;
  seconds: number;
}

export interface LoadOptions {
  base: string;
  requests: CannonRequest[];
  connections: number;
  seconds: number;
  warmupSeconds: number;
  headers?: Record<string, string>;
}

export async function measureLoad(o: LoadOptions): Promise<LoadFigure> {
  const result = await autocannon({
    url: o.base,
    connections: o.connections,
    duration: o.seconds,
    headers: o.headers ?? {},
    requests: o.requests,
    timeout: 20,
    ...(o.warmupSeconds > 0 ? { warmup: { connections: o.connections, duration: o.warmupSeconds } } : {}),
  });
  const statuses: Record<string, number> = {};
  for (const [code, { count }] of Object.entries(result.statusCodeStats)) statuses[code] = count;
  const completed = result.requests.total;
  return {
    reqPerSec: completed / result.duration,
    p50: result.latency.p50,
    p90: result.latency.p90,
    p99: result.latency.p99,
    max: result.latency.max,
    requests: completed,
    statuses,
    errors: result.errors,
    timeouts: result.timeouts,
    bytesPerResponse: completed ? result.throughput.total / completed : 0,
    seconds: result.duration,
  };
}
