/**
 * `npm run bench:web`: how light and quick the web app is, in a real browser against the real server.
 *
 * Builds the app when the build is missing or older than its sources, starts the server as its own process on a
 * fresh PGlite data directory with the demo league (DEMO=1), then prints:
 *   (a) the JavaScript `/` and `/slots` load, as sent (transfer size: compressed body and headers) and raw, for a
 *       visitor and for a coach, in Chromium through Playwright (a fresh browser context each, so nothing is
 *       cached): before the first screen is drawn, and in all once the network is quiet;
 *   (b) the time from the click on "Book a Field" on `/` until the first slot of the week is drawn (median of
 *       5, each in a fresh context), at desktop and phone width, for a visitor and a coach;
 *   (c) Lighthouse's mobile performance for `/` and `/slots` (median of 3; Debian's Chromium, headless), with
 *       FCP, LCP, TBT, CLS and the bytes of the page.
 * Figures, not pass/fail; each is printed beside its target from issue 11.
 *
 * Options: --no-build (measure dist/web as it is), --runs=N (Lighthouse runs, default 3), --skip-lighthouse, --list
 * (each script of (a), first screen or later);
 * BENCH_WEB_REPORTS=<dir> keeps each Lighthouse report as JSON.
 * Environment: WEB_DIST_DIR (a build elsewhere), CHROMIUM (default /usr/bin/chromium), SLOT_SELECTOR (see SLOT).
 */
import { chromium, type Browser, type BrowserContext, type Page } from '@playwright/test';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../src/server/test/free-port';
import { startServerProcess } from '../src/server/test/server-process';

const ROOT = path.resolve(import.meta.dirname, '..');
const DIST = path.resolve(ROOT, process.env.WEB_DIST_DIR ?? 'dist/web');
const CHROMIUM = process.env.CHROMIUM ?? '/usr/bin/chromium';
const args = new Set(process.argv.slice(2));
const LIGHTHOUSE_RUNS = Number([...args].find((a) => a.startsWith('--runs='))?.slice('--runs='.length) ?? 3);
const NAV_RUNS = 5;
const COACH = { email: 'coach@demo.cgsl.test', password: 'practice-demo' };
/** Issue 11's web targets. */
const TARGET = { initialJsBytes: 120_000, navMs: 150, lighthouse: 95 };
/**
 * Any slot card, in the desktop grid or the phone's day list (src/web/features/bookings/components/slot-pill.tsx).
 * SLOT_SELECTOR measures a build from before the cards carried `data-slot` ('table li, [role=tabpanel] li').
 */
const SLOT = process.env.SLOT_SELECTOR ?? '[data-slot]';

const median = (values: readonly number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};
const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;
const ms = (value: number) => `${Math.round(value)} ms`;

function run(cmd: string, cmdArgs: string[]) {
  const res = spawnSync(cmd, cmdArgs, { cwd: ROOT, stdio: 'inherit' });
  if (res.status !== 0) throw new Error(`${cmd} ${cmdArgs.join(' ')} failed (${res.status ?? res.signal})`);
}

/** The newest modification time of a file under `dir` (or of `dir` itself when it is a file). */
function newest(dir: string): number {
  const stat = fs.statSync(dir);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return fs.readdirSync(dir).reduce((max, name) => Math.max(max, newest(path.join(dir, name))), stat.mtimeMs);
}

function ensureBuild() {
  const manifest = path.join(DIST, '.vite', 'manifest.json');
  if (args.has('--no-build')) {
    if (!fs.existsSync(manifest)) throw new Error(`--no-build, but ${DIST} has no build`);
    return;
  }
  const sources = Math.max(...['src/web', 'src/shared', 'vite.config.ts', 'package-lock.json'].map((p) => newest(path.join(ROOT, p))));
  if (fs.existsSync(manifest) && fs.statSync(manifest).mtimeMs >= sources) {
    console.log(`Using the build in ${path.relative(ROOT, DIST)} (newer than its sources).`);
    return;
  }
  console.log('Building the web app…');
  run('npx', ['vite', 'build', '--logLevel', 'warn', '--outDir', DIST, '--emptyOutDir']);
}

async function signIn(context: BrowserContext, baseUrl: string) {
  const res = await context.request.post(`${baseUrl}/api/auth/sign-in/email`, { data: COACH, headers: { origin: baseUrl } });
  if (res.status() !== 200) throw new Error(`signing in as ${COACH.email} answered ${res.status()}`);
}

interface ScriptTotals {
  count: number;
  /** Transfer size: the compressed body and the response headers. */
  transfer: number;
  body: number;
  raw: number;
}

interface PageScripts {
  /** Scripts requested before the page's first screen was drawn (its heading, or on /slots the first slot). */
  firstScreen: ScriptTotals;
  /** Everything once the network is quiet (what the page loads at idle for the next click, included). */
  all: ScriptTotals;
}

/**
 * (a) Loads a page in a fresh context. The page itself notes (in its own clock) the first frame in which its
 * first screen is drawn; the browser's resource timings then give every script's start, transfer size and size.
 */
