#!/usr/bin/env node
// `npm test`: everything — lint, type check and the web build side by side; unit + web + API tests on PGlite; the API
// suite again on PostgreSQL (when TEST_DATABASE_URL is set) and the runtime-sensitive API files under Node 24, beside
// the resilience proofs; then the browser journeys in Chromium, a server for each worker (e2e/workers.ts).
// Ends with each step's time, the five tests nearest their timeout, and one line "N passed, N failed, N skipped".
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const reports = path.join(root, 'test-results', 'reports');
fs.rmSync(reports, { recursive: true, force: true });
fs.mkdirSync(reports, { recursive: true });
const started = Date.now();

let passed = 0;
let failed = 0;
let skipped = 0;
const failures = [];
/** Each failed test, named, with the first line of its error: printed last, so a CI log's tail says what broke. */
const failedTests = [];
const stepTimes = [];
/** Every test's duration and timeout: { step, name, ms, timeout }. */
const timings = [];

/**
 * Runs one step. Alone, its output streams as it comes; beside other steps (`quiet`), it is kept in a log file
 * and printed whole when the step ends, so two steps' lines never interleave.
 */
function run(name, cmd, args, env = {}, { quiet = false } = {}) {
  const t0 = Date.now();
  const log = path.join(reports, `${name.replace(/[^a-z0-9]+/gi, '-').toLowerCase()}.log`);
  if (!quiet) process.stdout.write(`\n=== ${name} ===\n`);
  const out = quiet ? fs.openSync(log, 'w') : 'inherit';
  const child = spawn(cmd, args, { cwd: root, stdio: ['ignore', out, out], env: { ...process.env, ...env } });
  return new Promise((resolve) => {
    child.on('close', (code, signal) => {
      const secs = (Date.now() - t0) / 1000;
      const ok = code === 0;
      if (quiet) {
        fs.closeSync(out);
        process.stdout.write(`\n=== ${name} (ran beside other steps) ===\n${fs.readFileSync(log, 'utf8')}`);
      }
      process.stdout.write(`=== ${name}: ${ok ? 'ok' : `FAILED (exit ${code ?? signal})`} in ${secs.toFixed(1)}s ===\n`);
      stepTimes.push({ name, secs });
      if (!ok) failures.push(name);
      resolve(ok);
    });
  });
}

/** Runs steps side by side; resolves when all have ended. */
const together = (...steps) => Promise.all(steps.map((step) => step({ quiet: steps.length > 1 })));

function vitest(name, file, args, env, nodeCmd = ['node']) {
  const out = path.join(reports, `${file}.json`);
  const timingFile = path.join(reports, `${file}.timings.json`);
  const [cmd, ...pre] = nodeCmd;
  const reporters = ['--reporter=default', '--reporter=json', `--outputFile.json=${out}`, '--reporter=./scripts/timing-reporter.mjs'];
  return (opts) =>
    run(name, cmd, [...pre, 'node_modules/vitest/vitest.mjs', 'run', ...args, ...reporters], { ...env, TEST_TIMINGS_FILE: timingFile }, opts).then((ok) => {
      if (fs.existsSync(out)) {
        const r = JSON.parse(fs.readFileSync(out, 'utf8'));
        passed += r.numPassedTests;
        failed += r.numFailedTests;
        skipped += r.numPendingTests + r.numTodoTests;
        for (const file of r.testResults ?? []) {
          const where = path.relative(root, file.name);
          for (const a of file.assertionResults ?? []) {
            if (a.status === 'failed') failedTests.push({ step: name, name: `${where} › ${a.fullName}`, error: a.failureMessages?.[0] });
          }
          // A file that failed before its tests ran (an import error, a hook that threw) has no failed test.
          if (file.status === 'failed' && !(file.assertionResults ?? []).some((a) => a.status === 'failed')) {
            failedTests.push({ step: name, name: where, error: file.message });
          }
        }
      }
      if (fs.existsSync(timingFile)) for (const t of JSON.parse(fs.readFileSync(timingFile, 'utf8'))) timings.push({ step: name, ...t });
      return ok;
    });
}

const step = (name, cmd, args, env) => (opts) => run(name, cmd, args, env, opts);

// Vitest's default is one worker less than the CPUs: one worker on a 2-CPU machine, which left a core idle while
// PGlite worked and the PostgreSQL run mostly waited on its server. Measured on 2 CPUs: the PGlite API files in
// 389 s with 2 workers against about 600 s with 1; the PostgreSQL API run in 208 s with 3 against 329 s with 1.
const cpus = os.availableParallelism();
const inProcessWorkers = `--maxWorkers=${Math.max(2, cpus - 1)}`;
const serverWorkers = `--maxWorkers=${Math.max(3, cpus)}`;

const pgUrl = process.env.TEST_DATABASE_URL;
const onlyPglite = { TEST_DATABASE_URL: '' };

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

