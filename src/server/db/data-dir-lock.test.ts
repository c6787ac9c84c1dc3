import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DataDirLockedError, lockDataDir, processStartTime } from './data-dir-lock';

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
    expect(JSON.parse(fs.readFileSync(path.join(dir, 'server.lock'), 'utf8'))).toMatchObject({ pid: process.pid });
    lock.release();
    expect(fs.existsSync(path.join(dir, 'server.lock'))).toBe(false);
  });

  it('is not fooled by a recycled pid: a live process that started later than the lock owner does not hold it', () => {
    const dir = tempDir();
    // The parent of this test runner is alive, but it is not the process that wrote this lock.
    const started = processStartTime(process.ppid);
    expect(started, 'this machine has /proc').not.toBeNull();
    fs.writeFileSync(path.join(dir, 'server.lock'), JSON.stringify({ pid: process.ppid, started: String(Number(started) + 12345) }));
    const lock = lockDataDir(dir);
    expect(JSON.parse(fs.readFileSync(path.join(dir, 'server.lock'), 'utf8')).pid).toBe(process.pid);
    lock.release();

    // The same pid with its real start time is the owner, and is respected.
    fs.writeFileSync(path.join(dir, 'server.lock'), JSON.stringify({ pid: process.ppid, started }));
    expect(() => lockDataDir(dir)).toThrow(`pid ${process.ppid}`);
  });

  it('servers starting together over a stale lock: exactly one gets it', async () => {
    const dir = tempDir();
    const dead = spawn(process.execPath, ['-e', '0']);
    await new Promise((r) => dead.on('exit', r));
    fs.writeFileSync(path.join(dir, 'server.lock'), String(dead.pid));
    const lockModule = new URL('./data-dir-lock.ts', import.meta.url).pathname;
    // Each contender loads, says READY, spins until the go file appears, tries once, holds what it got, and says.
    const go = path.join(dir, 'go');
    const script = `
      const fs = await import('node:fs');
      const { lockDataDir } = await import(${JSON.stringify(lockModule)});
      console.log('READY');
      while (!fs.existsSync(${JSON.stringify(go)})) {}
      let got = false;
      try { lockDataDir(${JSON.stringify(dir)}); got = true; } catch {}
      console.log(got ? 'GOT' : 'REFUSED');
      await new Promise((r) => setTimeout(r, 500));`;
    let ready = 0;
    let markReady = () => {};
    const allReady = new Promise<void>((resolve) => (markReady = resolve));
    const contenders = Array.from({ length: 8 }, () => {
      const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { stdio: ['ignore', 'pipe', 'inherit'] });
      let out = '';
      child.stdout.on('data', (d: Buffer) => {
        out += d.toString();
        if (d.toString().includes('READY') && ++ready === 8) markReady();
      });
      return new Promise<string>((resolve) => child.on('exit', () => resolve(out.replace('READY', '').trim())));
    });
    await allReady;
    fs.writeFileSync(go, '');
    const results = await Promise.all(contenders);
    expect(results.filter((r) => r === 'GOT')).toHaveLength(1);
    expect(results.filter((r) => r === 'REFUSED')).toHaveLength(7);
  }, 30_000);
});
