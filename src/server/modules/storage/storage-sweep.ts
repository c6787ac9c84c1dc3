import type { Database } from '../../db/client';
import { parseObjectKey, type ListedObject, type ObjectBackend } from './object-backend';
import * as repo from './storage.repository';

/**
 * The orphan sweep (decision 023): bytes that no `stored_files` row names any more, left behind when a delete of
 * old bytes failed after its row had committed (a replaced generation, a deleted file, a refused upload). It lists
 * the bucket, asks the database which of the listed keys are a file's current generation, and removes the others
 * once they are older than the grace period: an upload writes its bytes before its row commits, so bytes younger
 * than that may be an upload in flight and are never touched. Keys the app never writes are left alone.
 */

export interface SweepResult {
  /** Objects listed in the bucket. */
  listed: number;
  /** Of those, bytes nobody points at that are older than the grace period. */
  found: number;
  removed: number;
  /** Found but could not be removed (tried again at the next sweep). */
  failed: number;
}

export interface SweepStats {
  /** When the last sweep ended on this server (null: none yet since it started). */
  lastRunAt: string | null;
  last: SweepResult | null;
  /** Why the last sweep stopped, in words, when it did not finish. */
  lastError: string | null;
  /** Removed by this server since it started. */
  removedSinceStart: number;
}

export interface SweepOptions {
  /** How old unnamed bytes must be to be removed (an upload in flight is younger). */
  graceMs: number;
  /** How often a started sweeper runs, and how long after start the first run waits. */
  everyMs: number;
  firstAfterMs: number;
  /** Keys checked against the database per query. */
  batch: number;
  now: () => Date;
}

export const DEFAULT_SWEEP_OPTIONS: SweepOptions = {
  graceMs: 60 * 60_000,
  everyMs: 6 * 60 * 60_000,
  firstAfterMs: 10 * 60_000,
  batch: 500,
  now: () => new Date(),
};

export interface OrphanSweeper {
  /** One sweep now; `graceMs`/`now` override the settings (tests). */
  runOnce(overrides?: Partial<Pick<SweepOptions, 'graceMs' | 'now'>>): Promise<SweepResult>;
  /** Sweeps `firstAfterMs` after this call and then every `everyMs` (the timers never keep the process alive). */
  start(): void;
  stop(): Promise<void>;
  stats(): SweepStats;
}

export function createOrphanSweeper(
  deps: { db: Database; backend: ObjectBackend; bucket: string; log?: { info(obj: object, msg: string): void; warn(obj: object, msg: string): void } },
  overrides: Partial<SweepOptions> = {},
): OrphanSweeper {
  const o: SweepOptions = { ...DEFAULT_SWEEP_OPTIONS, ...overrides };
  const { db, backend, bucket, log } = deps;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<SweepResult> | null = null;
  let stopped = false;
  const stats: SweepStats = { lastRunAt: null, last: null, lastError: null, removedSinceStart: 0 };

  async function sweepBatch(batch: ListedObject[], cutoff: number, result: SweepResult): Promise<void> {
    const old = batch.filter((b) => b.lastModified.getTime() < cutoff);
    const parsed = old.map((b) => ({ key: b.key, what: parseObjectKey(b.key) }));
    const current = await repo.currentGenerations(
      db,
      bucket,
      parsed.flatMap((p) => (p.what?.kind === 'file' ? [p.what.fullPath] : [])),
    );
    for (const { key, what } of parsed) {
      if (!what) continue;
      if (what.kind === 'file' && current.get(what.fullPath) === what.generation) continue;
      result.found++;
      try {
        await backend.remove(key);
        result.removed++;
      } catch (err) {
        result.failed++;
        log?.warn({ err, key }, 'storage sweep: could not remove bytes nobody points at; the next sweep tries again');
      }
    }
  }

  async function sweep(overrides: Partial<Pick<SweepOptions, 'graceMs' | 'now'>> = {}): Promise<SweepResult> {
    const cutoff = (overrides.now ?? o.now)().getTime() - (overrides.graceMs ?? o.graceMs);
    const result: SweepResult = { listed: 0, found: 0, removed: 0, failed: 0 };
    try {
      let batch: ListedObject[] = [];
      for await (const object of backend.list()) {
        result.listed++;
        batch.push(object);
        if (batch.length >= o.batch) {
          await sweepBatch(batch, cutoff, result);
          batch = [];
        }
      }
      await sweepBatch(batch, cutoff, result);
      stats.lastError = null;
    } catch (err) {
      stats.lastError = err instanceof Error ? err.message : String(err);
      throw err;
    } finally {
      stats.lastRunAt = new Date().toISOString();
      stats.last = { ...result };
      stats.removedSinceStart += result.removed;
    }
    if (result.found > 0) log?.info({ ...result }, 'storage sweep: removed bytes nobody points at (a delete had failed)');
    return result;
  }

  const runOnce = (overrides?: Partial<Pick<SweepOptions, 'graceMs' | 'now'>>) => {
    running ??= sweep(overrides).finally(() => {
      running = null;
    });
    return running;
  };

  const schedule = (ms: number) => {
    if (stopped) return;
    timer = setTimeout(() => {
      runOnce()
        .catch((err: unknown) => log?.warn({ err }, 'storage sweep failed; it runs again later'))
        .finally(() => schedule(o.everyMs));
    }, ms).unref();
  };

  return {
    runOnce,
    start() {
      if (timer || stopped) return;
      schedule(o.firstAfterMs);
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = null;
      await running?.catch(() => undefined);
    },
    stats: () => ({ ...stats, last: stats.last ? { ...stats.last } : null }),
  };
}
