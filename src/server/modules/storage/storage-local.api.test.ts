import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { storageBackendSuite } from '../../test/storage-suite';

/** Every file under a folder, as paths relative to it, sorted. */
function filesUnder(root: string): string[] {
  if (!fs.existsSync(root)) return [];
  return fs
    .readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((d) => d.isFile())
    .map((d) => path.relative(root, path.join(d.parentPath, d.name)).split(path.sep).join('/'))
    .sort();
}

storageBackendSuite('local disk', async () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cgsl-storage-local-'));
  const bucket = 'cgsl-files';
  return {
    kind: 'local',
    env: { STORAGE: 'local', DATA_DIR: dataDir },
    bucket,
    listKeys: async () => filesUnder(path.join(dataDir, 'storage', bucket)),
    // A half-written upload would sit here; nothing must be left.
    strays: async () => filesUnder(path.join(dataDir, 'storage', '.incoming')),
    stop: async () => fs.rmSync(dataDir, { recursive: true, force: true }),
  };
});
