#!/usr/bin/env node
// `npm test`: everything, in order — lint, type check, unit + web + API tests on PGlite, the API suite again on
// PostgreSQL (when TEST_DATABASE_URL is set), its runtime-sensitive files under Node 24, then the browser journeys in Chromium.
// Ends with one summary line "N passed, N failed".
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const reports = path.join(root, 'test-results', 'reports');
fs.rmSync(reports, { recursive: true, force: true });
fs.mkdirSync(reports, { recursive: true });

let passed = 0;
let failed = 0;
let skipped = 0;
const failures = [];

function run(name, cmd, args, env = {}) {
  const started = Date.now();
  process.stdout.write(`\n=== ${name} ===\n`);
  const res = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  const secs = ((Date.now() - started) / 1000).toFixed(1);
  const ok = res.status === 0;
  process.stdout.write(`=== ${name}: ${ok ? 'ok' : `FAILED (exit ${res.status ?? res.signal})`} in ${secs}s ===\n`);
  if (!ok) failures.push(name);
  return ok;
}

function countVitest(file) {
  if (!fs.existsSync(file)) return;
  const r = JSON.parse(fs.readFileSync(file, 'utf8'));
  passed += r.numPassedTests;
  failed += r.numFailedTests;
  skipped += r.numPendingTests + r.numTodoTests;
}

function vitest(name, file, args, env, nodeCmd = ['node']) {
  const out = path.join(reports, file);
  const [cmd, ...pre] = nodeCmd;
  run(name, cmd, [...pre, 'node_modules/vitest/vitest.mjs', 'run', ...args, '--reporter=default', '--reporter=json', `--outputFile.json=${out}`], env);
  countVitest(out);
}

// Vitest's default is one worker less than the CPUs: one worker on a 2-CPU machine, which left a core idle while
// PGlite worked and the PostgreSQL run mostly waited on its server. Measured on 2 CPUs: the PGlite API files in
// 389 s with 2 workers against about 600 s with 1; the PostgreSQL API run in 208 s with 3 against 329 s with 1.
const cpus = os.availableParallelism();
const inProcessWorkers = `--maxWorkers=${Math.max(2, cpus - 1)}`;
const serverWorkers = `--maxWorkers=${Math.max(3, cpus)}`;

const pgUrl = process.env.TEST_DATABASE_URL;
const onlyPglite = { TEST_DATABASE_URL: '' };

run('lint', 'npx', ['eslint', '.']);
run('type check', 'npx', ['tsc', '--noEmit']);
vitest('unit, web and API tests (PGlite)', 'vitest-pglite.json', ['--project', 'unit', '--project', 'web', '--project', 'api', inProcessWorkers], onlyPglite);
if (pgUrl) vitest('API tests (PostgreSQL)', 'vitest-postgres.json', ['--project', 'api', serverWorkers], { TEST_DATABASE_URL: pgUrl });
else process.stdout.write('\n(TEST_DATABASE_URL is not set: the API suite on PostgreSQL is skipped; .ci/run sets it)\n');
// Under Node 24, the API files that lean on the runtime rather than on our rules: the real server process, the
// crypto of sign-in, streamed events, SMTP sockets, compressed feeds and concurrent transactions. The whole API
// suite under a second Node added seven minutes to every run for rules that do not depend on the runtime.
const NODE24_FILES = [
  'src/server/server.api.test.ts',
  'src/server/modules/auth/',
  'src/server/modules/live/',
  'src/server/modules/mail/',
  'src/server/modules/calendar/',
  'src/server/modules/bookings/bookings.concurrency.api.test.ts',
];
if (process.env.SKIP_NODE24 !== '1') {
  vitest('API tests under Node 24 (PGlite; runtime-sensitive files)', 'vitest-node24.json', ['--project', 'api', inProcessWorkers, ...NODE24_FILES], onlyPglite, ['npx', '-y', '-p', 'node@24', '--', 'node']);
}
// Crashes, shutdown under load, backup and restore, hostile input: once, on PGlite and (when set) PostgreSQL.
vitest('resilience (crashes, shutdown, backup, hostile input)', 'vitest-resilience.json', ['--project', 'resilience'], {});
run('build the web app', 'npx', ['vite', 'build', '--logLevel', 'warn']);
run('size budget', 'node', ['scripts/size-budget.mjs']);
if (run('browser', 'bash', ['scripts/ensure-chromium.sh'])) {
  const out = path.join(reports, 'playwright.json');
  run('browser journeys (Chromium)', 'npx', ['playwright', 'test'], { PLAYWRIGHT_JSON_OUTPUT_NAME: out });
  if (fs.existsSync(out)) {
    const s = JSON.parse(fs.readFileSync(out, 'utf8')).stats;
    passed += s.expected;
    failed += s.unexpected;
    skipped += s.skipped;
  }
}

process.stdout.write(`\n${failures.length ? `Failed steps: ${failures.join(', ')}\n` : ''}`);
process.stdout.write(`${passed} passed, ${failed} failed, ${skipped} skipped\n`);
process.exit(failures.length ? 1 : 0);
