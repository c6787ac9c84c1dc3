import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startTestS3Server } from '../../test/s3-test-server';
import { storageBackendSuite } from '../../test/storage-suite';
import { buildTestApp, type TestApp } from '../../test/test-app';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cgsl-storage-s3-'));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

storageBackendSuite('S3 (s3rver, a real S3 API server)', async () => {
  const server = await startTestS3Server();
  return {
    kind: 's3',
    // DATA_DIR too, to show nothing of S3's objects lands on local disk.
    env: { ...server.env, DATA_DIR: dataDir },
    bucket: server.bucket,
    listKeys: () => server.listKeys(),
    strays: async () => (fs.existsSync(path.join(dataDir, 'storage')) ? fs.readdirSync(path.join(dataDir, 'storage')) : []),
    stop: () => server.stop(),
  };
});

describe('the storage probe on S3', () => {
  let t: TestApp | undefined;
  afterAll(() => t?.close());

  it('reports latency while the server answers, and the failure in words (no secret) once it is stopped', async () => {
    const server = await startTestS3Server('cgsl-probe-files');
    t = await buildTestApp({ ...server.env, S3_ACCESS_KEY_ID: 'probe-key-id', S3_SECRET_ACCESS_KEY: 'probe-secret-value', DATA_DIR: dataDir });
    // s3rver checks signatures with its own keys: with others it refuses, and the probe says so.
    const refused = await t.context.storage.probe();
    expect(refused.ok).toBe(false);
    expect(refused.error).toMatch(new RegExp(`S3 server at 127\\.0\\.0\\.1:\\d+ refused our access key for bucket "cgsl-probe-files"`));
    expect(refused.error).not.toMatch(/probe-key-id|probe-secret-value/);
    await t.close();

    t = await buildTestApp({ ...server.env, DATA_DIR: dataDir });
    const ok = await t.context.storage.probe();
    expect(ok, ok.error).toMatchObject({ ok: true });
    expect(await server.listKeys()).toEqual([]);

    await server.stop();
    const down = await t.context.storage.probe();
    expect(down.ok).toBe(false);
    expect(down.error).toBe(`Could not reach the S3 server at ${new URL(server.endpoint).host}: the connection was refused.`);
    expect(down.latencyMs).toBeGreaterThanOrEqual(0);
  });

  it('names a bucket that does not exist', async () => {
    const server = await startTestS3Server('cgsl-real-bucket');
    try {
      const app = await buildTestApp({ ...server.env, STORAGE_BUCKET: 'cgsl-missing-bucket', DATA_DIR: dataDir });
      try {
        const probe = await app.context.storage.probe();
        expect(probe.ok).toBe(false);
        expect(probe.error).toMatch(/The bucket "cgsl-missing-bucket" does not exist at 127\.0\.0\.1:\d+/);
      } finally {
        await app.close();
      }
    } finally {
      await server.stop();
    }
  });
});

describe("the site's Content-Security-Policy on S3", () => {
  it('lets pictures load from the bucket the download addresses redirect to', async () => {
    const server = await startTestS3Server('cgsl-csp-files');
    const app = await buildTestApp({ ...server.env, DATA_DIR: dataDir });
    try {
      const res = await app.app.inject({ url: '/api/health' });
      const imgSrc = String(res.headers['content-security-policy'])
        .split(';')
        .find((d) => d.trim().startsWith('img-src'));
      expect(imgSrc?.trim()).toBe(`img-src 'self' data: blob: ${server.endpoint}`);
    } finally {
      await app.close();
      await server.stop();
    }
  });
});
