import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/** AUTH_SECRET when set; otherwise one generated on first run and kept in DATA_DIR (readable by us only). */
export function resolveAuthSecret(configured: string | undefined, dataDir: string): { secret: string; generated: boolean } {
  if (configured) return { secret: configured, generated: false };
  const file = path.join(dataDir, 'auth-secret');
  if (fs.existsSync(file)) return { secret: fs.readFileSync(file, 'utf8').trim(), generated: false };
  fs.mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  fs.writeFileSync(file, secret, { mode: 0o600 });
  return { secret, generated: true };
}
