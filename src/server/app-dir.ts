import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The app's own directory (the checkout or the unpacked release: the folder of its package.json), whatever the
 * working directory is. Found upwards from this module, because the module is not always where its source is:
 * src/server/ under tsx, dist-server/ once compiled (scripts/build-server.mjs).
 */
export const APP_DIR = findAppDir(path.dirname(fileURLToPath(import.meta.url)));

function findAppDir(from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    if (fs.existsSync(path.join(dir, 'package.json'))) return dir;
    if (path.dirname(dir) === dir) return from;
  }
}
