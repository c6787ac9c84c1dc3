import fs from 'node:fs';
import path from 'node:path';
import type { Config } from '../../config';
import type { ServerContext } from '../../context';
import { MIGRATIONS_DIR, type DatabaseHandle } from '../../db/client';
import type { Actor } from '../../context';
import { adminDecisionInWords, type DiagAdmin, type DiagCheck, type DiagResponse, type DiagYou } from '../../../shared/diag/diag.schemas';
import { mailBackendOf, mailQueueCounts } from '../mail/mail.service';
import { findActiveSeason } from '../seasons/seasons.service';
import type { SweepStats } from '../storage/storage.service';
import { findClaims } from '../users/users.service';
import { buildCommit } from './build-commit';
import * as repo from './diag.repository';

export interface DiagDeps extends Pick<ServerContext, 'db' | 'league' | 'storage'> {
  database: Pick<DatabaseHandle, 'kind' | 'ping' | 'embeddedMemoryBytes'>;
  config: Pick<Config, 'buildCommit' | 'smtpUrl' | 'dataDir' | 'storage'>;
  version: string;
  /** The orphan sweep of this server (what a failed delete left in storage). */
  storageSweep?: { stats(): SweepStats };
}

/** Who asked: the signed-in person, nobody, or a session that could not be checked. */
export type Caller = { actor: Actor | null } | { failed: true };

/** The longest any one check may take: the page answers with the others and says which one did not. */
export const CHECK_TIMEOUT_MS = 5_000;

export interface Diagnostics {
  /** The whole answer but its handling time, which only the route knows. */
  report(caller: Caller): Promise<Omit<DiagResponse, 'app'> & { app: Omit<DiagResponse['app'], 'answeredInMs'> }>;
}

interface MigrationFile {
  tag: string;
  when: number;
}

/** The migrations this build carries: the `.sql` files and the journal that names them. Read once. */
function migrationsInBuild(): { count: number; byWhen: Map<number, string> } {
  const files = fs.readdirSync(MIGRATIONS_DIR).filter((f) => f.endsWith('.sql'));
  const journal = JSON.parse(fs.readFileSync(path.join(MIGRATIONS_DIR, 'meta', '_journal.json'), 'utf8')) as { entries: MigrationFile[] };
  return { count: files.length, byWhen: new Map(journal.entries.map((e) => [e.when, e.tag])) };
}

type Settled<T> = { ok: true; value: T; ms: number } | { ok: false; error: unknown; ms: number };

/** Runs one check with a time limit; never throws. */
async function settle<T>(work: () => Promise<T>, timeoutMs = CHECK_TIMEOUT_MS): Promise<Settled<T>> {
  const started = performance.now();
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new CheckTimeout(timeoutMs)), timeoutMs);
  });
  try {
    const value = await Promise.race([work(), timeout]);
    return { ok: true, value, ms: elapsed(started) };
  } catch (error) {
    return { ok: false, error, ms: elapsed(started) };
  } finally {
    clearTimeout(timer);
  }
}

class CheckTimeout extends Error {
  constructor(ms: number) {
    super(`no answer within ${ms / 1000} seconds`);
  }
}

/** When the commit is looked up after start (see createDiagnostics). */
const COMMIT_LOOKUP_DELAY_MS = 3_000;

const elapsed = (started: number) => Math.round((performance.now() - started) * 100) / 100;

/** An error's message, short and on one line, for admins only (the storage service's words, a timeout). */
function inWords(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  const line = message.replace(/\s+/g, ' ').trim();
  return line.length > 200 ? `${line.slice(0, 200)}…` : line || 'no reason given';
}

