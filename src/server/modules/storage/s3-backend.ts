import { DeleteObjectCommand, GetObjectCommand, HeadBucketCommand, PutObjectCommand, S3Client, S3ServiceException } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { StorageConfig } from '../../config';
import type { ObjectBackend } from './object-backend';

type S3Settings = NonNullable<StorageConfig['s3']>;

/**
 * Objects in an S3-compatible bucket (AWS S3, MinIO, Cloudflare R2, …). Downloads go straight from the bucket to
 * the browser through presigned GET addresses.
 */
export function createS3Backend(options: { bucket: string; s3: S3Settings }): ObjectBackend {
  const { bucket, s3 } = options;
  const client = new S3Client({
    region: s3.region,
    ...(s3.endpoint ? { endpoint: s3.endpoint } : {}),
    forcePathStyle: s3.forcePathStyle,
    ...(s3.accessKeyId && s3.secretAccessKey ? { credentials: { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey } } : {}),
    // Since 2025 the SDK adds CRC checksums to every upload and asks for them on every download; several
    // S3-compatible servers refuse or mangle those. Content-MD5 (sent with every write) is the check that works everywhere.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    maxAttempts: 3,
    // A server that does not answer must not hold an upload (or /diag) for minutes.
    requestHandler: { connectionTimeout: 5_000, requestTimeout: 30_000 },
  });
  const where = s3.endpoint ? new URL(s3.endpoint).host : `AWS S3 (${s3.region})`;
  const words = (err: unknown) => s3ErrorInWords(err, { bucket, where, secrets: [s3.accessKeyId, s3.secretAccessKey] });

  return {
    kind: 's3',
    async write(key, bytes, meta) {
      await client
        .send(
          new PutObjectCommand({
            Bucket: bucket,
            Key: key,
            Body: bytes,
            ContentLength: bytes.length,
            ContentType: meta.contentType,
            ContentMD5: meta.md5Base64,
            ...(meta.cacheControl ? { CacheControl: meta.cacheControl } : {}),
          }),
        )
        .catch((err: unknown) => {
          throw new Error(words(err), { cause: err });
        });
    },
    async read(key) {
      try {
        const answer = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
        return answer.Body ? Buffer.from(await answer.Body.transformToByteArray()) : Buffer.alloc(0);
      } catch (err) {
        if (err instanceof S3ServiceException && (err.name === 'NoSuchKey' || err.$metadata.httpStatusCode === 404)) return null;
        throw new Error(words(err), { cause: err });
      }
    },
    async remove(key) {
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: key })).catch((err: unknown) => {
        throw new Error(words(err), { cause: err });
      });
    },
    async signedUrl(key, response) {
      const command = new GetObjectCommand({
        Bucket: bucket,
        Key: key,
        ResponseContentType: response.contentType,
        ResponseContentDisposition: response.contentDisposition,
        ResponseCacheControl: response.cacheControl,
      });
      return getSignedUrl(client, command, { expiresIn: response.expiresInSeconds });
    },
    async check() {
      await client.send(new HeadBucketCommand({ Bucket: bucket })).catch((err: unknown) => {
        throw new Error(words(err), { cause: err });
      });
    },
    async close() {
      client.destroy();
    },
  };
}

const UNREACHABLE: Record<string, string> = {
  ECONNREFUSED: 'the connection was refused',
  ECONNRESET: 'the connection was cut',
  ENOTFOUND: 'its host name is unknown',
  EAI_AGAIN: 'its host name could not be looked up',
  ETIMEDOUT: 'it did not answer in time',
  TimeoutError: 'it did not answer in time',
  RequestTimeout: 'it did not answer in time',
};

const REFUSED_KEYS = new Set(['AccessDenied', 'InvalidAccessKeyId', 'SignatureDoesNotMatch', 'Forbidden', 'InvalidToken', 'ExpiredToken']);

/** An S3 error as an operator can act on it; never an access key or secret, even if the server echoed one. */
export function s3ErrorInWords(err: unknown, context: { bucket: string; where: string; secrets: ReadonlyArray<string | undefined> }): string {
  const e = err as { name?: string; code?: string; message?: string; $metadata?: { httpStatusCode?: number } };
  const status = e.$metadata?.httpStatusCode;
  const code = e.code ?? (e.name && UNREACHABLE[e.name] ? e.name : undefined);
  let text: string;
  if (code && UNREACHABLE[code]) text = `Could not reach the S3 server at ${context.where}: ${UNREACHABLE[code]}.`;
  else if (e.name === 'NoSuchBucket' || (e.name === 'NotFound' && status === 404))
    text = `The bucket "${context.bucket}" does not exist at ${context.where}. Create it, or set STORAGE_BUCKET to one that exists.`;
  else if ((e.name && REFUSED_KEYS.has(e.name)) || status === 403) {
    text = `The S3 server at ${context.where} refused our access key for bucket "${context.bucket}" (${e.name ?? status}). Check S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY and the key's permissions.`;
  } else
    text = `The S3 server at ${context.where} answered with an error${status ? ` (HTTP ${status})` : ''}: ${e.name ?? 'Error'}${e.message && e.message !== e.name ? `: ${e.message}` : ''}`;
  for (const secret of context.secrets) if (secret) text = text.replaceAll(secret, '[hidden]');
  return text;
}

/**
 * The origins a browser is sent to for downloads (the presigned addresses): the site's Content-Security-Policy
 * must allow them as image sources, or a photo kept on S3 would not show. Path-style addresses live on the
 * endpoint's origin; virtual-hosted ones on `<bucket>.<host>`; AWS itself uses either, by the bucket's name.
 */
export function s3DownloadOrigins(bucket: string, s3: S3Settings): string[] {
  if (s3.endpoint) {
    const url = new URL(s3.endpoint);
    return s3.forcePathStyle ? [url.origin] : [`${url.protocol}//${bucket}.${url.host}`, url.origin];
  }
  return [`https://${bucket}.s3.${s3.region}.amazonaws.com`, `https://s3.${s3.region}.amazonaws.com`];
}
