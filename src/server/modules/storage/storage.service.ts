import { createHash, randomBytes, randomInt, randomUUID, timingSafeEqual } from 'node:crypto';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { AppError } from '../../errors';
import type { StoredFileMetadata } from '../../../shared/storage/storage.schemas';
import { recordAudit } from '../audit/audit.service';
import {
  contentDispositionFor,
  DOWNLOAD_CACHE_CONTROL,
  etagMatches,
  etagOf,
  PRESIGNED_SECONDS,
  REDIRECT_CACHE_CONTROL,
  SANDBOX_HEADERS,
} from './download-headers';
import { createLocalDiskBackend } from './local-disk-backend';
import { objectKey, probeKey, type ObjectBackend } from './object-backend';
import { createS3Backend, s3DownloadOrigins } from './s3-backend';
import { baseName, nameProblemWords, RESERVED_FOLDER, RESERVED_PREFIX } from './storage-paths';
import { createOrphanSweeper, type OrphanSweeper, type SweepOptions } from './storage-sweep';

export type { OrphanSweeper, SweepResult, SweepStats } from './storage-sweep';
import * as repo from './storage.repository';
import type { ObjectDownload, StorageService } from './storage.types';

export interface StorageDeps {
  db: Database;
  config: Pick<Config, 'storage' | 'dataDir' | 'publicUrl'>;
  /** Where a failure to delete bytes nobody points at any more is reported (the request goes on without it). */
  log?: { info(obj: object, msg: string): void; warn(obj: object, msg: string): void };
  /** The orphan sweep's settings (storage-sweep.ts); tests shorten them. */
  sweep?: Partial<SweepOptions>;
  /** A backend of the test's own (a fault injected); the configured one otherwise. */
  backend?: ObjectBackend;
}

const MB = 1024 * 1024;
const megabytes = (bytes: number) => `${(bytes / MB).toFixed(bytes < 10 * MB ? 1 : 0)} MB`;

let lastGeneration = 0;

/**
 * A generation: microseconds since 1970 (as GCS's), with random low digits so two app servers rarely pick the same
 * one, above every generation this process handed out and above the path's last one, so it always increases.
 */
function nextGeneration(floor = 0): number {
  const generation = Math.max(Date.now() * 1000 + randomInt(1000), lastGeneration + 1, floor + 1);
  lastGeneration = generation;
  return generation;
}

/** Compares a token from a URL with the stored one in time that does not depend on where they differ. */
function sameToken(given: string, stored: string): boolean {
  const a = createHash('sha256').update(given).digest();
  const b = createHash('sha256').update(stored).digest();
  return timingSafeEqual(a, b);
}

/** A row as spec §3's metadata: generations as strings (GCS's int64s), the size a number, absent values left out. */
export function toMetadata(row: repo.StoredFileRow): StoredFileMetadata {
  const custom = row.customMetadata ?? {};
  return {
    bucket: row.bucket,
    generation: String(row.generation),
    metageneration: String(row.metageneration),
    fullPath: row.fullPath,
    name: row.name,
    size: row.size,
    timeCreated: row.timeCreated.toISOString(),
    updated: row.updated.toISOString(),
    md5Hash: row.md5Hash,
    ...(row.cacheControl ? { cacheControl: row.cacheControl } : {}),
    ...(row.contentDisposition ? { contentDisposition: row.contentDisposition } : {}),
    ...(row.contentEncoding ? { contentEncoding: row.contentEncoding } : {}),
    ...(row.contentLanguage ? { contentLanguage: row.contentLanguage } : {}),
    contentType: row.contentType,
    ...(Object.keys(custom).length > 0 ? { customMetadata: custom } : {}),
  };
}

/** The app's download address of a generation: relative, so it works on every host name the site is reached by. */
export function downloadPath(row: Pick<repo.StoredFileRow, 'bucket' | 'fullPath' | 'downloadToken'>): string {
  return `/api/storage/v0/b/${encodeURIComponent(row.bucket)}/o/${encodeURIComponent(row.fullPath)}?alt=media&token=${encodeURIComponent(row.downloadToken)}`;
}

