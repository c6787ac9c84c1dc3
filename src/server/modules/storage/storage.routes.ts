import multipart from '@fastify/multipart';
import { multipartRefusal } from '../../plugins/multipart-refusal';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config';
import type { ServerContext } from '../../context';
import { AppError, type ErrorWords } from '../../errors';
import type { Actor } from '../../context';
import { apiErrorSchema } from '../../../shared/errors/api-error';
import { storedFileMetadataSchema, storedFileResponseSchema, uploadMetadataSchema, type UploadMetadata } from '../../../shared/storage/storage.schemas';
import { requestAuditContext } from '../audit/audit.service';
import { checkUploadContent } from './storage-content';
import { accessProblemWords, nameProblem, nameProblemWords, ownPrefix, quotaOwner } from './storage-paths';
import { unknownBucket } from './storage.service';
import type { ObjectDownload } from './storage.types';

const MB = 1024 * 1024;
/** The JSON `metadata` part of an upload: far more than its fields can hold. */
const METADATA_PART_MAX = 16 * 1024;

const bucketParams = z.object({ bucket: z.string().max(255) });
/**
 * The object's path is the rest of the address: one %2F-encoded segment as Firebase clients send it (or plain
 * slashes). A wildcard, because the router caps a `:param` at 100 characters and a name may hold 1000 bytes.
 */
const objectParams = z.object({ bucket: z.string().max(255), '*': z.string() });
const objectQuery = z.object({
  alt: z.enum(['media', 'json']).optional(),
  token: z.string().max(200).optional(),
});
const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };

const notThere = () =>
  new AppError('NOT_FOUND', { key: 'storage.notThere' });

/**
 * The file storage calls of spec §7, shaped like Firebase Storage's (decision 023): upload (multipart POST with a
 * `name`), metadata and download (GET on the object, `alt=media&token=` for the bytes), delete.
 */
export const storageRoutes: FastifyPluginAsyncZod<ServerContext & { config: Pick<Config, 'storage'> }> = async (app, { storage, config }) => {
  const maxBytes = config.storage.uploadMaxBytes;
  // Registered here, not on the whole app: only these routes take multipart bodies.
  await app.register(multipart, {
    limits: { fileSize: maxBytes, files: 2, fields: 2, fieldSize: METADATA_PART_MAX, parts: 4, headerPairs: 20 },
  });

  function checkBucket(bucket: string): string {
    if (bucket !== storage.bucket) throw unknownBucket(bucket, storage.bucket);
    return bucket;
  }

  function checkName(name: string): void {
    const problem = nameProblemWords(name);
    if (problem) throw new AppError('VALIDATION_FAILED', { key: 'storage.nameNotAllowed', params: { problem } });
  }

  function checkAccess(actor: Actor, fullPath: string): void {
    const problem = accessProblemWords({ userId: actor.userId, isAdmin: actor.admin.isAdmin }, fullPath);
    if (problem) throw new AppError('FORBIDDEN', problem);
  }

  app.post(
    '/api/storage/v0/b/:bucket/o',
    {
      // Each upload is decoded and written: 60 a minute per address is far past a person and well short of a flood.
      config: { access: 'user', rateLimit: { max: 60, timeWindow: '1 minute' } },
      schema: {
        tags: ['storage'],
        summary: `Upload a file (multipart/form-data: a "file" part and an optional JSON "metadata" part) to the path in "name": your own folder users/<your id>/…, anywhere for admins`,
        params: bucketParams,
        querystring: z.object({ name: z.string().max(4096) }),
        response: { 200: storedFileMetadataSchema, ...errors, 402: apiErrorSchema, 409: apiErrorSchema, 413: apiErrorSchema, 415: apiErrorSchema },
      },
    },
    async (req) => {
      const actor = await req.requireActor();
      const bucket = checkBucket(req.params.bucket);
      const fullPath = req.query.name;
      checkName(fullPath);
      checkAccess(actor, fullPath);
      const { file, metadata } = await readUpload(req, maxBytes);
      const checked = await checkUploadContent(file.bytes, { name: fullPath, claimedType: metadata.contentType ?? file.mimetype });
      return storage.put({
        bucket,
        fullPath,
        ownerId: quotaOwner(actor.userId, fullPath),
        bytes: checked.bytes,
        contentType: checked.contentType,
        cacheControl: metadata.cacheControl,
        contentDisposition: metadata.contentDisposition,
        contentLanguage: metadata.contentLanguage,
        customMetadata: metadata.customMetadata,
      });
    },
  );

  app.get(
    '/api/storage/v0/b/:bucket/o/*',
    {
      // One address for both, as Firebase's: the metadata needs a signed-in owner or admin (checked below); the
      // bytes (`alt=media`) need only the file's current token, which is what makes a download link shareable.
      config: { access: 'public' },
      schema: {
        tags: ['storage'],
        summary: "A file's metadata and download address (signed in: your own files, any for admins); with alt=media&token=… its bytes",
        params: objectParams,
        querystring: objectQuery,
        response: {
          200: storedFileResponseSchema.describe('The metadata; with alt=media, the bytes (local disk)'),
          302: z.null().describe('alt=media on S3: to a presigned address valid for 5 minutes'),
          304: z.null().describe('alt=media: the copy the client holds (If-None-Match) is current'),
          ...errors,
        },
      },
    },
    async (req, reply) => {
      const bucket = checkBucket(req.params.bucket);
      const fullPath = req.params['*'];
      if (req.query.alt === 'media') {
        if (!req.query.token || nameProblem(fullPath)) throw notThere();
        const answer = await storage.download(fullPath, req.query.token, { bucket, ifNoneMatch: req.headers['if-none-match'] });
        if (!answer) throw notThere();
        return sendDownload(reply, answer);
      }
      const actor = await req.requireActor();
      checkName(fullPath);
      checkAccess(actor, fullPath);
      const metadata = await storage.getMetadata(fullPath, bucket);
      const url = metadata ? await storage.downloadUrl(fullPath, bucket) : null;
      if (!metadata || !url) throw new AppError('NOT_FOUND', { key: 'storage.noFileNamed', params: { path: fullPath } });
      reply.header('cache-control', 'private, no-cache');
      return { ...metadata, downloadURL: url };
    },
  );

  app.delete(
    '/api/storage/v0/b/:bucket/o/*',
    {
      config: { access: 'user' },
      schema: {
        tags: ['storage'],
        summary: 'Delete a file (your own; admins any, which the audit log records)',
        params: objectParams,
        response: { 204: z.null(), ...errors },
      },
    },
    async (req, reply) => {
      const actor = await req.requireActor();
      const bucket = checkBucket(req.params.bucket);
      const fullPath = req.params['*'];
      checkName(fullPath);
      checkAccess(actor, fullPath);
      // An admin's delete in a person's folder (or among the league's files) is theirs to answer for.
      const audit = fullPath.startsWith(ownPrefix(actor.userId)) ? undefined : await requestAuditContext(req);
      const removed = await storage.remove(fullPath, bucket, { audit });
      if (!removed) throw new AppError('NOT_FOUND', { key: 'storage.noFileNamedAlready', params: { path: fullPath } });
      return reply.status(204).send(null);
    },
  );
};

