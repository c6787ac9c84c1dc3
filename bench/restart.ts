/**
 * Restart to ready (issue 27): how long the app server takes from its spawn to the first 200 of GET /api/ready when
 * it starts again on a database it has used before, as a supervisor restarting it after a crash or a deploy sees it.
 * The server is the compiled one production runs (processes.ts). Started and stopped (SIGTERM) one time after another.
 */
import { keepAliveAgent, request } from './http';
import type { BenchProcess } from './processes';

export interface RestartFigure {
  /** Spawn to ready of each start, in order; the first is the first start on the seeded database. */
  ms: number[];
  /** Of the starts after the first. */
  median: number;
  min: number;
  max: number;
}

/** GET /api/ready until it answers 200 (every 10 ms; the server only answers once it listens). */
async function untilReady(base: string, proc: BenchProcess, timeoutMs = 60_000): Promise<void> {
  const agent = keepAliveAgent();
  const until = performance.now() + timeoutMs;
  try {
    for (;;) {
      const status = await request(agent, base, 'GET', '/api/ready')
        .then((a) => a.status)
        .catch(() => 0);
      if (status === 200) return;
      if (proc.child.exitCode !== null) throw new Error(`the server exited (${proc.child.exitCode}) before /api/ready answered 200:\n${proc.output().slice(-2000)}`);
      if (performance.now() > until) throw new Error(`/api/ready did not answer 200 within ${timeoutMs} ms (last: ${status})`);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  } finally {
    agent.destroy();
  }
}

/**
 * `starts` starts of the server, one after another; `start` spawns it and resolves once it prints that it runs, with
 * the time from the spawn (GET /api/ready is asked from then on: it cannot answer before the server listens, which it
 * says at once).
 */
export async function measureRestarts(starts: number, start: () => Promise<{ proc: BenchProcess; base: string; startMs: number }>): Promise<RestartFigure> {
  const ms: number[] = [];
  for (let i = 0; i < starts; i++) {
    const server = await start();
    try {
      const asked = performance.now();
      await untilReady(server.base, server.proc);
      ms.push(server.startMs + (performance.now() - asked));
    } finally {
      await server.proc.stop();
    }
  }
  const restarts = ms.slice(1).sort((a, b) => a - b);
  return { ms, median: restarts[Math.floor(restarts.length / 2)] ?? NaN, min: restarts[0] ?? NaN, max: restarts.at(-1) ?? NaN };
}
