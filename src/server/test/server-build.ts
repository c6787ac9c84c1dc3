import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '../../..');

/**
 * Global setup of the resilience proofs: the server compiled once for the run (scripts/build-server.mjs, about a
 * second), in a folder of this run's own inside the checkout (where node_modules is found), so that the crash,
 * shutdown, backup and outage proofs start the server as production does (server-process.ts reads
 * TEST_SERVER_BUILD). A restart of the compiled server takes a fraction of tsx's, and the crash proof restarts 50 times.
 */
export default function setup(): () => void {
  const dir = path.join(ROOT, '.tmp', `server-build-${process.pid}`);
  execFileSync(process.execPath, ['scripts/build-server.mjs', '--outdir', dir, '--quiet'], { cwd: ROOT, stdio: 'inherit' });
  process.env.TEST_SERVER_BUILD = dir;
  return () => fs.rmSync(dir, { recursive: true, force: true });
}
