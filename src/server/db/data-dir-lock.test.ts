import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DataDirLockedError, lockDataDir } from './data-dir-lock';

const dirs: string[] = [];
const tempDir = () => {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), 'cgsl-lock-'));
  dirs.push(d);
  return d;
};
afterEach(() => {
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

describe('data directory lock', () => {
  it('refuses a second holder while the first process lives, naming it', async () => {
    const dir = tempDir();
    const child = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 20000)']);
    fs.writeFileSync(path.join(dir, 'server.lock'), String(child.pid));
    try {
      expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
      expect(() => lockDataDir(dir)).toThrow(`pid ${child.pid}`);
    } finally {
      child.kill();
    }
  });

  it('takes over a stale lock left by a process that died, and releases it', async () => {
    const dir = tempDir();
    const child = spawn(process.execPath, ['-e', '0']);
    await new Promise((r) => child.on('exit', r));
    fs.writeFileSync(path.join(dir, 'server.lock'), String(child.pid));
    const lock = lockDataDir(dir);
    expect(fs.readFileSync(path.join(dir, 'server.lock'), 'utf8')).toBe(String(process.pid));
    lock.release();
    expect(fs.existsSync(path.join(dir, 'server.lock'))).toBe(false);
  });
});
