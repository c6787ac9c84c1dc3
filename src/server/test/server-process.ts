import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '../../..');

export interface ServerProcess {
  child: ChildProcess;
  output(): string;
  exited: Promise<number | null>;
  /** Resolves once the server has printed that it is running; throws with its output if it exits or times out. */
  running(ms?: number): Promise<void>;
}

/**
 * How node starts the server: compiled, as production runs it, when TEST_SERVER_BUILD names a build (the resilience
 * proofs make one: server-build.ts); otherwise from its TypeScript through tsx.
 */
export function serverArgs(): string[] {
  const build = process.env.TEST_SERVER_BUILD;
  return build ? ['--enable-source-maps', path.join(build, 'server.js')] : ['--import', 'tsx', 'src/server/server.ts'];
}

/** The real server (serverArgs) as a child process, with these settings. */
export function startServerProcess(env: Record<string, string>): ServerProcess {
  const child = spawn(process.execPath, serverArgs(), {
    cwd: ROOT,
    env: { ...process.env, HOST: '127.0.0.1', LOG_LEVEL: 'warn', WEB_DIST_DIR: '/nonexistent', NODE_ENV: 'production', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr.on('data', (d: Buffer) => (out += d.toString()));
  let code: number | null | undefined;
  const exited = new Promise<number | null>((resolve) =>
    child.on('exit', (c, signal) => {
      code = c ?? (signal ? null : c);
      resolve(c);
    }),
  );
  return {
    child,
    output: () => out,
    exited,
    running: async (ms = 45_000) => {
      const until = Date.now() + ms;
      while (!out.includes('is running at')) {
        if (code !== undefined) throw new Error(`the server exited (${code}) before running:\n${out}`);
        if (Date.now() > until) throw new Error(`the server did not start within ${ms} ms:\n${out}`);
        await new Promise((r) => setTimeout(r, 50));
      }
    },
  };
}
