import { execFile } from 'node:child_process';
import { APP_DIR } from '../../app-dir';

const COMMIT = /^[0-9a-f]{4,64}$/;

let fromGit: Promise<string | null> | null = null;

/**
 * The commit this build was made from. BUILD_COMMIT when set (a release or container without `.git` sets it at
 * build time); otherwise `git rev-parse --short HEAD` in the app's directory, run once per process. No git, no
 * `.git`, a repository git refuses to read: null, quietly, and the page says "unknown".
 */
export function buildCommit(configured: string | undefined): Promise<string | null> {
  if (configured) return Promise.resolve(configured);
  fromGit ??= new Promise((resolve) => {
    execFile('git', ['rev-parse', '--short', 'HEAD'], { cwd: APP_DIR, timeout: 3000, windowsHide: true }, (err, stdout) => {
      const commit = String(stdout).trim();
      resolve(!err && COMMIT.test(commit) ? commit : null);
    });
  });
  return fromGit;
}