// 1. Static checks and the build: single-threaded tools, side by side.
await together(
  step('lint', 'npx', ['eslint', '.']),
  step('type check', 'npx', ['tsc', '--noEmit']),
  (opts) => run('build the web app', 'npx', ['vite', 'build', '--logLevel', 'warn'], {}, opts).then((ok) => ok && run('size budget', 'node', ['scripts/size-budget.mjs'], {}, opts)),
  // The compiled server, which the journeys and the resilience proofs run (as production does).
  step('build the server', 'node', ['scripts/build-server.mjs']),
);
// 2. Everything in-process on PGlite: CPU-bound, so alone.
await vitest('unit, web and API tests (PGlite)', 'vitest-pglite', ['--project', 'unit', '--project', 'web', '--project', 'api', inProcessWorkers], onlyPglite)({});
// 3. Two lanes side by side: the PostgreSQL run (which mostly waits on its server) and then the runtime-sensitive files
// under Node 24 in one; the resilience proofs (which mostly wait on the processes they start and stop) in the other.
if (!pgUrl) process.stdout.write('\n(TEST_DATABASE_URL is not set: the API suite on PostgreSQL is skipped; .ci/run sets it)\n');
const node24 = vitest('API tests under Node 24 (PGlite; runtime-sensitive files)', 'vitest-node24', ['--project', 'api', inProcessWorkers, ...NODE24_FILES], onlyPglite, ['npx', '-y', '-p', 'node@24', '--', 'node']);
const postgresThenNode24 = async (opts) => {
  if (pgUrl) await vitest('API tests (PostgreSQL)', 'vitest-postgres', ['--project', 'api', serverWorkers], { TEST_DATABASE_URL: pgUrl })(opts);
  if (process.env.SKIP_NODE24 !== '1') await node24(opts);
};
// Debian's Chromium for the journeys, when the machine lacks it (apt: mostly download and disk), installed beside them.
const browser = step('browser', 'bash', ['scripts/ensure-chromium.sh']);
let browserReady = false;
await together(
  postgresThenNode24,
  (opts) => browser(opts).then((ok) => (browserReady = ok)),
  // Crashes, shutdown under load, backup and restore, hostile input: once, on PGlite and (when set) PostgreSQL.
  vitest('resilience (crashes, shutdown, backup, hostile input)', 'vitest-resilience', ['--project', 'resilience'], {}),
);
// 4. The journeys: one Playwright worker per two CPUs, each with its own server and demo league (playwright.config.ts, e2e/workers.ts).
if (browserReady) {
  const out = path.join(reports, 'playwright.json');
  await run('browser journeys (Chromium)', 'npx', ['playwright', 'test'], { PLAYWRIGHT_JSON_OUTPUT_NAME: out });
  if (fs.existsSync(out)) {
    const report = JSON.parse(fs.readFileSync(out, 'utf8'));
    passed += report.stats.expected;
    failed += report.stats.unexpected;
    skipped += report.stats.skipped;
    const walk = (suite, titles) => {
      for (const spec of suite.specs ?? []) {
        for (const t of spec.tests) {
          for (const r of t.results) timings.push({ step: 'browser journeys (Chromium)', file: spec.file, name: [...titles, spec.title].join(' > '), ms: r.duration, timeout: t.timeout });
          if (t.status === 'unexpected') {
            const r = t.results.at(-1);
            failedTests.push({ step: 'browser journeys (Chromium)', name: `${spec.file} › ${[...titles, spec.title].join(' > ')}`, error: r?.error?.message ?? r?.errors?.[0]?.message });
          }
        }
      }
      for (const s of suite.suites ?? []) walk(s, suite.title && !suite.title.endsWith('.ts') ? [...titles, suite.title] : titles);
    };
    for (const s of report.suites) walk(s, []);
  }
}

process.stdout.write('\nStep times:\n');
for (const s of stepTimes) process.stdout.write(`  ${s.secs.toFixed(0).padStart(5)} s  ${s.name}\n`);
process.stdout.write(`  ${((Date.now() - started) / 1000).toFixed(0).padStart(5)} s  in all\n`);
// Every test is to stay under half its timeout during the full run (issue 24): the five nearest theirs.
const nearest = timings.filter((t) => t.timeout > 0).sort((a, b) => b.ms / b.timeout - a.ms / a.timeout).slice(0, 5);
process.stdout.write('\nThe five tests nearest their timeout:\n');
for (const t of nearest) {
  process.stdout.write(`  ${String(Math.round((100 * t.ms) / t.timeout)).padStart(3)}% of ${t.timeout / 1000} s (${(t.ms / 1000).toFixed(1)} s)  ${t.file} › ${t.name}\n`);
}
if (failedTests.length) {
  process.stdout.write('\nFailed tests:\n');
  for (const t of failedTests) {
    // The error's message up to its stack (a resilience proof's message lists what it found), in short.
    const lines = String(t.error ?? '').replace(new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g'), '').split('\n');
    const stackAt = lines.findIndex((l) => /^\s+at /.test(l));
    const message = lines.slice(0, stackAt === -1 ? lines.length : Math.max(1, stackAt)).map((l) => l.trim()).filter(Boolean).join(' ');
    process.stdout.write(`  [${t.step}] ${t.name}\n      ${message.length > 1500 ? `${message.slice(0, 1500)}…` : message}\n`);
  }
}
process.stdout.write(`\n${failures.length ? `Failed steps: ${failures.join(', ')}\n` : ''}`);
process.stdout.write(`${passed} passed, ${failed} failed, ${skipped} skipped\n`);
process.exit(failures.length ? 1 : 0);
