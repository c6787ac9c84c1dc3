#!/usr/bin/env node
// The JavaScript a browser loads before the first screen of `/` and `/slots` can draw, as sent (the brotli copies
// the build writes beside each file), against a budget: 120 kB (120,000 bytes) each. Exit 1 above it.
//
// Reads the build's manifest (vite.config.ts: build.manifest): the entry and everything it imports statically,
// plus the page's route module when it is loaded lazily (a chunk of its own) and everything it imports
// statically. What a page loads later (a dialog, the toast library on the first toast, the booking rules for a
// coach) is not counted: it is not needed to draw the page.
//
// Usage: node scripts/size-budget.mjs [dist dir]   (default: WEB_DIST_DIR or dist/web; run `npm run build` first)
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

/** Issue 11: 120 kB as sent. SIZE_BUDGET_BYTES overrides it (to try the check itself). */
const BUDGET_BYTES = Number(process.env.SIZE_BUDGET_BYTES ?? 120_000);
/** Each page and the source of its route module (src/web/app/router.tsx), relative to src/web. */
const PAGES = {
  '/': 'features/landing/components/landing-page.tsx',
  '/slots': 'features/bookings/components/book-field-page.tsx',
};

const root = path.resolve(import.meta.dirname, '..');
const dist = path.resolve(root, process.argv[2] ?? process.env.WEB_DIST_DIR ?? 'dist/web');
const manifestFile = path.join(dist, '.vite', 'manifest.json');
if (!fs.existsSync(manifestFile)) {
  console.error(`size budget: no build manifest at ${path.relative(root, manifestFile)}. Run "npm run build" first.`);
  process.exit(1);
}
const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8'));
const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
if (!entryKey) {
  console.error('size budget: the manifest names no entry.');
  process.exit(1);
}

/** A chunk and every chunk it imports statically, depth first, each once. */
function withStaticImports(key, into = new Set()) {
  if (into.has(key)) return into;
  const chunk = manifest[key];
  if (!chunk) throw new Error(`the manifest has no chunk ${key}`);
  into.add(key);
  for (const imported of chunk.imports ?? []) withStaticImports(imported, into);
  return into;
}

/** Bytes of a file as sent to a browser that accepts br (the .br copy when the build wrote one), gzip, and raw. */
function sizes(file) {
  const full = path.join(dist, file);
  const raw = fs.statSync(full).size;
  const sent = (ext, compress) => (fs.existsSync(full + ext) ? fs.statSync(full + ext).size : Math.min(raw, compress(fs.readFileSync(full)).length));
  return {
    raw,
    br: sent('.br', (b) => zlib.brotliCompressSync(b, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } })),
    gzip: sent('.gz', (b) => zlib.gzipSync(b, { level: 9 })),
    precompressed: fs.existsSync(full + '.br'),
  };
}

const kB = (n) => `${(n / 1000).toFixed(1)} kB`;
const pad = (s, n) => String(s).padStart(n);
const over = [];
const missingCopies = new Set();

/** Whether a chunk's source map lists the module (a page bundled into the entry has no chunk of its own). */
function chunkHolds(key, source) {
  const map = path.join(dist, `${manifest[key].file}.map`);
  if (!fs.existsSync(map)) return false;
  return JSON.parse(fs.readFileSync(map, 'utf8')).sources.some((s) => s.replaceAll('\\', '/').endsWith(`/src/web/${source}`));
}

const initial = withStaticImports(entryKey);
for (const [page, routeKey] of Object.entries(PAGES)) {
  const lazy = Boolean(manifest[routeKey]);
  if (!lazy && ![...initial].some((key) => chunkHolds(key, routeKey))) {
    console.error(`size budget: the build has no route module ${routeKey} for ${page}: update PAGES in scripts/size-budget.mjs.`);
    process.exit(1);
  }
  const keys = lazy ? withStaticImports(routeKey, new Set(initial)) : initial;
  const files = [...keys].map((key) => manifest[key].file).filter((file) => file.endsWith('.js'));
  const css = [...new Set([...keys].flatMap((key) => manifest[key].css ?? []))];
  const rows = files.map((file) => ({ file, ...sizes(file) })).sort((a, b) => b.br - a.br);
  for (const row of rows) if (!row.precompressed) missingCopies.add(row.file);
  const total = rows.reduce((sum, r) => ({ raw: sum.raw + r.raw, gzip: sum.gzip + r.gzip, br: sum.br + r.br }), { raw: 0, gzip: 0, br: 0 });
  const cssTotal = css.map(sizes).reduce((sum, s) => sum + s.br, 0);
  const isOver = total.br > BUDGET_BYTES;
  if (isOver) over.push(`${page} ${kB(total.br)}`);

  console.log(`\n${page}: ${rows.length} scripts, ${kB(total.br)} brotli as sent (${kB(total.gzip)} gzip, ${kB(total.raw)} raw); budget ${kB(BUDGET_BYTES)}: ${isOver ? 'OVER' : 'ok'}`);
  console.log(`  (the page's module: ${lazy ? 'a lazily loaded chunk' : 'in the first screen\'s chunks'})`);
  console.log(`  ${pad('raw', 9)} ${pad('gzip', 9)} ${pad('brotli', 9)}  file`);
  for (const r of rows) console.log(`  ${pad(r.raw, 9)} ${pad(r.gzip, 9)} ${pad(r.br, 9)}  ${r.file}`);
  console.log(`  (+ CSS: ${css.length} file${css.length === 1 ? '' : 's'}, ${kB(cssTotal)} brotli)`);
}

if (missingCopies.size) {
  console.log(`\nNote: no .br copy beside ${[...missingCopies].join(', ')} (too small to gain, or not built with vite.config.ts); counted compressed here.`);
}
if (over.length) {
  console.error(
    `\nsize budget: the first screen's JavaScript is over ${kB(BUDGET_BYTES)} brotli: ${over.join(', ')}. Load what the first screen does not need lazily (React.lazy, import()); the lists above show what each page loads.`,
  );
  process.exit(1);
}
console.log(`\nsize budget: ok (each page at most ${kB(BUDGET_BYTES)} brotli)`);