/** Builds the storage service for the configured backend (decision 023), with the sweep of what deletes left behind. */
export function createStorage({ db, config, log, backend: given, sweep }: StorageDeps): StorageService & { readonly sweeper: OrphanSweeper } {
  const { storage } = config;
  const backend = given ?? createObjectBackend(config);
  const sweeper = createOrphanSweeper({ db, backend, bucket: storage.bucket, log }, sweep);
  const forget = (key: string, why: string) => backend.remove(key).catch((err: unknown) => log?.warn({ err, key }, `storage: bytes left behind after ${why}`));

  function bucketOf(bucket: string | undefined): string {
    const name = bucket ?? storage.bucket;
    if (name !== storage.bucket) throw unknownBucket(name, storage.bucket);
    return name;
  }

  function checkName(fullPath: string): void {
    const problem = nameProblemWords(fullPath);
    if (problem) throw new AppError('VALIDATION_FAILED', { key: 'storage.nameNotAllowed', params: { problem } });
  }

  return {
    backend: backend.kind,
    bucket: storage.bucket,
    sweeper,

    async put(input) {
      const bucket = bucketOf(input.bucket);
      checkName(input.fullPath);
      if (input.fullPath.startsWith(RESERVED_PREFIX)) {
        throw new AppError('VALIDATION_FAILED', RESERVED_FOLDER);
      }
      const size = input.bytes.length;
      if (size > storage.uploadMaxBytes) throw tooLarge(size, storage.uploadMaxBytes);
      const ownerId = input.ownerId;
      const here = { bucket, fullPath: input.fullPath };

      // Before any byte is written: an upload plainly over the quota costs nothing. Counted again under the lock.
      const earlier = await repo.findFile(db, bucket, input.fullPath);
      if (ownerId) {
        const used = await repo.usedBytes(db, ownerId, here);
        if (used + size > storage.quotaBytes) throw overQuota(used, size, storage.quotaBytes);
      }

      const md5Hash = createHash('md5').update(input.bytes).digest('base64');
      const generation = nextGeneration(earlier?.generation);
      const key = objectKey(input.fullPath, generation);
      // The bytes first, then the row that points at them: a reader never finds a row without its bytes.
      await backend.write(key, input.bytes, { contentType: input.contentType, cacheControl: input.cacheControl, md5Base64: md5Hash });

      let replaced: number | null = null;
      let row: repo.StoredFileRow;
      try {
        row = await db.transaction(async (tx) => {
          // Always the owner, then the path: two uploads never wait on each other in a circle.
          if (ownerId) await repo.lockOwner(tx, ownerId);
          await repo.lockPath(tx, bucket, input.fullPath);
          const current = await repo.findFile(tx, bucket, input.fullPath);
          if (ownerId) {
            const used = await repo.usedBytes(tx, ownerId, here);
            if (used + size > storage.quotaBytes) throw overQuota(used, size, storage.quotaBytes);
          }
          if (current && current.generation >= generation) {
            throw new AppError('CONFLICT', { key: 'storage.replacedMeanwhile' });
          }
          const saved = await repo.upsertFile(
            tx,
            {
              bucket,
              fullPath: input.fullPath,
              name: baseName(input.fullPath),
              ownerId,
              size,
              generation,
              md5Hash,
              contentType: input.contentType,
              cacheControl: input.cacheControl ?? null,
              contentDisposition: input.contentDisposition ?? null,
              contentEncoding: null,
              contentLanguage: input.contentLanguage ?? null,
              customMetadata: input.customMetadata ?? {},
              downloadToken: randomBytes(32).toString('base64url'),
            },
            new Date(),
          );
          replaced = current?.generation ?? null;
          return saved;
        });
      } catch (err) {
        await forget(key, 'a refused upload');
        throw err;
      }
      // The old generation's bytes once nothing points at them: its download address now answers 404.
      if (replaced !== null) await forget(objectKey(input.fullPath, replaced), 'a new generation');
      return toMetadata(row);
    },

    async getMetadata(fullPath, bucket) {
      const row = await repo.findFile(db, bucketOf(bucket), fullPath);
      return row ? toMetadata(row) : null;
    },

    async downloadUrl(fullPath, bucket) {
      const row = await repo.findFile(db, bucketOf(bucket), fullPath);
      return row ? downloadPath(row) : null;
    },

    async remove(fullPath, bucket, options = {}) {
      const name = bucketOf(bucket);
      const removed = await db.transaction(async (tx) => {
        await repo.lockPath(tx, name, fullPath);
        const row = await repo.findFile(tx, name, fullPath);
        if (!row) return null;
        await repo.deleteFile(tx, row.id);
        if (options.audit) {
          await recordAudit(tx, options.audit, {
            action: 'storage.delete',
            entityType: 'stored_file',
            entityId: row.id,
            summary: `Deleted the file ${row.fullPath}`,
            before: toMetadata(row),
          });
        }
        return row;
      });
      if (!removed) return false;
      await forget(objectKey(removed.fullPath, removed.generation), 'a delete');
      return true;
    },

    async download(fullPath, token, options = {}): Promise<ObjectDownload | null> {
      const row = await repo.findFile(db, bucketOf(options.bucket), fullPath);
      if (!row || !sameToken(token, row.downloadToken)) return null;
      const etag = etagOf(row.md5Hash);
      const disposition = contentDispositionFor(row.contentType, row.name);
      const key = objectKey(row.fullPath, row.generation);
      if (etagMatches(options.ifNoneMatch, etag)) return { status: 304, headers: { etag, 'cache-control': DOWNLOAD_CACHE_CONTROL } };
      const signed = await backend.signedUrl(key, {
        contentType: row.contentType,
        contentDisposition: disposition,
        cacheControl: DOWNLOAD_CACHE_CONTROL,
        expiresInSeconds: PRESIGNED_SECONDS,
      });
      if (signed) return { status: 302, location: signed, headers: { 'cache-control': REDIRECT_CACHE_CONTROL } };
      const body = await backend.read(key);
      // The row is there but its bytes are not (deleted by hand, or a delete racing this read): nothing to show.
      if (!body) return null;
      return {
        status: 200,
        body,
        headers: {
          'content-type': row.contentType,
          'content-length': String(body.length),
          etag,
          'cache-control': DOWNLOAD_CACHE_CONTROL,
          'content-disposition': disposition,
          ...SANDBOX_HEADERS,
        },
      };
    },

    async probe() {
      const started = performance.now();
      const key = probeKey(randomUUID());
      const payload = Buffer.from(`storage check ${new Date().toISOString()}`);
      try {
        await backend.check();
        await backend.write(key, payload, { contentType: 'text/plain', md5Base64: createHash('md5').update(payload).digest('base64') });
        const back = await backend.read(key);
        if (!back?.equals(payload)) throw new Error('The storage check read back something other than what it wrote.');
        await backend.remove(key);
        return { ok: true, latencyMs: Math.round(performance.now() - started) };
      } catch (err) {
        await backend.remove(key).catch(() => {});
        return { ok: false, latencyMs: Math.round(performance.now() - started), error: err instanceof Error ? err.message : String(err) };
      }
    },

    close: async () => {
      await sweeper.stop();
      await backend.close();
    },
  };
}

