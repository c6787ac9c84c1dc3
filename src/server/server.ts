import 'dotenv/config';
import fs from 'node:fs';
import type http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import { resolveAuthSecret } from './auth-secret';
import { ConfigError, loadConfig, type Config } from './config';
import type { DatabaseHandle } from './db/client';
import { DataDirLockedError, lockDataDir, type DataDirLock } from './db/data-dir-lock';
import { startPgliteWorker, type PgliteWorkerClient } from './db/pglite-worker';
import { loggerOptions } from './logger';

/**
 * The app's code (Fastify, the ORM, auth, every module), loaded once the embedded database has started in its thread
 * (issue 27, restart to ready): on two cores, loading it (about as long as PGlite's start) and the start overlap.
 * Everything above is light: node's own modules, the settings' schema and the worker's client.
 */
const loadServerCode = () => import('./server-code');
type ServerCode = Awaited<ReturnType<typeof loadServerCode>>;

/** From the signal, in-flight requests get this long to finish; then their connections are cut. */
const SHUTDOWN_GRACE_MS = 7_000;
/** Whatever hangs (a database that does not answer), the process is gone by then: under 10 s. */
const SHUTDOWN_DEADLINE_MS = 9_500;
/** After SIGTERM, connections and requests already sent are still accepted, read and routed: at least this long… */
const DRAIN_MS = 250;
/** …and at most this long, while connections that were waiting when the signal came are accepted one by one. */
const MAX_DRAIN_MS = 4_000;

function fail(message: string): never {
  process.stderr.write(`\n${message}\n\n`);
  process.exit(1);
}

/**
 * PostgreSQL: a pool, connecting on first use. PGlite: the data directory locked for this process, then the database
 * started in its thread (PGLITE_WORKER), before the app's code loads; `open` finishes once that code is in.
 */
function startDatabase(config: Config): { lock: DataDirLock | null; open: (code: ServerCode) => Promise<DatabaseHandle> } {
  if (config.databaseUrl) {
    const url = config.databaseUrl;
    return { lock: null, open: async ({ openPostgres }) => openPostgres(url, { connectTimeoutMs: config.databaseConnectTimeoutMs, queryTimeoutMs: config.databaseQueryTimeoutMs }) };
  }
  const lock = lockDataDir(config.dataDir);
  const options = { dataDir: path.join(config.dataDir, 'pglite'), sharedBuffers: config.pgliteSharedBuffers };
  let started: Promise<PgliteWorkerClient> | undefined;
  try {
    started = config.pgliteWorker ? startPgliteWorker(options) : undefined;
  } catch (err) {
    lock.release();
    throw err;
  }
  // Awaited in `open`; a failure meanwhile is not an unhandled rejection.
  started?.catch(() => undefined);
  return {
    lock,
    open: async ({ openPglite }) => {
      try {
        return await openPglite({ ...options, worker: config.pgliteWorker, ...(started ? { started } : {}) });
      } catch (err) {
        lock.release();
        throw err;
      }
    },
  };
}

