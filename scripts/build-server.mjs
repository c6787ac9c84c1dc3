#!/usr/bin/env node
// The server compiled ahead of time, as the web app is (issue 27): `node dist-server/server.js` starts without
// compiling TypeScript (tsx did that on every start: most of a restart's time). One ESM bundle per entry, with the
// code they share in chunks beside them; packages stay in node_modules (imported, not copied), source maps on (run
// with --enable-source-maps so a stack trace names the .ts line).
//
// Every output file is written flat in the output folder, so `import.meta.url` means the same folder in each of
// them: what a module finds beside itself at run time must be there. Today that is the migrations folder
// (db/client.ts reads `migrations/` beside itself), copied in. version.ts and build-commit.ts look for package.json
// upwards instead (app-dir.ts), so the output folder must stay inside the app's folder (node_modules is found the
// same way).
//
// To add an entry (a worker thread's script, another command): add its source to ENTRIES. It is written as
// <outdir>/<its file name>.js, so a module finds it beside itself: new URL('./name.js', import.meta.url). Names
// must differ.
//
// Usage: node scripts/build-server.mjs [--outdir dir] [--quiet]   (default dist-server/)
import { build } from 'esbuild';
import fs from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';

const ENTRIES = [
  'src/server/server.ts',
  // The embedded database's worker thread (src/server/db/pglite-worker.ts looks for it beside itself).
  'src/server/db/pglite-worker-thread.ts',
];
/** Files a module reads beside itself at run time: [source, name in the output folder]. */
const RUNTIME_FILES = [['src/server/db/migrations', 'migrations']];

const root = path.resolve(import.meta.dirname, '..');
const args = process.argv.slice(2);
const outArg = args.includes('--outdir') ? args[args.indexOf('--outdir') + 1] : undefined;
const outdir = path.resolve(root, outArg ?? 'dist-server');
const quiet = args.includes('--quiet');

if (path.relative(root, outdir).startsWith('..')) {
  console.error(`build-server: ${outdir} is outside the app's folder; the server would not find node_modules or package.json from there.`);
  process.exit(1);
}

const began = performance.now();
// A clean folder: chunks are named by their content, and old ones would pile up.
fs.rmSync(outdir, { recursive: true, force: true });
const result = await build({
  absWorkingDir: root,
  entryPoints: ENTRIES,
  outdir,
  entryNames: '[name]',
  chunkNames: 'chunk-[hash]',
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  // package.json engines: >= 20.19.
  target: 'node20.19',
  packages: 'external',
  sourcemap: 'linked',
  // Names stay as written: stack traces and logs read like the source.
  minify: false,
  keepNames: true,
  metafile: true,
  logLevel: 'warning',
});
for (const [from, to] of RUNTIME_FILES) fs.cpSync(path.join(root, from), path.join(outdir, to), { recursive: true });

if (!quiet) {
  const outputs = Object.entries(result.metafile.outputs).filter(([file]) => file.endsWith('.js'));
  const kb = Math.round(outputs.reduce((sum, [, o]) => sum + o.bytes, 0) / 1024);
  console.log(`server built in ${Math.round(performance.now() - began)} ms: ${ENTRIES.length} entries, ${outputs.length} files, ${kb} KB in ${path.relative(root, outdir) || '.'}/`);
}