async function initialScripts(browser: Browser, baseUrl: string, pathname: string, coach: boolean): Promise<PageScripts> {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  if (coach) await signIn(context, baseUrl);
  const page = await context.newPage();
  const marker = pathname === '/slots' ? SLOT : 'h1';
  // A string, not a function: tsx would wrap a function's inner functions in a helper the page does not have.
  await page.addInitScript(`
    const frame = () => {
      const drawn = [...document.querySelectorAll(${JSON.stringify(marker)})].some((el) => el.getBoundingClientRect().width > 0);
      if (drawn) window.firstScreenAt = performance.now();
      else requestAnimationFrame(frame);
    };
    requestAnimationFrame(frame);
  `);
  await page.goto(`${baseUrl}${pathname}`, { waitUntil: 'networkidle' });
  await page.waitForFunction(() => (window as unknown as { firstScreenAt?: number }).firstScreenAt);
  await page.waitForLoadState('networkidle');
  const entries = await page.evaluate(() => {
    const drawnAt = (window as unknown as { firstScreenAt: number }).firstScreenAt;
    return performance
      .getEntriesByType('resource')
      .filter((e) => new URL(e.name).pathname.endsWith('.js'))
      .map((e) => {
        const r = e as PerformanceResourceTiming;
        return { name: new URL(e.name).pathname, first: r.startTime < drawnAt, transfer: r.transferSize, body: r.encodedBodySize, raw: r.decodedBodySize };
      });
  });
  if (args.has('--list')) for (const e of entries) console.log(`      ${e.first ? 'first' : 'later'}  ${(e.transfer / 1000).toFixed(1).padStart(6)} kB  ${e.name}`);
  await context.close();
  const sum = (list: typeof entries): ScriptTotals =>
    list.reduce<ScriptTotals>((t, e) => ({ count: t.count + 1, transfer: t.transfer + e.transfer, body: t.body + e.body, raw: t.raw + e.raw }), { count: 0, transfer: 0, body: 0, raw: 0 });
  return { firstScreen: sum(entries.filter((e) => e.first)), all: sum(entries) };
}

/**
 * (b) On `/` (loaded and quiet), clicks "Book a Field" in the top bar (on a phone, in its menu) and measures, in
 * the page's own clock, from
 * the click to the first animation frame in which a slot card is drawn (laid out on the page: for a coach the
 * first row of the desktop grid can be just below the fold).
 */
async function navigationToSlots(browser: Browser, baseUrl: string, coach: boolean, phone: boolean): Promise<number> {
  const context = await browser.newContext({ viewport: phone ? { width: 390, height: 844 } : { width: 1280, height: 800 } });
  if (coach) await signIn(context, baseUrl);
  const page: Page = await context.newPage();
  await page.goto(`${baseUrl}/`, { waitUntil: 'networkidle' });
  // On a phone the link is in the menu: opened first, outside the measured time.
  const nav = phone ? 'Mobile' : 'Main';
  if (phone) await page.getByRole('button', { name: 'Open menu' }).click();
  // A string, not a function: tsx would wrap a function's inner functions in a helper the page does not have.
  await page.evaluate(`
    document.addEventListener('click', () => {
      const clicked = performance.now();
      const frame = () => {
        const shown = [...document.querySelectorAll(${JSON.stringify(SLOT)})].some((slot) => {
          const box = slot.getBoundingClientRect();
          return box.width > 0 && box.height > 0;
        });
        if (shown) window.slotShownAfter = performance.now() - clicked;
        else requestAnimationFrame(frame);
      };
      requestAnimationFrame(frame);
    }, { capture: true, once: true });
  `);
  await page.getByRole('navigation', { name: nav }).getByRole('link', { name: 'Book a Field' }).click();
  const elapsed = await page.waitForFunction(() => (window as unknown as { slotShownAfter?: number }).slotShownAfter, undefined, { timeout: 30_000 });
  const value = (await elapsed.jsonValue()) as number;
  await context.close();
  return value;
}

interface LighthouseFigures {
  score: number;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  bytes: number;
}

