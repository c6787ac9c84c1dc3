/**
 * The processes the bench drives: the app server compiled, as `npm run serve` starts it (`node --enable-source-maps
 * dist-server/server.js`; the bench builds its own copy, buildAppServer), and the baselines from their TypeScript
 * (bench/plain-server.ts, bench/floor/server.ts). Each is waited for by the line it prints when it is up, never by a
 * fixed sleep; the app server's memory is sampled from /proc while it runs.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

export const ROOT = path.resolve(import.meta.dirname, '..');

/** Where the bench builds the app server: its own folder, so a server running from dist-server/ is left alone. */
const SERVER_BUILD_DIR = path.join(ROOT, '.tmp/bench-server');
/** The app server's script, compiled; buildAppServer() makes it. */
export const APP_SERVER = path.join(SERVER_BUILD_DIR, 'server.js');

/** Compiles the app server from the source as it is now (scripts/build-server.mjs, about a second). */
export function buildAppServer(): void {
  execFileSync(process.execPath, ['scripts/build-server.mjs', '--outdir', SERVER_BUILD_DIR], { cwd: ROOT, stdio: 'inherit' });
}

export interface BenchProcess {
  child: ChildProcess;
  pid: number;
  /** Everything it printed so far (stdout and stderr). */
  output(): string;
  /** Lines it printed to stderr or at warn level and above, for the report. */
  problems(): string[];
  exited: Promise<number | null>;
  /** SIGTERM, then wait for the exit (SIGKILL after `graceMs`). */
  stop(graceMs?: number): Promise<number | null>;
}

/** How node runs a script: compiled JavaScript as production does, TypeScript through tsx. */
export function nodeArgsFor(script: string): string[] {
  return script.endsWith('.js') ? ['--enable-source-maps', script] : ['--import', 'tsx', script];
}

/**
 * Starts `node <script>` (a .ts through tsx) and resolves once a line matches `ready` (with the match), or rejects
 * with its output when it exits first or does not get there within `timeoutMs`.
 */
export async function startNodeProcess(
  script: string,
  env: Record<string, string | undefined>,
  ready: RegExp,
  options: { timeoutMs?: number; nodeArgs?: string[] } = {},
): Promise<{ proc: BenchProcess; match: RegExpMatchArray }> {
  const timeoutMs = options.timeoutMs ?? 120_000;
  const child = spawn(process.execPath, [...(options.nodeArgs ?? []), ...nodeArgsFor(script)], { cwd: ROOT, env: cleanEnv(env), stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  const problems: string[] = [];
  let resolveReady: (m: RegExpMatchArray) => void = () => {};
  let rejectReady: (e: Error) => void = () => {};
  const readyPromise = new Promise<RegExpMatchArray>((resolve, reject) => {
    resolveReady = resolve;
    rejectReady = reject;
  });
  let matched = false;
  const onData = (stream: 'out' | 'err') => (d: Buffer) => {
    const text = d.toString();
    out += text;
    for (const line of text.split('\n')) {
      if (!line.trim()) continue;
      if (stream === 'err' || /"level":(40|50|60)/.test(line)) problems.push(line.length > 400 ? `${line.slice(0, 400)}…` : line);
    }
    if (!matched) {
      const m = out.match(ready);
      if (m) {
        matched = true;
        resolveReady(m);
      }
    }
  };
  child.stdout.on('data', onData('out'));
  child.stderr.on('data', onData('err'));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  void exited.then((code) => rejectReady(new Error(`${script} exited (${code}) before it was ready:\n${out}`)));
  const timer = setTimeout(() => rejectReady(new Error(`${script} was not ready within ${timeoutMs} ms:\n${out}`)), timeoutMs);
  const proc: BenchProcess = {
    child,
    pid: child.pid!,
    output: () => out,
    problems: () => problems,
    exited,
    stop: async (graceMs = 15_000) => {
      if (child.exitCode !== null || child.signalCode !== null) return child.exitCode;
      child.kill('SIGTERM');
      const kill = setTimeout(() => child.kill('SIGKILL'), graceMs);
      const code = await exited;
      clearTimeout(kill);
      return code;
    },
  };
  try {
    const match = await readyPromise;
    return { proc, match };
  } catch (err) {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    throw err;
  } finally {
    clearTimeout(timer);
  }
}

/** The environment a child gets: ours, minus what would change which database or league it opens. */
export function cleanEnv(env: Record<string, string | undefined>): NodeJS.ProcessEnv {
  const base: NodeJS.ProcessEnv = { ...process.env };
  for (const key of ['DATABASE_URL', 'DATA_DIR', 'DEMO', 'DEMO_IN_PRODUCTION', 'PORT', 'PUBLIC_URL', 'AUTH_SECRET', 'SMTP_URL', 'TRUST_PROXY']) delete base[key];
  for (const [key, value] of Object.entries(env)) {
    if (value === undefined) delete base[key];
    else base[key] = value;
  }
  return base;
}

/** Resident memory of a process in bytes (Linux /proc), or null where it cannot be read. */
export function rssOf(pid: number): number | null {
  try {
    const kb = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kb ? Number(kb) * 1024 : null;
  } catch {
    return null;
  }
}

/** Samples a process's RSS every `everyMs` until stopped; `peak()` since the start or the last `reset()`. */
export function sampleRss(pid: number, everyMs = 100): { peak(): number | null; reset(): void; stop(): void } {
  let peak: number | null = null;
  const sample = () => {
    const rss = rssOf(pid);
    if (rss !== null && (peak === null || rss > peak)) peak = rss;
  };
  sample();
  const timer = setInterval(sample, everyMs);
  timer.unref();
  return {
    peak: () => {
      sample();
      return peak;
    },
    reset: () => {
      peak = null;
      sample();
    },
    stop: () => clearInterval(timer),
  };
}

export interface MemorySplit {
  /** The embedded database's (PGlite's) WebAssembly memory at its largest; null on PostgreSQL or unread. */
  embeddedPeakBytes: number | null;
  /** The rest of the process at its largest: RSS less the embedded database's memory, sampled together. */
  restPeakBytes: number | null;
  samples: number;
}

/**
 * Samples a server's memory split in two while it runs: PGlite's WebAssembly memory (`readEmbedded`: the server's own
 * figure, from /api/diag) and the rest of its RSS. The embedded figure is read first and RSS after it; WebAssembly
 * memory never shrinks, so RSS less the earlier figure is at least the rest at that instant: the rest is never
 * under-counted. One sample at a time, every `everyMs` at most.
 */
export function sampleMemorySplit(pid: number, readEmbedded: () => Promise<number | null>, everyMs = 200): { stop(): Promise<MemorySplit> } {
  let embeddedPeak: number | null = null;
  let restPeak: number | null = null;
  let samples = 0;
  let stopped = false;
  const loop = (async () => {
    while (!stopped) {
      const started = performance.now();
      const embedded = await readEmbedded().catch(() => null);
      const rss = rssOf(pid);
      if (rss !== null) {
        samples++;
        if (embedded !== null && (embeddedPeak === null || embedded > embeddedPeak)) embeddedPeak = embedded;
        const rest = rss - (embedded ?? 0);
        if (restPeak === null || rest > restPeak) restPeak = rest;
      }
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, everyMs - (performance.now() - started))));
    }
  })();
  return {
    stop: async () => {
      stopped = true;
      await loop;
      return { embeddedPeakBytes: embeddedPeak, restPeakBytes: restPeak, samples };
    },
  };
}
