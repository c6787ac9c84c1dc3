/**
 * The load for shutdown.resilience.test.ts, in its own process (`node --import tsx src/server/test/shutdown-load.ts`,
 * with an IPC channel): autocannon keeps N connections busy, a few live-update streams stay open, and after the
 * warm-up this process itself sends the server SIGTERM, so "sent before SIGTERM" is decided on one clock.
 *
 * A request is **in flight at SIGTERM** when its bytes were written to an open connection before the signal was
 * sent and its answer had not been received yet. On loopback a write reaches the server's socket buffer before
 * the call returns, so these are exactly the requests the server had been sent when the signal arrived. Each must
 * get a complete answer. A request written after the signal may be refused (connection refused, reset, or no
 * answer on a connection the server was closing): it was sent to a server that was stopping.
 */
import http from 'node:http';
import { createRequire } from 'node:module';

export interface LoadConfig {
  base: string;
  serverPid: number;
  connections: number;
  warmupMs: number;
  streams: number;
  paths: string[];
  /**
   * Fresh connections opened just before the signal, each with a request written: under load they wait in the
   * server's accept queue (Node accepts one connection per turn of its event loop) when SIGTERM arrives.
   */
  lateConnections: number;
}

export interface StreamResult {
  status: number;
  /** clean: the response ended with its final chunk; reset: the connection broke first. */
  end: 'clean' | 'reset' | 'open';
  /** When it ended, in ms after SIGTERM. */
  endedMs: number | null;
}

export interface LoadReport {
  /** Epoch ms at which SIGTERM was sent. */
  sigtermAt: number;
  sent: number;
  sentBeforeSigterm: number;
  completedBeforeSigterm: number;
  inFlight: number;
  /** In-flight requests by outcome: status codes, or the error (ECONNRESET, "no answer", …). */
  inFlightOutcomes: Record<string, number>;
  inFlightFailed: number;
  /** The failed ones: sent and ended, in ms relative to SIGTERM. */
  inFlightFailures: Array<{ sentMs: number; endedMs: number | null; outcome: string }>;
  /** Latest answer to an in-flight request, in ms after SIGTERM. */
  lastInFlightAnswerMs: number;
  sentAfterSigterm: number;
  afterSigtermOutcomes: Record<string, number>;
  /** Connection attempts after the listener closed that never got a connection (not requests the server saw). */
  refusedConnections: number;
  streams: StreamResult[];
}

type Outcome = number | string;
interface Tracked {
  sentAt: number | null;
  doneAt?: number;
  outcome?: Outcome;
}

/** The part of autocannon's per-connection client this script listens to. */
interface CannonClient {
  conn: { connecting: boolean; once(event: 'connect', listener: () => void): void };
  on(event: 'request' | 'timeout', listener: () => void): void;
  on(event: 'response', listener: (status: number) => void): void;
  on(event: 'connError', listener: (err: NodeJS.ErrnoException) => void): void;
  destroy(): void;
}
interface CannonInstance {
  stop(): void;
}
type Autocannon = (
  opts: { url: string; connections: number; duration: number; requests: Array<{ method: string; path: string }>; setupClient: (c: CannonClient) => void },
  done: (err: unknown) => void,
) => CannonInstance;

