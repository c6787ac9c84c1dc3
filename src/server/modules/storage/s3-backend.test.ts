import { describe, expect, it } from 'vitest';
import { s3DownloadOrigins, s3ErrorInWords } from './s3-backend';

const settings = { region: 'us-east-2', accessKeyId: 'AKIAEXAMPLEKEY', secretAccessKey: 'very-secret-value', forcePathStyle: false };

describe('s3DownloadOrigins', () => {
  it('names where presigned addresses point: the endpoint (path style), the bucket under it, or AWS', () => {
    expect(s3DownloadOrigins('files', { ...settings, endpoint: 'http://127.0.0.1:9000', forcePathStyle: true })).toEqual(['http://127.0.0.1:9000']);
    expect(s3DownloadOrigins('files', { ...settings, endpoint: 'https://acct.r2.cloudflarestorage.com' })).toEqual([
      'https://files.acct.r2.cloudflarestorage.com',
      'https://acct.r2.cloudflarestorage.com',
    ]);
    expect(s3DownloadOrigins('files', { ...settings, endpoint: undefined })).toEqual([
      'https://files.s3.us-east-2.amazonaws.com',
      'https://s3.us-east-2.amazonaws.com',
    ]);
  });
});

describe('s3ErrorInWords', () => {
  const context = { bucket: 'files', where: 'minio.example.org:9000', secrets: [settings.accessKeyId, settings.secretAccessKey] };

  it('says what an operator can act on', () => {
    expect(s3ErrorInWords(Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }), context)).toBe(
      'Could not reach the S3 server at minio.example.org:9000: the connection was refused.',
    );
    expect(s3ErrorInWords({ name: 'NotFound', $metadata: { httpStatusCode: 404 } }, context)).toMatch(
      /^The bucket "files" does not exist at minio.example.org:9000\./,
    );
    expect(s3ErrorInWords({ name: 'InvalidAccessKeyId', message: 'nope', $metadata: { httpStatusCode: 403 } }, context)).toMatch(
      /refused our access key.*S3_ACCESS_KEY_ID/,
    );
    expect(s3ErrorInWords({ name: 'TimeoutError', message: 'socket hang up' }, context)).toMatch(/did not answer in time/);
  });

  it('never repeats the access key or the secret, even when the server echoed them', () => {
    const echoed = { name: 'SomethingOdd', message: `key AKIAEXAMPLEKEY with very-secret-value`, $metadata: { httpStatusCode: 500 } };
    const words = s3ErrorInWords(echoed, context);
    expect(words).toBe('The S3 server at minio.example.org:9000 answered with an error (HTTP 500): SomethingOdd: key [hidden] with [hidden]');
  });
});
