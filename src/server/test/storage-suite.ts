import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, storedFiles } from '../db/schema';
import { storedFileMetadataSchema, storedFileResponseSchema, type StoredFileMetadata, type StoredFileResponse } from '../../shared/storage/storage.schemas';
import { pngBomb, SVG_WITH_SCRIPT, withHtmlPayload, withZipPayload } from './hostile-files';
import { uploadBody } from './multipart';
import { createObjectBackend, createStorage } from '../modules/storage/storage.service';
import type { ObjectBackend } from '../modules/storage/object-backend';
import { buildTestApp, TEST_ORIGIN, type TestApp, type TestUser } from './test-app';

/** Spec §3's fields of a stored file's metadata: an answer has these and no others. */
export const SPEC_METADATA_FIELDS = [
  'bucket',
  'generation',
  'metageneration',
  'fullPath',
  'name',
  'size',
  'timeCreated',
  'updated',
  'md5Hash',
  'cacheControl',
  'contentDisposition',
  'contentEncoding',
  'contentLanguage',
  'contentType',
  'customMetadata',
];

/** One storage backend the suite runs against: how the app is pointed at it, and what it holds. */
export interface BackendUnderTest {
  kind: 'local' | 's3';
  /** Settings for buildTestApp (STORAGE, DATA_DIR, S3_…). */
  env: Record<string, string>;
  bucket: string;
  /** Every object key the backend holds for the bucket, sorted. */
  listKeys(): Promise<string[]>;
  /** Anything lying around that is not an object (local disk: half-written files), to prove there is none. */
  strays?(): Promise<string[]>;
}

export interface Download {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
  /** S3: the app's redirect, before the presigned address was fetched. */
  redirect?: { status: number; headers: Record<string, string> };
}

const md5 = (bytes: Buffer) => createHash('md5').update(bytes).digest('base64');

function headersOf(raw: Record<string, unknown>): Record<string, string> {
  return Object.fromEntries(Object.entries(raw).map(([k, v]) => [k.toLowerCase(), Array.isArray(v) ? v.join(', ') : String(v)]));
}

/**
 * The storage API against one real backend (decision 023): upload, metadata, download with its headers, a new
 * generation, delete; the limits (401, 403, 402 also in parallel, 413, unknown bucket); the hostile uploads,
 * each refused with nothing stored; the probe.
 */
