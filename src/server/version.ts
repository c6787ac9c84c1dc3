import fs from 'node:fs';
import path from 'node:path';
import { APP_DIR } from './app-dir';

const pkg = JSON.parse(fs.readFileSync(path.join(APP_DIR, 'package.json'), 'utf8')) as { version: string };
export const APP_VERSION = pkg.version;