export function createDiagnostics(deps: DiagDeps): Diagnostics {
  const { db, league, storage, database, config, version } = deps;
  // Asked of git a few seconds after start, so the first page load rarely waits for it; not at start, where the
  // spawn costs a restarting server ~0.1 s of CPU (buildCommit runs git once per process, whoever asks first).
  const commit = () => buildCommit(config.buildCommit);
  setTimeout(() => void commit(), COMMIT_LOOKUP_DELAY_MS).unref();
  const inBuild = migrationsInBuild();
  const mail = mailBackendOf(config);

  async function you(caller: Caller): Promise<DiagYou> {
    if ('failed' in caller)
      return { signedIn: false, error: 'Your session could not be checked because the database did not answer. Reload the page in a minute.' };
    const { actor } = caller;
    if (!actor) return { signedIn: false };
    const claims = await settle(() => findClaims(db, actor.userId));
    return {
      signedIn: true,
      uid: actor.userId,
      email: actor.email,
      role: actor.profile.role,
      claims: claims.ok ? (claims.value ?? {}) : null,
      ...(claims.ok ? {} : { claimsError: 'The claims could not be read just now; the admin decision above used the profile role alone.' }),
      admin: { ...actor.admin, why: adminDecisionInWords(actor.admin, actor.profile.role) },
    };
  }

  async function adminPart(): Promise<DiagAdmin> {
    const [dbVersion, applied, probe, queue, embedded] = await Promise.all([
      settle(() => repo.databaseVersion(db)),
      settle(() => repo.appliedMigrations(db)),
      // The storage service measures its own round trip; the limit here is for a backend that never answers.
      settle(() => storage.probe(), 2 * CHECK_TIMEOUT_MS),
      settle(() => mailQueueCounts(db)),
      settle(() => database.embeddedMemoryBytes()),
    ]);
    const latest = applied.ok ? applied.value.at(-1) : undefined;
    const usage = process.memoryUsage();
    const storageProbe: DiagCheck = probe.ok
      ? {
          ok: probe.value.ok,
          latencyMs: probe.value.latencyMs,
          ...(probe.value.ok ? {} : { error: probe.value.error ?? 'the write/read check failed without a reason' }),
        }
      : { ok: false, latencyMs: null, error: `the write/read check could not run: ${inWords(probe.error)}` };
    const endpoint = config.storage.s3?.endpoint;
    return {
      database: {
        version: dbVersion.ok ? dbVersion.value : null,
        ...(dbVersion.ok ? {} : { versionError: `could not be read: ${inWords(dbVersion.error)}` }),
        migrations: applied.ok
          ? {
              applied: applied.value.length,
              inBuild: inBuild.count,
              latest: latest
                ? {
                    tag: latest.createdAt === null ? null : (inBuild.byWhen.get(latest.createdAt) ?? null),
                    createdAt: latest.createdAt === null ? null : new Date(latest.createdAt).toISOString(),
                  }
                : null,
            }
          : null,
        ...(applied.ok ? {} : { migrationsError: `could not be read: ${inWords(applied.error)}` }),
      },
      storage: {
        bucket: storage.bucket,
        ...(storage.backend === 's3' && endpoint ? { endpoint: new URL(endpoint).host } : {}),
        probe: storageProbe,
        ...(deps.storageSweep ? { sweep: deps.storageSweep.stats() } : {}),
      },
      mail: {
        target: mail.target,
        waiting: queue.ok ? queue.value.waiting : null,
        failed: queue.ok ? queue.value.failed : null,
        ...(queue.ok ? {} : { queueError: `could not be counted: ${inWords(queue.error)}` }),
      },
      server: {
        node: process.version,
        uptimeSeconds: Math.round(process.uptime()),
        // The embedded database's figure is null when its worker did not answer (its own check above says why).
        memory: { rss: usage.rss, heapUsed: usage.heapUsed, embeddedDatabase: embedded.ok ? embedded.value : null },
      },
    };
  }

  return {
    async report(caller) {
      const isAdmin = 'actor' in caller && caller.actor?.admin.isAdmin === true;
      const [ping, season, timeZone, person, admin, sha] = await Promise.all([
        settle(() => database.ping()),
        settle(() => findActiveSeason(db)),
        settle(() => league.timeZone()),
        you(caller),
        isAdmin ? adminPart() : Promise.resolve(undefined),
        commit(),
      ]);
      const leagueProblems = [season.ok ? null : 'the active season', timeZone.ok ? null : 'the league settings'].filter(Boolean);
      return {
        app: { version, commit: sha },
        database: {
          engine: database.kind,
          ok: ping.ok,
          latencyMs: ping.ok ? ping.ms : null,
          ...(ping.ok
            ? {}
            : {
                error:
                  ping.error instanceof CheckTimeout
                    ? `The database did not answer within ${CHECK_TIMEOUT_MS / 1000} seconds.`
                    : 'The database did not answer.',
              }),
        },
        storage: { backend: storage.backend },
        mail: { backend: mail.backend },
        league: {
          timeZone: timeZone.ok ? timeZone.value : null,
          activeSeason: season.ok ? (season.value?.name ?? null) : null,
          ...(leagueProblems.length > 0 ? { error: `${leagueProblems.join(' and ')} could not be read just now.` } : {}),
        },
        you: person,
        ...(admin ? { admin } : {}),
      };
    },
  };
}
