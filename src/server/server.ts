import 'dotenv/config';
import path from 'node:path';
import { buildApp } from './app';
import { resolveAuthSecret } from './auth-secret';
import { ConfigError, loadConfig, type Config } from './config';
import { openPglite, openPostgres, type DatabaseHandle } from './db/client';
import { DataDirLockedError, lockDataDir, type DataDirLock } from './db/data-dir-lock';
import { seedDemo } from './demo/demo-data';
import { loggerOptions } from './logger';
import { issueSetupLink } from './modules/setup/setup.service';

const SHUTDOWN_GRACE_MS = 10_000;

function fail(message: string): never {
  process.stderr.write(`\n${message}\n\n`);
  process.exit(1);
}

async function openDatabase(config: Config): Promise<{ database: DatabaseHandle; lock: DataDirLock | null }> {
  if (config.databaseUrl) return { database: openPostgres(config.databaseUrl), lock: null };
  const lock = lockDataDir(config.dataDir);
  try {
    return { database: await openPglite({ dataDir: path.join(config.dataDir, 'pglite') }), lock };
  } catch (err) {
    lock.release();
    throw err;
  }
}

async function main(): Promise<void> {
  let config: Config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) fail(`${err.message}\nFix these environment variables (see README "Configuration") and start again.`);
    throw err;
  }

  let opened: Awaited<ReturnType<typeof openDatabase>>;
  try {
    opened = await openDatabase(config);
  } catch (err) {
    if (err instanceof DataDirLockedError) fail(`Cannot start: ${err.message}`);
    throw err;
  }
  const { database, lock } = opened;
  await database.migrate();

  const { secret, generated } = resolveAuthSecret(config.authSecret, config.dataDir);
  const { app, auth, mail } = await buildApp({ config, database, authSecret: secret, logger: loggerOptions(config) });
  if (generated) app.log.info({ file: path.join(config.dataDir, 'auth-secret') }, 'generated an AUTH_SECRET for this data directory');
  if (config.databaseUrl && !config.authSecret) {
    app.log.warn('AUTH_SECRET is not set: every app server must share one; set it before running more than one server');
  }

  if (config.demo) {
    const signIns = await seedDemo(database.db, auth, config.leagueTimezone);
    process.stdout.write(`\nDemo league loaded. Sign in at ${config.publicUrl}/login with:\n${signIns.map((s) => `  ${s.role.padEnd(7)} ${s.email}  password: ${s.password}${s.team ? `  (${s.team})` : ''}`).join('\n')}\n\n`);
  }

  const setupLink = await issueSetupLink(database.db, config.publicUrl);
  if (setupLink) {
    process.stdout.write(
      `\nNo league admin exists yet. Open this one-time link to create the first admin (valid 24 hours):\n  ${setupLink}\n\n`,
    );
  }

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) {
      app.log.warn({ signal }, 'second signal: exiting now');
      process.exit(1);
    }
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing in-flight requests');
    // Keep-alive connections that stay open past the grace period are cut so shutdown always ends.
    setTimeout(() => app.server.closeAllConnections(), SHUTDOWN_GRACE_MS).unref();
    try {
      await app.close();
      await database.close();
    } catch (err) {
      app.log.error({ err }, 'error during shutdown');
      process.exitCode = 1;
    } finally {
      lock?.release();
    }
    process.stdout.write('Practice Scheduler stopped cleanly.\n');
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
  // Mail goes out from every app server; SKIP LOCKED claims keep each message to one of them.
  mail.start();
  app.log.info(
    config.smtpUrl ? { mail: 'smtp', host: new URL(config.smtpUrl).host } : { mail: 'files', dir: path.join(config.dataDir, 'outbox') },
    config.smtpUrl ? 'mail is sent through SMTP' : 'no SMTP_URL: each email is written as an .eml file (subject and link logged)',
  );
}

main().catch((err: unknown) => {
  process.stderr.write(`Start-up failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
});