/** (c) Lighthouse's default (mobile) performance audit of one page, in its own headless Chromium. */
async function lighthouseOnce(url: string): Promise<LighthouseFigures> {
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--no-first-run', '--disable-background-networking'],
  });
  try {
    const result = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] });
    if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
    const { lhr } = result;
    if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.message}`);
    // BENCH_WEB_REPORTS=<dir> keeps each run's whole report (its long tasks, the main thread's work by script).
    if (process.env.BENCH_WEB_REPORTS) {
      fs.mkdirSync(process.env.BENCH_WEB_REPORTS, { recursive: true });
      fs.writeFileSync(path.join(process.env.BENCH_WEB_REPORTS, `${new URL(url).pathname.replace(/\W+/g, '_') || '_'}-${Date.now()}.json`), JSON.stringify(lhr));
    }
    const value = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
    return {
      score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
      fcp: value('first-contentful-paint'),
      lcp: value('largest-contentful-paint'),
      tbt: value('total-blocking-time'),
      cls: value('cumulative-layout-shift'),
      bytes: value('total-byte-weight'),
    };
  } finally {
    chrome.kill();
  }
}

async function main() {
  ensureBuild();
  run('bash', ['scripts/ensure-chromium.sh']);
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cgsl-bench-web-'));
  const server = startServerProcess({
    PORT: String(port),
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    WEB_DIST_DIR: DIST,
    PUBLIC_URL: baseUrl,
    DEMO: '1',
    // The server runs as in production (NODE_ENV=production), with the demo league loaded.
    DEMO_IN_PRODUCTION: '1',
    LOGIN_RATE_LIMIT: '1000',
    SMTP_URL: '',
  });
  let browser: Browser | undefined;
  try {
    await server.running(180_000);
    console.log(`Server on ${baseUrl} (PGlite, demo league), build ${path.relative(ROOT, DIST) || DIST}\n`);
    browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--headless', '--no-sandbox', '--disable-gpu'] });

    console.log('(a) JavaScript loaded (fresh browser, 390×844): for the first screen, and in all once the network is quiet');
    console.log(`    ${'page'.padEnd(16)} ${'scripts'.padStart(7)} ${'as sent'.padStart(10)} ${'body'.padStart(10)} ${'raw'.padStart(10)}   ${'in all: scripts, as sent, raw'.padEnd(31)} target: first screen ≤ ${kB(TARGET.initialJsBytes)} as sent`);
    for (const coach of [false, true]) {
      for (const pathname of ['/', '/slots']) {
        const { firstScreen: t, all } = await initialScripts(browser, baseUrl, pathname, coach);
        const label = `${pathname} ${coach ? '(coach)' : '(visitor)'}`;
        const ok = t.transfer <= TARGET.initialJsBytes ? 'ok' : 'OVER';
        const inAll = `${all.count}, ${kB(all.transfer)}, ${kB(all.raw)}`;
        console.log(`    ${label.padEnd(16)} ${String(t.count).padStart(7)} ${kB(t.transfer).padStart(10)} ${kB(t.body).padStart(10)} ${kB(t.raw).padStart(10)}   ${inAll.padEnd(31)} ${ok}`);
      }
    }

    console.log(`\n(b) Click on "Book a Field" (on /) until the week's first slot is drawn (fresh browser each, median of ${NAV_RUNS})`);
    for (const phone of [false, true]) {
      for (const coach of [false, true]) {
        const times: number[] = [];
        for (let i = 0; i < NAV_RUNS; i++) times.push(await navigationToSlots(browser, baseUrl, coach, phone));
        const m = median(times);
        const label = `${coach ? 'coach' : 'visitor'}, ${phone ? '390×844' : '1280×800'}`;
        console.log(`    ${label.padEnd(18)} median ${ms(m).padStart(7)}  (runs: ${times.map(ms).join(', ')})   target ≤ ${TARGET.navMs} ms: ${m <= TARGET.navMs ? 'ok' : 'OVER'}`);
      }
    }
    await browser.close();
    browser = undefined;

    if (!args.has('--skip-lighthouse')) {
      console.log(`\n(c) Lighthouse ${lighthouseVersion()}, mobile, performance (median of ${LIGHTHOUSE_RUNS} by score; visitor)`);
      console.log(`    ${'page'.padEnd(8)} ${'score'.padStart(5)} ${'FCP'.padStart(8)} ${'LCP'.padStart(8)} ${'TBT'.padStart(8)} ${'CLS'.padStart(6)} ${'bytes'.padStart(10)}   runs`);
      for (const pathname of ['/', '/slots']) {
        const runs: LighthouseFigures[] = [];
        for (let i = 0; i < LIGHTHOUSE_RUNS; i++) runs.push(await withRetries(() => lighthouseOnce(`${baseUrl}${pathname}`)));
        const byScore = [...runs].sort((a, b) => a.score - b.score);
        const mid = byScore[Math.floor(byScore.length / 2)]!;
        const ok = mid.score >= TARGET.lighthouse ? 'ok' : 'UNDER';
        console.log(
          `    ${pathname.padEnd(8)} ${String(mid.score).padStart(5)} ${ms(mid.fcp).padStart(8)} ${ms(mid.lcp).padStart(8)} ${ms(mid.tbt).padStart(8)} ${mid.cls.toFixed(3).padStart(6)} ${kB(mid.bytes).padStart(10)}   ${runs.map((r) => r.score).join(', ')}   target ≥ ${TARGET.lighthouse}: ${ok}`,
        );
      }
    }
  } finally {
    await browser?.close();
    server.child.kill('SIGTERM');
    await server.exited;
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Lighthouse now and then fails to record a trace (NO_NAVSTART, NO_FCP on a busy machine): such a run is done again, twice at most. */
async function withRetries<T>(run: () => Promise<T>, retries = 2): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await run();
    } catch (err) {
      if (attempt >= retries) throw err;
      console.log(`    (a Lighthouse run failed and is run again: ${err instanceof Error ? err.message : String(err)})`);
    }
  }
}

function lighthouseVersion(): string {
  const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, 'node_modules', 'lighthouse', 'package.json'), 'utf8')) as { version: string };
  return pkg.version;
}

main().catch((err: unknown) => {
  console.error(err);
  process.exitCode = 1;
});