async function main(config: LoadConfig, send: (msg: object) => Promise<void> | void, serverExited: Promise<void>): Promise<void> {
  const autocannon = createRequire(import.meta.url)('autocannon') as Autocannon;
  const now = () => performance.now();
  let t0 = Infinity;
  const requests: Tracked[] = [];
  let refusedConnections = 0;

  // Live-update streams, open before the load starts.
  const streams = await Promise.all(
    Array.from(
      { length: config.streams },
      () =>
        new Promise<{ result: StreamResult; ended: Promise<void> }>((resolve, reject) => {
          const result: StreamResult = { status: 0, end: 'open', endedMs: null };
          const req = http.get(`${config.base}/api/events`, { agent: false, headers: { accept: 'text/event-stream' } }, (res) => {
            result.status = res.statusCode ?? 0;
            let settle: () => void = () => {};
            const ended = new Promise<void>((r) => (settle = r));
            const finish = (how: 'clean' | 'reset') => {
              if (result.end !== 'open') return;
              result.end = how;
              result.endedMs = Math.round(now() - t0);
              settle();
            };
            res.on('data', () => {});
            res.on('end', () => finish('clean'));
            res.on('aborted', () => finish('reset'));
            res.on('error', () => finish('reset'));
            res.on('close', () => finish(res.complete ? 'clean' : 'reset'));
            resolve({ result, ended });
          });
          req.on('error', reject);
        }),
    ),
  );

  const cannon = await new Promise<{ instance: CannonInstance; finished: Promise<void> }>((resolve) => {
    let finish: () => void = () => {};
    const finished = new Promise<void>((r) => (finish = r));
    const instance = autocannon(
      {
        url: config.base,
        connections: config.connections,
        duration: 600,
        requests: config.paths.map((path) => ({ method: 'GET', path })),
        setupClient: (client) => {
          let pending: Tracked | null = null;
          const settle = (outcome: Outcome) => {
            if (!pending) return;
            pending.doneAt = now();
            pending.outcome = outcome;
            pending = null;
          };
          client.on('request', () => {
            // A new request while one is unanswered: the connection ended under the old one.
            settle('no answer');
            const tracked: Tracked = { sentAt: null };
            requests.push(tracked);
            pending = tracked;
            if (client.conn.connecting) client.conn.once('connect', () => (tracked.sentAt = now()));
            else tracked.sentAt = now();
          });
          client.on('response', (status) => settle(status));
          client.on('timeout', () => settle('timeout'));
          client.on('connError', (err) => {
            const p = pending;
            if (p && p.sentAt === null && err.code === 'ECONNREFUSED') {
              // Never connected, so never sent: not a request the server saw.
              requests.splice(requests.indexOf(p), 1);
              pending = null;
              refusedConnections++;
            } else settle(err.code ?? err.message);
            // Once the listener is gone, stop reconnecting in a tight loop.
            if (now() > t0 && err.code === 'ECONNREFUSED') client.destroy();
          });
        },
      },
      () => finish(),
    );
    resolve({ instance, finished });
  });

  await new Promise((r) => setTimeout(r, config.warmupMs));
  await Promise.all(
    Array.from(
      { length: config.lateConnections },
      () =>
        new Promise<void>((resolve) => {
          const tracked: Tracked = { sentAt: null };
          requests.push(tracked);
          const settle = (outcome: Outcome) => {
            if (tracked.outcome !== undefined) return;
            tracked.doneAt = now();
            tracked.outcome = outcome;
            resolve();
          };
          const req = http.get(`${config.base}${config.paths[config.paths.length - 1]}`, { agent: false }, (res) => {
            res.resume();
            res.on('end', () => settle(res.complete ? (res.statusCode ?? 0) : 'incomplete'));
            res.on('error', (err: NodeJS.ErrnoException) => settle(err.code ?? err.message));
          });
          req.on('error', (err: NodeJS.ErrnoException) => settle(err.code ?? err.message));
          // The TCP handshake completes in the kernel, accepted or not; the request is written on connect.
          req.on('socket', (socket) =>
            socket.once('connect', () => {
              tracked.sentAt = now();
              setImmediate(resolve);
            }),
          );
        }),
    ),
  );
  const sigtermAt = Date.now();
  t0 = now();
  process.kill(config.serverPid, 'SIGTERM');
  void send({ type: 'sigterm', at: sigtermAt });

  await serverExited;
  // Whatever was still on the wire has arrived by now.
  await new Promise((r) => setTimeout(r, 300));
  cannon.instance.stop();
  await Promise.race([cannon.finished, new Promise((r) => setTimeout(r, 2000))]);
  await Promise.race([Promise.all(streams.map((s) => s.ended)), new Promise((r) => setTimeout(r, 1000))]);

  const tally = (list: Tracked[]) => {
    const out: Record<string, number> = {};
    for (const r of list) {
      const key = String(r.outcome ?? 'no answer');
      out[key] = (out[key] ?? 0) + 1;
    }
    return out;
  };
  const sent = requests.filter((r) => r.sentAt !== null);
  const before = sent.filter((r) => r.sentAt! < t0);
  const completedBefore = before.filter((r) => r.doneAt !== undefined && r.doneAt < t0);
  const inFlight = before.filter((r) => r.doneAt === undefined || r.doneAt >= t0);
  const ok = (r: Tracked) => typeof r.outcome === 'number' && r.outcome >= 200 && r.outcome < 300;
  const after = sent.filter((r) => r.sentAt! >= t0);
  const report: LoadReport = {
    sigtermAt,
    sent: sent.length,
    sentBeforeSigterm: before.length,
    completedBeforeSigterm: completedBefore.length,
    inFlight: inFlight.length,
    inFlightOutcomes: tally(inFlight),
    inFlightFailed: inFlight.filter((r) => !ok(r)).length,
    inFlightFailures: inFlight
      .filter((r) => !ok(r))
      .map((r) => ({ sentMs: Math.round(r.sentAt! - t0), endedMs: r.doneAt === undefined ? null : Math.round(r.doneAt - t0), outcome: String(r.outcome ?? 'no answer') })),
    lastInFlightAnswerMs: Math.round(Math.max(0, ...inFlight.filter((r) => r.doneAt !== undefined).map((r) => r.doneAt! - t0))),
    sentAfterSigterm: after.length,
    afterSigtermOutcomes: tally(after),
    refusedConnections,
    streams: streams.map((s) => s.result),
  };
  await send({ type: 'report', report });
}

if (process.send) {
  const config = JSON.parse(process.env.SHUTDOWN_LOAD ?? '{}') as LoadConfig;
  let exited: () => void = () => {};
  const serverExited = new Promise<void>((r) => (exited = r));
  process.on('message', (msg: { type?: string }) => {
    if (msg.type === 'server-exited') exited();
  });
  const send = (msg: object) => new Promise<void>((resolve) => process.send!(msg, () => resolve()));
  main(config, send, serverExited)
    .catch((err: unknown) => send({ type: 'error', message: err instanceof Error ? (err.stack ?? err.message) : String(err) }))
    // autocannon keeps timers and sockets: the report is out, so leave at once.
    .finally(() => process.exit(0));
}
