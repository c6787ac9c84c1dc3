import type * as S3SdkModule from '@aws-sdk/client-s3';
import type * as PresignerModule from '@aws-sdk/s3-request-presigner';
import type { StorageConfig } from '../../config';
import type { ObjectBackend } from './object-backend';

type S3Settings = NonNullable<StorageConfig['s3']>;
type S3Sdk = typeof S3SdkModule;
type Presigner = typeof PresignerModule;

/**
 * The AWS SDK, loaded on first use (issue 27): importing it costs a starting server 0.2-0.5 s of CPU, and a league
 * that keeps its files on local disk never needs it. Once per process.
 */
let sdk: Promise<[S3Sdk, Presigner]> | null = null;
const loadSdk = () => (sdk ??= Promise.all([import('@aws-sdk/client-s3'), import('@aws-sdk/s3-request-presigner')]));

/**
 * Objects in an S3-compatible bucket (AWS S3, MinIO, Cloudflare R2, …). Downloads go straight from the bucket to
 * the browser through presigned GET addresses. The client is made at the first call that needs it.
 */
export function createS3Backend(options: { bucket: string; s3: S3Settings }): ObjectBackend {
  const { bucket, s3 } = options;
  let made: Promise<{ client: S3SdkModule.S3Client; s3sdk: S3Sdk; getSignedUrl: Presigner['getSignedUrl'] }> | null = null;
  let closed = false;
  const connect = () =>
    (made ??= loadSdk().then(([s3sdk, { getSignedUrl }]) => {
      const client = new s3sdk.S3Client({
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
      // Closed while the SDK was loading: no connection is left behind.
      if (closed) client.destroy();
      return { client, s3sdk, getSignedUrl };
    }));
  const where = s3.endpoint ? new URL(s3.endpoint).host : `AWS S3 (${s3.region})`;
  const words = (err: unknown) => s3ErrorInWords(err, { bucket, where, secrets: [s3.accessKeyId, s3.secretAccessKey] });

  return {
    kind: 's3',
    async write(key, bytes, meta) {
      const { client, s3sdk } = await connect();
      await client
        .send(
          new s3sdk.PutObjectCommand({
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
      const { client, s3sdk } = await connect();
      try {
        const answer = await client.send(new s3sdk.GetObjectCommand({ Bucket: bucket, Key: key }));
        return answer.Body ? Buffer.from(await answer.Body.transformToByteArray()) : Buffer.alloc(0);
      } catch (err) {
        if (err instanceof s3sdk.S3ServiceException && (err.name === 'NoSuchKey' || err.$metadata.httpStatusCode === 404)) return null;
        throw new Error(words(err), { cause: err });
      }
    },
    async remove(key) {
      const { client, s3sdk } = await connect();
      await client.send(new s3sdk.DeleteObjectCommand({ Bucket: bucket, Key: key })).catch((err: unknown) => {
        throw new Error(words(err), { cause: err });
      });
    },
    async *list() {
      const { client, s3sdk } = await connect();
      let token: string | undefined;
      do {
        const page = await client.send(new s3sdk.ListObjectsV2Command({ Bucket: bucket, MaxKeys: 1000, ContinuationToken: token })).catch((err: unknown) => {
          throw new Error(words(err), { cause: err });
        });
        for (const o of page.Contents ?? []) if (o.Key && o.LastModified) yield { key: o.Key, lastModified: o.LastModified };
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
    },
    async signedUrl(key, response) {
      const { client, s3sdk, getSignedUrl } = await connect();
      const command = new s3sdk.GetObjectCommand({
        Bucket: bucket,
        Key: key,
        ResponseContentType: response.contentType,
        ResponseContentDisposition: response.contentDisposition,
        ResponseCacheControl: response.cacheControl,
      });
      return getSignedUrl(client, command, { expiresIn: response.expiresInSeconds });
    },
    async check() {
      const { client, s3sdk } = await connect();
      await client.send(new s3sdk.HeadBucketCommand({ Bucket: bucket })).catch((err: unknown) => {
        throw new Error(words(err), { cause: err });
      });
    },
    async close() {
      closed = true;
      // Never used: nothing to close, and no reason to load the SDK now.
      if (made) (await made.catch(() => null))?.client.destroy();
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