async function main(): Promise<void> {
  let config: Config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) fail(`${err.message}\nFix these environment variables (see README "Configuration") and start again.`);
    throw err;
  }

  let starting: ReturnType<typeof startDatabase>;
  try {
    starting = startDatabase(config);
  } catch (err) {
    if (err instanceof DataDirLockedError) fail(`Cannot start: ${err.message}`);
    throw err;
  }
  const { lock } = starting;
  const code = await loadServerCode();
  const { buildApp, listenForBackupRequests, pgliteClientOf, seedDemo, issueSetupLink } = code;
  const database = await starting.open(code);
  await database.migrate();

  const { secret, generated } = resolveAuthSecret(config.authSecret, config.dataDir);
  const { app, auth, mail, storageSweeper } = await buildApp({ config, database, authSecret: secret, logger: loggerOptions(config) });
  if (generated) app.log.info({ file: path.join(config.dataDir, 'auth-secret') }, 'generated an AUTH_SECRET for this data directory');
  if (config.databaseUrl && !config.authSecret) {
    app.log.warn('AUTH_SECRET is not set: every app server must share one; set it before running more than one server');
  }

  if (config.demo) {
    const signIns = await seedDemo(database.db, auth, config.leagueTimezone);
    process.stdout.write(`\nDemo league loaded. Sign in at ${config.publicUrl}/login with:\n${signIns.map((s) => `  ${s.role.padEnd(7)} ${s.email}  password: ${s.password}${s.team ? `  (${s.team})` : ''}`).join('\n')}\n\n`);
  }

  const setupLink = await issueSetupLink(database.db, config.publicUrl, config.oidc?.adminClaim);
  if (setupLink) {
    process.stdout.write(
      `\nNo league admin exists yet. Open this one-time link to create the first admin (valid 24 hours):\n  ${setupLink}\n\n`,
    );
  }

  // PGlite is one process: a backup taken while the server runs comes from the server (`npm run backup` sends
  // SIGUSR2). On PostgreSQL, pg_dump copies a running database; a stray SIGUSR2 must not stop the server.
  const pglite = pgliteClientOf(database);
  const backups = pglite ? listenForBackupRequests(config.dataDir, pglite, app.log) : null;
  process.on('SIGUSR2', () => {
    if (backups) void backups.answer();
    else app.log.warn('SIGUSR2 asks for a backup, which only the embedded database needs: on PostgreSQL run npm run backup (pg_dump)');
  });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) {
      app.log.warn({ signal }, 'second signal: exiting now');
      process.exit(1);
    }
    closing = true;
    const began = performance.now();
    app.log.info({ signal }, 'shutting down: finishing in-flight requests');
    setTimeout(() => {
      process.stderr.write(`Shutdown did not finish within ${SHUTDOWN_DEADLINE_MS / 1000} s: exiting now.\n`);
      process.exit(1);
    }, SHUTDOWN_DEADLINE_MS).unref();
    // The mail worker may be waiting on an SMTP server: it starts stopping now, alongside the requests.
    mail.stop().catch(() => undefined);
    // Connections still open when the grace period ends are cut, so shutdown always ends.
    setTimeout(() => app.server.closeAllConnections(), SHUTDOWN_GRACE_MS).unref();
    try {
      app.log.info(await drain(app.server), 'stopped accepting connections');
      // A connection that goes idle from now on (its last answer said "Connection: close") is closed at once.
      setInterval(() => app.server.closeIdleConnections(), 50).unref();
      await backups?.close();
      // Closes the routes (a request that arrives now gets 503), ends the live-update streams, waits for in-flight requests.
      await app.close();
      await database.close();
    } catch (err) {
      app.log.error({ err }, 'error during shutdown');
      process.exitCode = 1;
    } finally {
      lock?.release();
    }
    process.stdout.write(`Practice Scheduler stopped cleanly in ${Math.round(performance.now() - began)} ms.\n`);
    process.exit();
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (err) {
    await database.close();
    lock?.release();
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'EADDRINUSE') fail(`Cannot start: port ${config.port} is already in use. Stop the other program or set PORT.`);
    throw err;
  }
  process.stdout.write(`Practice Scheduler is running at ${config.publicUrl} (database: ${database.kind})\n`);
  // On PGlite the data-dir lock proves the previous server is gone: mail it had claimed goes out now, not after
  // MAIL_CLAIM_TIMEOUT_SECONDS. On PostgreSQL another server may hold those claims, so the timeout stays.
  if (lock) {
    const released = await mail.releaseDeadClaims();
    if (released > 0) app.log.warn({ messages: released }, 'mail claimed by the previous server process (which stopped without finishing) is sent again now');
  }
  // Mail goes out from every app server; SKIP LOCKED claims keep each message to one of them.
  mail.start();
  // Bytes a failed delete left in storage are removed later (a sweep on every server is harmless: deletes repeat).
  storageSweeper.start();
  app.log.info(
    config.smtpUrl ? { mail: 'smtp', host: new URL(config.smtpUrl).host } : { mail: 'files', dir: path.join(config.dataDir, 'outbox') },
    config.smtpUrl ? 'mail is sent through SMTP' : 'no SMTP_URL: each email is written as an .eml file (subject and link logged)',
  );
}

/**
 * How many connections wait in the kernel's accept queue of this listening socket (Linux: the rx_queue of its
 * line in /proc/net/tcp*), or null where that cannot be read. Node accepts one connection per turn of the event
 * loop, so under load a client's connection, its request already written, can wait there for seconds.
 */
function acceptQueueLength(server: http.Server): number | null {
  try {
    const fd = (server as unknown as { _handle?: { fd?: number } })._handle?.fd;
    if (typeof fd !== 'number' || fd < 0) return null;
    const inode = /^socket:\[(\d+)\]$/.exec(fs.readlinkSync(`/proc/self/fd/${fd}`))?.[1];
    if (!inode) return null;
    for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
      for (const line of fs.readFileSync(table, 'utf8').split('\n').slice(1)) {
        const cols = line.trim().split(/\s+/);
        if (cols[9] === inode) return parseInt(cols[4]!.split(':')[1]!, 16);
      }
    }
  } catch {
    // Not Linux, or /proc is not mounted: the drain falls back to its fixed time.
  }
  return null;
}

const loopTurns = async (n: number) => {
  for (let i = 0; i < n; i++) await new Promise((resolve) => setImmediate(resolve));
};

/**
 * The first step of a graceful stop: stop taking work without dropping any request a client has already sent.
 * Every answer from now on says "Connection: close", so clients go elsewhere. The listener stays open until the
 * connections that were waiting in the accept queue when the signal came have been accepted (at most
 * MAX_DRAIN_MS), and for at least DRAIN_MS, so that what was sent on them, and any request that sits unread on an
 * open keep-alive connection (which http.Server.close() would reset as "idle"), is read and routed. Then the
 * listener closes and, once the connections accepted last have been read, app.close() takes over.
 */
async function drain(server: http.Server): Promise<{ waitingConnections: number | null; acceptedWhileDraining: number; drainMs: number }> {
  const began = performance.now();
  server.prependListener('request', (_req: http.IncomingMessage, res: http.ServerResponse) => {
    res.shouldKeepAlive = false;
  });
  let accepted = 0;
  const count = () => accepted++;
  server.on('connection', count);
  const waiting = server.listening ? acceptQueueLength(server) : 0;
  const until = performance.now() + MAX_DRAIN_MS;
  await loopTurns(3);
  await new Promise((resolve) => setTimeout(resolve, DRAIN_MS));
  while (accepted < (waiting ?? 0) && performance.now() < until) await new Promise((resolve) => setTimeout(resolve, 5));
  server.off('connection', count);
  if (server.listening) net.Server.prototype.close.call(server);
  await loopTurns(3);
  return { waitingConnections: waiting, acceptedWhileDraining: accepted, drainMs: Math.round(performance.now() - began) };
}

main().catch((err: unknown) => {
  process.stderr.write(`Start-up failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
});