/** The configured backend (local disk or S3); the storage service owns it, tests make one to inject a fault. */
export function createObjectBackend(config: StorageDeps['config']): ObjectBackend {
  const { storage } = config;
  if (storage.backend === 's3') {
    if (!storage.s3) throw new Error('STORAGE=s3 needs the S3 settings');
    return createS3Backend({ bucket: storage.bucket, s3: storage.s3 });
  }
  return createLocalDiskBackend({ dataDir: config.dataDir, bucket: storage.bucket });
}

/** Where browsers fetch downloaded bytes from besides the site itself (the S3 origins of presigned addresses): for the CSP's img-src. */
export function downloadOrigins(storage: Config['storage']): string[] {
  return storage.backend === 's3' && storage.s3 ? s3DownloadOrigins(storage.bucket, storage.s3) : [];
}

export function unknownBucket(asked: string, ours: string): AppError {
  return new AppError('NOT_FOUND', { key: 'storage.unknownBucket', params: { asked, ours } });
}

function tooLarge(size: number, max: number): AppError {
  return new AppError('PAYLOAD_TOO_LARGE', { key: 'storage.tooLarge', params: { size: megabytes(size), max: megabytes(max) } });
}

function overQuota(used: number, size: number, quota: number): AppError {
  return new AppError('QUOTA_EXCEEDED', { key: 'storage.overQuota', params: { used: megabytes(used), quota: megabytes(quota), size: megabytes(size) } });
}
