// `npm run soak`: the crash test (src/server/crash.resilience.test.ts) with 1,000 kill -9 cycles instead of CI's 20,
// split between PGlite and PostgreSQL when TEST_DATABASE_URL is set. CRASH_CYCLES and CRASH_SEED override.
// Expect about 3-5 s per cycle: 1,000 cycles take roughly an hour.
import { spawnSync } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const cycles = process.env.CRASH_CYCLES ?? '1000';
process.stdout.write(`Soak: ${cycles} kill -9 cycles${process.env.TEST_DATABASE_URL ? ' (PGlite and PostgreSQL)' : ' (PGlite; set TEST_DATABASE_URL to include PostgreSQL)'}\n`);
const started = Date.now();
const result = spawnSync(process.execPath, ['node_modules/vitest/vitest.mjs', 'run', '--project', 'resilience', 'src/server/crash.resilience.test.ts'], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, CRASH_CYCLES: cycles },
});
process.stdout.write(`Soak ${result.status === 0 ? 'passed' : 'FAILED'} in ${Math.round((Date.now() - started) / 60_000)} min\n`);
process.exit(result.status ?? 1);
