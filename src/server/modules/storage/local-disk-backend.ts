import { randomUUID } from 'node:crypto';
import type { Dirent } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { ObjectBackend } from './object-backend';

/**
 * Objects as files under `<dataDir>/storage/<bucket>/<key>`. A file is written under `<dataDir>/storage/.incoming`,
 * flushed to disk, then renamed into place: on one file system a rename is atomic, so a crash leaves either the
 * whole object or none (and at worst a stray file in .incoming, never a half object).
 */
export function createLocalDiskBackend(options: { dataDir: string; bucket: string }): ObjectBackend {
  const storageRoot = path.resolve(options.dataDir, 'storage');
  const root = path.join(storageRoot, options.bucket);
  // Bucket names cannot start with a dot (config), so this is never a bucket's folder.
  const incoming = path.join(storageRoot, '.incoming');

  /** The file of a key, refusing any key that would land outside the bucket's folder (the names' rules already do). */
  function fileOf(key: string): string {
    if (key.includes('\0')) throw new Error('storage key holds a null character');
    const file = path.resolve(root, key);
    if (!file.startsWith(root + path.sep)) throw new Error('storage key points outside the bucket folder');
    return file;
  }

  /** Empty folders left by a delete, from the file's folder up to (not including) the bucket's folder. */
  async function pruneFolders(from: string): Promise<void> {
    let dir = from;
    while (dir.startsWith(root + path.sep)) {
      try {
        await fs.rmdir(dir);
      } catch {
        return; // not empty (or already gone): the folders above are not empty either
      }
      dir = path.dirname(dir);
    }
  }

  return {
    kind: 'local',
    async write(key, bytes) {
      const file = fileOf(key);
      await fs.mkdir(incoming, { recursive: true });
      const temp = path.join(incoming, randomUUID());
      try {
        const handle = await fs.open(temp, 'wx', 0o600);
        try {
          await handle.writeFile(bytes);
          await handle.sync();
        } finally {
          await handle.close();
        }
        // A delete in the same folder may remove it, empty, between our mkdir and rename: make it again.
        for (let attempt = 1; ; attempt++) {
          await fs.mkdir(path.dirname(file), { recursive: true });
          try {
            await fs.rename(temp, file);
            break;
          } catch (err) {
            if ((err as NodeJS.ErrnoException).code !== 'ENOENT' || attempt >= 3) throw err;
          }
        }
      } catch (err) {
        await fs.rm(temp, { force: true });
        throw err;
      }
    },
    async read(key) {
      try {
        return await fs.readFile(fileOf(key));
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw err;
      }
    },
    async remove(key) {
      const file = fileOf(key);
      await fs.rm(file, { force: true });
      await pruneFolders(path.dirname(file));
    },
    async *list() {
      // Depth first, one folder read at a time; a folder a delete removed meanwhile is skipped.
      const folders = [root];
      while (folders.length > 0) {
        const dir = folders.pop()!;
        let entries: Dirent[];
        try {
          entries = await fs.readdir(dir, { withFileTypes: true });
        } catch (err) {
          if ((err as NodeJS.ErrnoException).code === 'ENOENT') continue;
          throw err;
        }
        for (const entry of entries) {
          const file = path.join(dir, entry.name);
          if (entry.isDirectory()) folders.push(file);
          else if (entry.isFile()) {
            const stat = await fs.stat(file).catch(() => null);
            if (stat) yield { key: path.relative(root, file).split(path.sep).join('/'), lastModified: stat.mtime };
          }
        }
      }
    },
    async signedUrl() {
      return null;
    },
    async check() {
      try {
        await fs.mkdir(root, { recursive: true });
        await fs.access(root, fs.constants.W_OK);
      } catch (err) {
        throw new Error(
          `The storage folder ${root} cannot be written to (${(err as NodeJS.ErrnoException).code ?? 'error'}). Check DATA_DIR and its permissions.`,
          {
            cause: err,
          },
        );
      }
    },
    async close() {},
  };
}