/** A download's answer as the storage service decided it: the bytes, a redirect to S3, or "not modified". */
function sendDownload(reply: FastifyReply, answer: ObjectDownload): FastifyReply {
  reply.headers(answer.headers);
  if (answer.status === 302) return reply.redirect(answer.location, 302);
  if (answer.status === 304) return reply.status(304).send();
  return reply.status(200).send(answer.body);
}

interface Upload {
  file: { bytes: Buffer; mimetype: string };
  metadata: UploadMetadata;
}

/** The `file` and `metadata` parts of an upload, with every refusal in words. */
async function readUpload(req: FastifyRequest, maxBytes: number): Promise<Upload> {
  if (!req.isMultipart()) {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', { key: 'storage.notMultipart' });
  }
  let file: Upload['file'] | null = null;
  let metadataText: string | null = null;
  try {
    for await (const part of req.parts()) {
      if (part.fieldname === 'file' && part.type === 'file' && !file) {
        file = { bytes: await part.toBuffer(), mimetype: part.mimetype };
      } else if (part.fieldname === 'metadata' && metadataText === null) {
        const text = part.type === 'file' ? (await part.toBuffer()).toString('utf8') : String(part.value);
        if (Buffer.byteLength(text) > METADATA_PART_MAX)
          throw new AppError('VALIDATION_FAILED', { key: 'storage.metadataTooLong' });
        metadataText = text;
      } else {
        throw new AppError('VALIDATION_FAILED', { key: 'storage.unexpectedPart', params: { part: part.fieldname.slice(0, 40) } });
      }
    }
  } catch (err) {
    throw multipartRefusal(err, fileTooLarge(maxBytes));
  }
  if (!file) throw new AppError('VALIDATION_FAILED', { key: 'storage.noFile' });
  return { file, metadata: parseMetadata(metadataText) };
}

function parseMetadata(text: string | null): UploadMetadata {
  if (text === null || text.trim() === '') return {};
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new AppError('VALIDATION_FAILED', { key: 'storage.metadataNotJson', params: { example: '{"contentType":"image/png"}' } });
  }
  const parsed = uploadMetadataSchema.safeParse(json);
  if (!parsed.success) {
    const first = parsed.error.issues[0];
    // zod's words for the problem (English) inside ours.
    const problem: ErrorWords['params'] = { problem: first?.message ?? { key: 'storage.notValid' } };
    throw new AppError(
      'VALIDATION_FAILED',
      first?.path.length ? { key: 'storage.metadataFieldInvalid', params: { ...problem, field: first.path.join('.') } } : { key: 'storage.metadataInvalid', params: problem },
    );
  }
  return parsed.data;
}

const fileTooLarge = (maxBytes: number) => () =>
  new AppError('PAYLOAD_TOO_LARGE', { key: 'storage.largerThan', params: { megabytes: String(Math.round((maxBytes / MB) * 10) / 10) } });