export function storageBackendSuite(label: string, start: () => Promise<BackendUnderTest & { stop?: () => Promise<void> }>): void {
  describe(`file storage on ${label}`, () => {
    let backend: BackendUnderTest & { stop?: () => Promise<void> };
    let t: TestApp;
    let alice: TestUser;
    let bob: TestUser;
    let admin: TestUser;
    let base: string;

    beforeAll(async () => {
      backend = await start();
      t = await buildTestApp({ ...backend.env, UPLOAD_MAX_MB: '1', STORAGE_QUOTA_MB: '2' });
      alice = await t.signUp({ email: `alice.${backend.kind}@example.org` });
      bob = await t.signUp({ email: `bob.${backend.kind}@example.org` });
      admin = await t.signUp({ email: `admin.${backend.kind}@example.org`, role: 'admin' });
      base = `/api/storage/v0/b/${backend.bucket}/o`;
    }, 60_000);
    afterAll(async () => {
      await t?.close();
      await backend?.stop?.();
    });

    const objectUrl = (fullPath: string) => `${base}/${encodeURIComponent(fullPath)}`;

    async function upload(
      as: TestUser | null,
      name: string,
      file: { bytes: Buffer | string; filename?: string; type?: string },
      options: Parameters<typeof uploadBody>[1] & { bucket?: string } = {},
    ) {
      const body = await uploadBody(file, options);
      return t.app.inject({
        method: 'POST',
        url: `/api/storage/v0/b/${options.bucket ?? backend.bucket}/o?name=${encodeURIComponent(name)}`,
        headers: { origin: TEST_ORIGIN, ...(as ? { cookie: as.cookie } : {}), ...body.headers },
        payload: body.payload,
      });
    }

    async function metadataOf(as: TestUser | null, fullPath: string) {
      return t.app.inject({ url: objectUrl(fullPath), headers: as ? { cookie: as.cookie } : {} });
    }

    /** Follows the app's download address as a browser does: on S3 the redirect to the bucket, fetched for real. */
    async function download(url: string, headers: Record<string, string> = {}): Promise<Download> {
      const res = await t.app.inject({ url, headers });
      const first = { status: res.statusCode, headers: headersOf(res.headers), body: res.rawPayload };
      if (res.statusCode !== 302) return first;
      const fetched = await fetch(first.headers.location!, { headers });
      return {
        status: fetched.status,
        headers: headersOf(Object.fromEntries(fetched.headers.entries())),
        body: Buffer.from(await fetched.arrayBuffer()),
        redirect: { status: first.status, headers: first.headers },
      };
    }

    async function rowsAt(fullPath: string) {
      return t.database.db
        .select()
        .from(storedFiles)
        .where(and(eq(storedFiles.bucket, backend.bucket), eq(storedFiles.fullPath, fullPath)));
    }

    /** What the backend and the table hold: compared before and after a refused upload, it must not change. */
    async function everythingStored(): Promise<{ keys: string[]; rows: string[]; strays: string[] }> {
      const rows = await t.database.db.select({ p: storedFiles.fullPath, g: storedFiles.generation }).from(storedFiles);
      return { keys: await backend.listKeys(), rows: rows.map((r) => `${r.p}#${r.g}`).sort(), strays: (await backend.strays?.()) ?? [] };
    }

    /** The backend holds exactly the objects the table points at: no orphan bytes, no row without bytes. */
    async function expectBackendMatchesTable(): Promise<void> {
      const now = await everythingStored();
      expect(now.keys).toEqual(now.rows);
      expect(now.strays).toEqual([]);
    }

    it('keeps a file: metadata with exactly the fields of spec §3, the same bytes back with safe headers, and a new generation on a second upload', async () => {
      const name = `users/${alice.id}/notes/practice plan.txt`;
      const text = Buffer.from('Warm-up 10 min, drills 30 min, scrimmage 20 min.\n');
      const metadata = {
        contentType: 'text/html',
        cacheControl: 'private, max-age=60',
        contentLanguage: 'en',
        customMetadata: { team: 'Rockets', season: '2027' },
      };
      const res = await upload(alice, name, { bytes: text, filename: 'plan.html', type: 'text/html' }, { metadata });
      expect(res.statusCode, res.body).toBe(200);
      const meta = storedFileMetadataSchema.parse(res.json());
      for (const key of Object.keys(res.json<object>())) expect(SPEC_METADATA_FIELDS).toContain(key);
      expect(meta).toMatchObject({
        bucket: backend.bucket,
        metageneration: '1',
        fullPath: name,
        name: 'practice plan.txt',
        size: text.length,
        md5Hash: md5(text),
        // By the bytes, not by what the client claimed.
        contentType: 'text/plain; charset=utf-8',
        cacheControl: 'private, max-age=60',
        contentLanguage: 'en',
        customMetadata: { team: 'Rockets', season: '2027' },
      });
      expect(typeof res.json<{ size: unknown }>().size).toBe('number');
      expect(meta.generation).toMatch(/^\d{16}$/);
      expect(new Date(meta.timeCreated).toISOString()).toBe(meta.timeCreated);
      expect(meta.updated).toBe(meta.timeCreated);

      // The metadata GET: the same, and the download address.
      const got = await metadataOf(alice, name);
      expect(got.statusCode, got.body).toBe(200);
      const withUrl = storedFileResponseSchema.parse(got.json());
      expect({ ...withUrl, downloadURL: undefined }).toEqual({ ...meta, downloadURL: undefined });
      expect(withUrl.downloadURL).toMatch(
        new RegExp(`^${base}/${encodeURIComponent(name).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\?alt=media&token=[\\w-]{40,}$`),
      );

      // The bytes, to anyone holding the address (no cookie).
      const first = await download(withUrl.downloadURL);
      expect(first.status).toBe(200);
      expect(first.body.equals(text)).toBe(true);
      expect(first.headers['content-type']).toBe('text/plain; charset=utf-8');
      expect(first.headers['content-disposition']).toMatch(/^attachment; filename="practice plan.txt"/);
      if (backend.kind === 'local') {
        expect(first.headers).toMatchObject({
          'content-length': String(text.length),
          etag: `"${meta.md5Hash}"`,
          'cache-control': 'private, max-age=31536000, immutable',
          'x-content-type-options': 'nosniff',
          'content-security-policy': "default-src 'none'; sandbox",
        });
      } else {
        expect(first.redirect).toEqual({ status: 302, headers: expect.objectContaining({ 'cache-control': 'private, max-age=240' }) as unknown });
        expect(first.redirect!.headers.location).toMatch(/X-Amz-Signature=/);
        expect(first.redirect!.headers.location).toMatch(/X-Amz-Expires=300/);
        expect(first.headers['cache-control']).toBe('private, max-age=31536000, immutable');
      }
      // A browser holding the bytes asks again with their ETag: not modified, nothing sent.
      const again = await t.app.inject({ url: withUrl.downloadURL, headers: { 'if-none-match': `"${meta.md5Hash}"` } });
      expect(again.statusCode).toBe(304);
      expect(again.rawPayload.length).toBe(0);
      await expectBackendMatchesTable();

      // A second upload to the same path: a new generation, a new address; the old one shows nothing any more.
      const text2 = Buffer.from('Plan B: rain, so gym drills.\n');
      const res2 = await upload(alice, name, { bytes: text2, filename: 'plan.txt', type: 'text/plain' });
      expect(res2.statusCode, res2.body).toBe(200);
      const meta2 = res2.json<StoredFileMetadata>();
      expect(BigInt(meta2.generation)).toBeGreaterThan(BigInt(meta.generation));
      expect(meta2).toMatchObject({ size: text2.length, md5Hash: md5(text2), metageneration: '1' });
      expect(meta2.customMetadata).toBeUndefined();
      const url2 = (await metadataOf(alice, name)).json<StoredFileResponse>().downloadURL;
      expect(url2).not.toBe(withUrl.downloadURL);
      expect((await download(withUrl.downloadURL)).status).toBe(404);
      const second = await download(url2);
      expect(second.status).toBe(200);
      expect(second.body.equals(text2)).toBe(true);
      expect(await rowsAt(name)).toHaveLength(1);
      await expectBackendMatchesTable();

      // Delete: gone from the table, the backend and both addresses.
      const del = await t.app.inject({ method: 'DELETE', url: objectUrl(name), headers: { origin: TEST_ORIGIN, cookie: alice.cookie } });
      expect(del.statusCode, del.body).toBe(204);
      expect((await metadataOf(alice, name)).statusCode).toBe(404);
      expect((await download(url2)).status).toBe(404);
      expect(await rowsAt(name)).toHaveLength(0);
      await expectBackendMatchesTable();
      const twice = await t.app.inject({ method: 'DELETE', url: objectUrl(name), headers: { origin: TEST_ORIGIN, cookie: alice.cookie } });
      expect(twice.statusCode).toBe(404);
    });

    it('re-encodes a picture: stored as the bytes we wrote (no EXIF), shown inline, its MD5 the served bytes', async () => {
      const photo = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#c33' } })
        .jpeg()
        .withExif({ IFD0: { Make: 'PhoneMaker' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '41/1 52/1 0/1' } })
        .toBuffer();
      const name = `users/${alice.id}/photos/team.jpg`;
      const res = await upload(alice, name, { bytes: photo, filename: 'team.jpg', type: 'image/jpeg' });
      expect(res.statusCode, res.body).toBe(200);
      const meta = res.json<StoredFileMetadata>();
      expect(meta.contentType).toBe('image/jpeg');
      const url = (await metadataOf(alice, name)).json<StoredFileResponse>().downloadURL;
      const got = await download(url);
      expect(got.status).toBe(200);
      expect(got.headers['content-type']).toBe('image/jpeg');
      expect(got.headers['content-disposition']).toMatch(/^inline; /);
      expect(md5(got.body)).toBe(meta.md5Hash);
      expect(got.body.equals(photo)).toBe(false);
      expect((await sharp(got.body).metadata()).exif).toBeUndefined();
      expect(got.body.includes(Buffer.from('PhoneMaker'))).toBe(false);
    });

    it('takes the metadata part as a file part too, and refuses metadata that is not valid', async () => {
      const name = `users/${alice.id}/meta.csv`;
      const ok = await upload(
        alice,
        name,
        { bytes: 'a,b\n1,2\n' },
        { metadata: { contentType: 'text/csv', customMetadata: { k: 'v' } }, metadataAsFile: true },
      );
      expect(ok.statusCode, ok.body).toBe(200);
      expect(ok.json<StoredFileMetadata>()).toMatchObject({ contentType: 'text/csv; charset=utf-8', customMetadata: { k: 'v' } });
      const before = await everythingStored();
      const bad = await upload(alice, `users/${alice.id}/meta2.txt`, { bytes: 'x' }, { metadata: { contentLanguage: 'not a language!' } });
      expect(bad.statusCode).toBe(400);
      expect(bad.json<{ error: { message: string } }>().error.message).toMatch(/contentLanguage/);
      const unknown = await upload(alice, `users/${alice.id}/meta3.txt`, { bytes: 'x' }, { metadata: { owner: 'someone-else' } });
      expect(unknown.statusCode).toBe(400);
      const extra = await upload(alice, `users/${alice.id}/meta4.txt`, { bytes: 'x' }, { extraParts: { other: 'x' } });
      expect(extra.statusCode).toBe(400);
      expect(await everythingStored()).toEqual(before);
    });

    it('asks a visitor to sign in (401) for an upload, a metadata read and a delete', async () => {
      const name = `users/${alice.id}/visitor.txt`;
      const res = await upload(null, name, { bytes: 'hello' });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ error: { code: 'UNAUTHENTICATED', message: 'You are not signed in. Log in and try again.', key: 'notSignedIn', params: {} } });
      expect((await metadataOf(null, name)).statusCode).toBe(401);
      const del = await t.app.inject({ method: 'DELETE', url: objectUrl(name), headers: { origin: TEST_ORIGIN } });
      expect(del.statusCode).toBe(401);
      expect(await rowsAt(name)).toHaveLength(0);
    });

    it("keeps a person out of another person's folder (403), and lets an admin in, the delete audit-logged", async () => {
      const name = `users/${bob.id}/private.txt`;
      expect((await upload(bob, name, { bytes: "Bob's notes" })).statusCode).toBe(200);

      const write = await upload(alice, name, { bytes: 'overwritten by alice' });
      expect(write.statusCode).toBe(403);
      expect(write.json<{ error: { code: string; message: string } }>().error).toEqual({
        code: 'FORBIDDEN',
        message: `You can only work with files in your own folder, users/${alice.id}/…; this one belongs to someone else.`,
        key: 'storage.notYourFolder',
        params: { folder: `users/${alice.id}/` },
      });
      expect((await metadataOf(alice, name)).statusCode).toBe(403);
      // The same answer whether or not the file exists: the refusal does not tell.
      expect((await metadataOf(alice, `users/${bob.id}/nothing-here.txt`)).statusCode).toBe(403);
      const aliceDelete = await t.app.inject({ method: 'DELETE', url: objectUrl(name), headers: { origin: TEST_ORIGIN, cookie: alice.cookie } });
      expect(aliceDelete.statusCode).toBe(403);
      expect((await rowsAt(name))[0]?.md5Hash).toBe(md5(Buffer.from("Bob's notes")));

      // An admin reads it, and deletes it with an audit entry naming the file.
      expect((await metadataOf(admin, name)).statusCode).toBe(200);
      const row = (await rowsAt(name))[0]!;
      const del = await t.app.inject({ method: 'DELETE', url: objectUrl(name), headers: { origin: TEST_ORIGIN, cookie: admin.cookie } });
      expect(del.statusCode, del.body).toBe(204);
      const entries = await t.database.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'storage.delete'), eq(auditLog.entityId, row.id)));
      expect(entries).toHaveLength(1);
      expect(entries[0]).toMatchObject({ actorId: admin.id, entityType: 'stored_file', summary: `Deleted the file ${name}` });
      await expectBackendMatchesTable();

      // An admin writes league files outside anyone's folder, but not into the storage check's folder.
      expect((await upload(admin, 'league/rules.txt', { bytes: 'Be kind.' })).statusCode).toBe(200);
      expect((await upload(admin, '_diag/x.txt', { bytes: 'no' })).statusCode).toBe(403);
      // A person's own delete is not an admin action: no audit entry.
      const own = `users/${bob.id}/own.txt`;
      expect((await upload(bob, own, { bytes: 'mine' })).statusCode).toBe(200);
      const ownRow = (await rowsAt(own))[0]!;
      expect((await t.app.inject({ method: 'DELETE', url: objectUrl(own), headers: { origin: TEST_ORIGIN, cookie: bob.cookie } })).statusCode).toBe(204);
      expect(await t.database.db.select().from(auditLog).where(eq(auditLog.entityId, ownRow.id))).toHaveLength(0);
    });

    it('answers 404 in words for a bucket that is not the league’s', async () => {
      const res = await upload(alice, `users/${alice.id}/a.txt`, { bytes: 'x' }, { bucket: 'someone-elses-bucket' });
      expect(res.statusCode).toBe(404);
      expect(res.json<{ error: { message: string } }>().error.message).toBe(
        `There is no bucket named "someone-elses-bucket"; this league's files are in "${backend.bucket}".`,
      );
      const get = await t.app.inject({
        url: `/api/storage/v0/b/other-bucket/o/${encodeURIComponent(`users/${alice.id}/a.txt`)}`,
        headers: { cookie: alice.cookie },
      });
      expect(get.statusCode).toBe(404);
      expect(get.json<{ error: { message: string } }>().error.message).toMatch(/There is no bucket named "other-bucket"/);
    });

    it('refuses a file over the upload limit with 413, nothing stored', async () => {
      const before = await everythingStored();
      const res = await upload(alice, `users/${alice.id}/big.txt`, { bytes: Buffer.alloc(1024 * 1024 + 1, 'a') });
      expect(res.statusCode).toBe(413);
      expect(res.json<{ error: { code: string; message: string } }>().error).toEqual({
        code: 'PAYLOAD_TOO_LARGE',
        message: 'This file is larger than 1 MB, the most one upload may be. Make it smaller and try again.',
        key: 'storage.largerThan',
        params: { megabytes: '1' },
      });
      expect(await everythingStored()).toEqual(before);
      // Exactly the limit is fine.
      const edge = await upload(alice, `users/${alice.id}/edge.txt`, { bytes: Buffer.alloc(1024 * 1024, 'a') });
      expect(edge.statusCode, edge.body).toBe(200);
      await t.app.inject({ method: 'DELETE', url: objectUrl(`users/${alice.id}/edge.txt`), headers: { origin: TEST_ORIGIN, cookie: alice.cookie } });
    });

    it('refuses an upload past the quota with 402, replacing a file counts only the new size, and 8 parallel uploads never pass it together', async () => {
      const carol = await t.signUp({ email: `carol.${backend.kind}@example.org` });
      const quota = 2 * 1024 * 1024;
      const piece = Buffer.alloc(400_000, 'q');
      const names = Array.from({ length: 8 }, (_, i) => `users/${carol.id}/parallel-${i}.txt`);
      const answers = await Promise.all(names.map((name) => upload(carol, name, { bytes: piece })));
      const statuses = answers.map((a) => a.statusCode).sort();
      // 5 × 400,000 bytes fit in 2 MiB; a sixth would not.
      expect(statuses).toEqual([200, 200, 200, 200, 200, 402, 402, 402]);
      const refusedOne = answers.find((a) => a.statusCode === 402)!;
      expect(refusedOne.json<{ error: { code: string; message: string } }>().error).toEqual({
        code: 'QUOTA_EXCEEDED',
        message:
          'There is not enough room for this file: your files use 1.9 MB of your 2.0 MB, and this one is 0.4 MB. Delete files you no longer need, then try again.',
        key: 'storage.overQuota',
        params: { used: '1.9 MB', quota: '2.0 MB', size: '0.4 MB' },
      });
      const rows = await t.database.db.select().from(storedFiles).where(eq(storedFiles.ownerId, carol.id));
      expect(rows).toHaveLength(5);
      expect(rows.reduce((s, r) => s + r.size, 0)).toBeLessThanOrEqual(quota);
      await expectBackendMatchesTable();

      // Replacing one of the five with a file of the same size fits: the old size no longer counts.
      const kept = answers.findIndex((a) => a.statusCode === 200);
      expect((await upload(carol, names[kept]!, { bytes: piece })).statusCode).toBe(200);
      // A new one does not.
      const more = await upload(carol, `users/${carol.id}/one-more.txt`, { bytes: piece });
      expect(more.statusCode).toBe(402);
      await expectBackendMatchesTable();
      // The quota is per person: Alice still has room.
      expect((await upload(alice, `users/${alice.id}/room.txt`, { bytes: piece })).statusCode).toBe(200);
    });

    describe('hostile uploads: each refused in words, nothing stored', () => {
      const png = () =>
        sharp({ create: { width: 16, height: 16, channels: 3, background: '#08f' } })
          .png()
          .toBuffer();
      const jpeg = () =>
        sharp({ create: { width: 16, height: 16, channels: 3, background: '#f80' } })
          .jpeg()
          .toBuffer();
      const cases: Array<
        [
          string,
          () => Promise<{ name: (uid: string, other: string) => string; file: { bytes: Buffer | string; filename?: string; type?: string } }>,
          number,
          RegExp,
        ]
      > = [
        [
          'an SVG with a script',
          async () => ({ name: (u) => `users/${u}/logo.svg`, file: { bytes: SVG_WITH_SCRIPT, filename: 'logo.svg', type: 'image/svg+xml' } }),
          415,
          /cannot be uploaded.*types accepted are JPEG, PNG/,
        ],
        [
          'an SVG with a script, named .png',
          async () => ({ name: (u) => `users/${u}/logo.png`, file: { bytes: SVG_WITH_SCRIPT, filename: 'logo.png', type: 'image/png' } }),
          415,
          /cannot be uploaded/,
        ],
        [
          'an HTML page named .png',
          async () => ({
            name: (u) => `users/${u}/cat.png`,
            file: { bytes: '<html><body><script>alert(document.cookie)</script></body></html>', filename: 'cat.png', type: 'image/png' },
          }),
          415,
          /web page, SVG or XML/,
        ],
        [
          'a PNG with a web page appended (polyglot)',
          async () => ({ name: (u) => `users/${u}/poly.png`, file: { bytes: withHtmlPayload(await png()), type: 'image/png' } }),
          400,
          /not only an image/,
        ],
        [
          'a JPEG with a ZIP appended (polyglot)',
          async () => ({ name: (u) => `users/${u}/poly.jpg`, file: { bytes: withZipPayload(await jpeg()), type: 'image/jpeg' } }),
          400,
          /ZIP archive/,
        ],
        [
          'a decompression bomb (20,000² PNG)',
          async () => ({ name: (u) => `users/${u}/bomb.png`, file: { bytes: await pngBomb(), type: 'image/png' } }),
          413,
          /20000 × 20000 pixels/,
        ],
        [
          'an executable',
          async () => ({
            name: (u) => `users/${u}/setup.txt`,
            file: { bytes: Buffer.concat([Buffer.from('MZ\u0090\u0000'), Buffer.alloc(200)]), type: 'text/plain' },
          }),
          415,
          /cannot be uploaded/,
        ],
        [
          'an oversize file',
          async () => ({ name: (u) => `users/${u}/huge.pdf`, file: { bytes: Buffer.alloc(1024 * 1024 + 10, 'x') } }),
          413,
          /larger than 1 MB/,
        ],
        ['../ in the name', async () => ({ name: (u) => `users/${u}/../x.txt`, file: { bytes: 'x' } }), 400, /file name is not allowed: .*\. or \.\./],
        ['%2e%2e%2f in the name', async () => ({ name: (u) => `users/${u}/%2e%2e%2fx.txt`, file: { bytes: 'x' } }), 400, /%-escapes/],
        ['users/<uid>/../<other>/x', async () => ({ name: (u, o) => `users/${u}/../${o}/x.txt`, file: { bytes: 'x' } }), 400, /\. or \.\./],
        ['backslashes in the name', async () => ({ name: (u) => `users/${u}\\..\\..\\x.txt`, file: { bytes: 'x' } }), 400, /backslash/],
        ['a NUL in the name', async () => ({ name: (u) => `users/${u}/a\u0000.txt`, file: { bytes: 'x' } }), 400, /control character/],
        ["another person's folder", async () => ({ name: (_u, o) => `users/${o}/planted.txt`, file: { bytes: 'x' } }), 403, /your own folder/],
        ['a name starting with /', async () => ({ name: (u) => `/users/${u}/x.txt`, file: { bytes: 'x' } }), 400, /starts or ends with a \//],
      ];

      it.each(cases)('%s', async (_what, make, status, message) => {
        const { name, file } = await make();
        const before = await everythingStored();
        const res = await upload(alice, name(alice.id, bob.id), file);
        expect(res.statusCode, res.body).toBe(status);
        expect(res.json<{ error: { message: string } }>().error.message).toMatch(message);
        expect(await everythingStored()).toEqual(before);
      });
    });

    it('a path given with plain slashes reads the same file, and a broken one is refused, never read', async () => {
      const name = `users/${alice.id}/deep/a b.txt`;
      expect((await upload(alice, name, { bytes: 'plain slashes' })).statusCode).toBe(200);
      const plain = await t.app.inject({ url: `${base}/users/${alice.id}/deep/a%20b.txt`, headers: { cookie: alice.cookie } });
      expect(plain.statusCode, plain.body).toBe(200);
      expect(plain.json<StoredFileMetadata>().fullPath).toBe(name);
      const traversal = await t.app.inject({ url: `${base}/users%2F${alice.id}%2F..%2F${bob.id}%2Fx.txt`, headers: { cookie: alice.cookie } });
      expect(traversal.statusCode).toBe(400);
      // A download address with a doctored path or token finds nothing.
      const url = (await metadataOf(alice, name)).json<StoredFileResponse>().downloadURL;
      const token = new URL(url, 'http://x').searchParams.get('token')!;
      expect((await download(url.replace(/token=[^&]+/, `token=${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`))).status).toBe(404);
      expect((await download(url.replace(/token=[^&]+/, 'token='))).status).toBe(404);
      expect((await download(`${base}/${encodeURIComponent(`users/${alice.id}/../${alice.id}/deep/a b.txt`)}?alt=media&token=${token}`)).status).toBe(404);
      expect((await download(`${base}/${encodeURIComponent(name)}?alt=media`)).status).toBe(404);
    });

    it('the probe writes, reads back and deletes an object, leaving nothing', async () => {
      const before = await backend.listKeys();
      const probe = await t.context.storage.probe();
      expect(probe, probe.error).toMatchObject({ ok: true });
      expect(probe.latencyMs).toBeGreaterThanOrEqual(0);
      expect(probe.error).toBeUndefined();
      expect(await backend.listKeys()).toEqual(before);
    });

    it('the service calls other modules use: put, metadata, download address, remove', async () => {
      const storage = t.context.storage;
      const fullPath = `users/${bob.id}/profile/photo-512.webp`;
      const webp = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#123' } })
        .webp()
        .toBuffer();
      const meta = await storage.put({ fullPath, ownerId: bob.id, bytes: webp, contentType: 'image/webp', cacheControl: 'private, max-age=300' });
      expect(meta).toMatchObject({ fullPath, name: 'photo-512.webp', size: webp.length, contentType: 'image/webp', cacheControl: 'private, max-age=300' });
      expect(await storage.getMetadata(fullPath)).toEqual(meta);
      const url = await storage.downloadUrl(fullPath);
      expect(url).toMatch(/^\/api\/storage\/v0\/b\/.+\?alt=media&token=/);
      expect((await download(url!)).body.equals(webp)).toBe(true);
      await expect(storage.put({ fullPath: 'users/../x', ownerId: null, bytes: webp, contentType: 'image/webp' })).rejects.toThrow(/not allowed/);
      expect(await storage.remove(fullPath)).toBe(true);
      expect(await storage.remove(fullPath)).toBe(false);
      expect(await storage.getMetadata(fullPath)).toBeNull();
      expect(await storage.downloadUrl(fullPath)).toBeNull();
      await expectBackendMatchesTable();
    });

    it('sweeps the bytes a failed delete left behind once they are older than the grace period; a live file and an upload in flight stay', async () => {
      // The same backend, but every delete fails (the S3 server or the disk refused it after the row was gone).
      const real = createObjectBackend(t.config);
      const failing: ObjectBackend = { ...real, kind: real.kind, remove: () => Promise.reject(new Error('the delete failed (test)')) };
      const warnings: string[] = [];
      const broken = createStorage({ db: t.database.db, config: t.config, backend: failing, log: { info: () => {}, warn: (_o, msg) => warnings.push(msg) } });
      const dir = `users/${alice.id}/sweep`;
      const text = (body: string) => ({ ownerId: alice.id, bytes: Buffer.from(body), contentType: 'text/plain; charset=utf-8' });
      const first = await broken.put({ fullPath: `${dir}/kept.txt`, ...text('first') });
      const second = await broken.put({ fullPath: `${dir}/kept.txt`, ...text('second') });
      const gone = await broken.put({ fullPath: `${dir}/gone.txt`, ...text('gone') });
      expect(await broken.remove(`${dir}/gone.txt`)).toBe(true);
      expect(warnings).toEqual(['storage: bytes left behind after a new generation', 'storage: bytes left behind after a delete']);
      const orphans = [`${dir}/kept.txt#${first.generation}`, `${dir}/gone.txt#${gone.generation}`];
      const live = `${dir}/kept.txt#${second.generation}`;
      expect(await backend.listKeys()).toEqual(expect.arrayContaining([...orphans, live]));

      await new Promise((r) => setTimeout(r, 3_000));
      // An upload in flight: its bytes are written, its row is not committed yet (put() writes the bytes first).
      const inFlightAt = Date.now();
      const inFlight = `${dir}/uploading.txt#${inFlightAt * 1000}`;
      await real.write(inFlight, Buffer.from('in flight'), { contentType: 'text/plain', md5Base64: md5(Buffer.from('in flight')) });

      // The default grace period (an hour): all of it is too young to touch.
      expect(await t.storageSweeper.runOnce()).toMatchObject({ found: 0, removed: 0 });
      // With 1.5 s of grace, counted from the moment the in-flight upload began (so a slow machine between the write
      // and the sweep changes nothing, and a store that keeps whole seconds still leaves it younger than the cutoff):
      // the orphans (3 s older) go; the in-flight upload and the live file stay.
      const swept = await t.storageSweeper.runOnce({ graceMs: 1_500, now: () => new Date(inFlightAt) });
      expect(swept).toMatchObject({ found: 2, removed: 2, failed: 0 });
      expect(swept.listed).toBeGreaterThanOrEqual(2);
      const keys = await backend.listKeys();
      for (const key of orphans) expect(keys).not.toContain(key);
      expect(keys).toEqual(expect.arrayContaining([live, inFlight]));
      expect((await download((await t.context.storage.downloadUrl(`${dir}/kept.txt`))!)).body.toString()).toBe('second');

      // /diag shows the admins what this server's sweep found and removed.
      const diag = await t.app.inject({ url: '/api/diag', headers: { cookie: admin.cookie } });
      expect(diag.json<{ admin: { storage: { sweep: unknown } } }>().admin.storage.sweep).toMatchObject({
        last: { found: 2, removed: 2, failed: 0 },
        lastError: null,
        removedSinceStart: 2,
      });

      await real.remove(inFlight);
      await real.close();
      expect(await t.context.storage.remove(`${dir}/kept.txt`)).toBe(true);
      await expectBackendMatchesTable();
    });
  });
}
