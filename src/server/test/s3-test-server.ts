import fs from 'node:fs';
import type { Server } from 'node:http';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';

/** The part of s3rver 3.7 used here (it ships no types). */
interface S3rverInstance {
  run(): Promise<{ address: string; port: number }>;
  close(): Promise<void>;
  httpServer?: Server;
}
type S3rverClass = new (options: {
  address: string;
  port: number;
  directory: string;
  silent: boolean;
  configureBuckets: Array<{ name: string }>;
}) => S3rverInstance;

const S3rver = createRequire(import.meta.url)('s3rver') as S3rverClass;

/** s3rver's fixed credentials: it checks signatures made with these. */
const ACCESS_KEY = 'S3RVER';
const SECRET_KEY = 'S3RVER';

export interface TestS3Server {
  endpoint: string;
  bucket: string;
  /** The settings that point the app at this server (STORAGE=s3, path-style addresses, s3rver's keys). */
  env: Record<string, string>;
  /** Every key in the bucket, sorted. */
  listKeys(): Promise<string[]>;
  /** Stops the server (connections cut) and removes its folder; safe to call twice. */
  stop(): Promise<void>;
}

/**
 * A real S3-compatible server (s3rver: S3's REST API on a folder) on 127.0.0.1 and a free port, with the bucket
 * made, for the storage tests. It works with the current @aws-sdk/client-s3 with path-style addresses; the app's
 * client also turns the SDK's default CRC checksums off (s3-backend.ts), which s3rver would ignore anyway.
 */
export async function startTestS3Server(bucket = 'cgsl-test-files'): Promise<TestS3Server> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'cgsl-s3rver-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, directory, silent: true, configureBuckets: [{ name: bucket }] });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const client = new S3Client({
    endpoint,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: { accessKeyId: ACCESS_KEY, secretAccessKey: SECRET_KEY },
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  let stopped = false;
  return {
    endpoint,
    bucket,
    env: {
      STORAGE: 's3',
      STORAGE_BUCKET: bucket,
      S3_ENDPOINT: endpoint,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: ACCESS_KEY,
      S3_SECRET_ACCESS_KEY: SECRET_KEY,
      S3_FORCE_PATH_STYLE: '1',
    },
    async listKeys() {
      const keys: string[] = [];
      let token: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket: bucket, ContinuationToken: token }));
        keys.push(...(page.Contents ?? []).map((o) => o.Key ?? ''));
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
      return keys.sort();
    },
    async stop() {
      if (stopped) return;
      stopped = true;
      client.destroy();
      const closing = server.close();
      // Keep-alive connections of the app's S3 client would hold close() open.
      server.httpServer?.closeAllConnections();
      await closing;
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
