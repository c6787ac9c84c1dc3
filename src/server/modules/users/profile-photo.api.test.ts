import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storedFiles, users } from '../../db/schema';
import { pngBomb, SVG_WITH_SCRIPT, withHtmlPayload, withZipPayload } from '../../test/hostile-files';
import { buildTestApp, TEST_ORIGIN, type TestApp, type TestUser } from '../../test/test-app';
import { PROFILE_PHOTO_MAX_BYTES } from '../../../shared/users/profile-photo';

let t: TestApp;
let dataDir: string;
beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'profile-photo-'));
  t = await buildTestApp({ DATA_DIR: dataDir });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** A multipart/form-data body as a browser sends it: one file part (and any text parts before it). */
function multipart(file: { bytes: Buffer; name: string; type: string; field?: string }, fields: Record<string, string> = {}) {
  const boundary = `----photo${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  chunks.push(
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${file.field ?? 'file'}"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`,
    ),
    file.bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

const upload = (user: TestUser | null, file: { bytes: Buffer; name: string; type: string; field?: string }) => {
  const body = multipart(file);
  return t.app.inject({
    method: 'POST',
    url: '/api/me/photo',
    payload: body.payload,
    headers: { 'content-type': body.contentType, origin: TEST_ORIGIN, ...(user ? { cookie: user.cookie } : {}) },
  });
};

const remove = (user: TestUser) => t.app.inject({ method: 'DELETE', url: '/api/me/photo', headers: { cookie: user.cookie, origin: TEST_ORIGIN } });

const me = async (user: TestUser) =>
  (await t.app.inject({ url: '/api/me', headers: { cookie: user.cookie } })).json<{ profile: { photoURL: string | null } }>().profile;

const storedRows = (user: TestUser) => t.database.db.select().from(storedFiles).where(eq(storedFiles.ownerId, user.id));

/** A phone photo: a JPEG with the camera and a GPS position in its EXIF. */
const jpegWithGps = (width = 1200, height = 800) =>
  sharp({ create: { width, height, channels: 3, background: { r: 30, g: 90, b: 160 } } })
    .jpeg()
    .withExif({
      IFD0: { Make: 'PhoneMaker', Model: 'Secret Model' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '41/1 52/1 0/1', GPSLongitudeRef: 'W', GPSLongitude: '87/1 37/1 0/1' },
    })
    .toBuffer();

const picture = (format: 'png' | 'webp' | 'gif', width = 300, height = 300) =>
  sharp({ create: { width, height, channels: 4, background: { r: 250, g: 200, b: 20, alpha: 1 } } })
    .toFormat(format)
    .toBuffer();

let n = 0;
const person = () => t.signUp({ email: `photo${++n}@example.org` });

describe('POST /api/me/photo', () => {
  it('keeps a phone JPEG as a square 512 px WebP without its EXIF or GPS, and points photoURL at it', async () => {
    const user = await person();
    const input = await jpegWithGps();
    expect((await sharp(input).metadata()).exif).toBeDefined();
    expect(input.includes(Buffer.from('Secret Model'))).toBe(true);

    const res = await upload(user, { bytes: input, name: 'IMG_0001.jpg', type: 'image/jpeg' });
    expect(res.statusCode).toBe(200);
    const { profile } = res.json<{ profile: { id: string; photoURL: string } }>();
    expect(profile.id).toBe(user.id);
    expect(profile.photoURL).toMatch(new RegExp(`^/api/storage/v0/b/[^/]+/o/users%2F${user.id}%2Fprofile%2F[^?]+\\?alt=media&token=`));
    expect((await me(user)).photoURL).toBe(profile.photoURL);

    const download = await t.app.inject({ url: profile.photoURL });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('image/webp');
    const kept = download.rawPayload;
    const meta = await sharp(kept).metadata();
    expect(meta.format).toBe('webp');
    expect([meta.width, meta.height]).toEqual([512, 512]);
    expect(meta.exif).toBeUndefined();
    expect(meta.xmp).toBeUndefined();
    expect(kept.includes(Buffer.from('Secret Model'))).toBe(false);
    expect(kept.includes(Buffer.from('PhoneMaker'))).toBe(false);

    const rows = await storedRows(user);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ fullPath: `users/${user.id}/profile/photo-512.webp`, contentType: 'image/webp', size: kept.length });
  });

  it('takes PNG and WebP too', async () => {
    for (const format of ['png', 'webp'] as const) {
      const user = await person();
      const res = await upload(user, { bytes: await picture(format, 800, 600), name: `me.${format}`, type: `image/${format}` });
      expect(res.statusCode, format).toBe(200);
      const meta = await sharp((await t.app.inject({ url: res.json<{ profile: { photoURL: string } }>().profile.photoURL })).rawPayload).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(['webp', 512, 512]);
    }
  });

  it('replaces a photo: one stored object, a new address, and the old address no longer answers', async () => {
    const user = await person();
    const first = (await upload(user, { bytes: await picture('png'), name: 'a.png', type: 'image/png' })).json<{ profile: { photoURL: string } }>().profile
      .photoURL;
    const second = (await upload(user, { bytes: await jpegWithGps(), name: 'b.jpg', type: 'image/jpeg' })).json<{ profile: { photoURL: string } }>().profile
      .photoURL;
    expect(second).not.toBe(first);
    expect((await t.app.inject({ url: second })).statusCode).toBe(200);
    expect((await t.app.inject({ url: first })).statusCode).toBe(404);
    expect(await storedRows(user)).toHaveLength(1);
  });

  it('shows the new photo to the person at once (the signed-in person held in memory is refreshed)', async () => {
    const user = await person();
    // The first read puts this person in the server's memory (auth/actor-cache.ts)…
    expect((await me(user)).photoURL).toBeNull();
    const res = await upload(user, { bytes: await picture('png'), name: 'a.png', type: 'image/png' });
    // …and the next read after the upload already has the photo.
    expect((await me(user)).photoURL).toBe(res.json<{ profile: { photoURL: string } }>().profile.photoURL);
    await remove(user);
    expect((await me(user)).photoURL).toBeNull();
  });

  describe('refuses, in words, and keeps nothing', () => {
    const refusals: Array<{ what: string; file: () => Promise<{ bytes: Buffer; name: string; type: string }>; status: number; words: RegExp }> = [
      {
        what: 'an SVG with a script',
        file: async () => ({ bytes: SVG_WITH_SCRIPT, name: 'me.svg', type: 'image/svg+xml' }),
        status: 415,
        words: /not a JPEG, PNG or WebP image/,
      },
      {
        what: 'a GIF',
        file: async () => ({ bytes: await picture('gif'), name: 'me.gif', type: 'image/gif' }),
        status: 415,
        words: /not a JPEG, PNG or WebP image/,
      },
      {
        what: 'a text file named .jpg',
        file: async () => ({ bytes: Buffer.from('hello, I am a photo, honest\n'.repeat(20)), name: 'me.jpg', type: 'image/jpeg' }),
        status: 415,
        words: /not a JPEG, PNG or WebP image/,
      },
      {
        what: 'a JPEG with a web page appended',
        file: async () => ({ bytes: withHtmlPayload(await jpegWithGps(200, 200)), name: 'me.jpg', type: 'image/jpeg' }),
        status: 400,
        words: /not only an image: it also contains web page code/,
      },
      {
        what: 'a JPEG that is also a ZIP archive',
        file: async () => ({ bytes: withZipPayload(await jpegWithGps(200, 200)), name: 'me.jpg', type: 'image/jpeg' }),
        status: 400,
        words: /also a ZIP archive/,
      },
      {
        what: 'a file over 8 MB',
        file: async () => ({ bytes: Buffer.concat([await jpegWithGps(200, 200), Buffer.alloc(PROFILE_PHOTO_MAX_BYTES)]), name: 'big.jpg', type: 'image/jpeg' }),
        status: 413,
        words: /larger than 8 MB, the most we take/,
      },
      {
        what: 'a decompression bomb (a 20,000 × 20,000 PNG)',
        file: async () => ({ bytes: await pngBomb(20_000), name: 'bomb.png', type: 'image/png' }),
        status: 413,
        words: /20000 × 20000 pixels; the most we take is 50 megapixels/,
      },
      {
        what: 'a truncated JPEG',
        file: async () => {
          const whole = await jpegWithGps(800, 800);
          return { bytes: whole.subarray(0, Math.floor(whole.length / 2)), name: 'cut.jpg', type: 'image/jpeg' };
        },
        status: 400,
        words: /could not be read: the file may be damaged or cut short/,
      },
      { what: 'an empty file', file: async () => ({ bytes: Buffer.alloc(0), name: 'empty.jpg', type: 'image/jpeg' }), status: 400, words: /empty/ },
    ];

    for (const { what, file, status, words } of refusals) {
      it(what, async () => {
        const user = await person();
        const res = await upload(user, await file());
        expect(res.statusCode).toBe(status);
        expect(res.json().error.message).toMatch(words);
        expect(await storedRows(user)).toHaveLength(0);
        expect((await me(user)).photoURL).toBeNull();
      });
    }

    it('a refused file leaves an earlier photo in place', async () => {
      const user = await person();
      const before = (await upload(user, { bytes: await picture('png'), name: 'a.png', type: 'image/png' })).json<{ profile: { photoURL: string } }>().profile
        .photoURL;
      expect((await upload(user, { bytes: SVG_WITH_SCRIPT, name: 'x.svg', type: 'image/svg+xml' })).statusCode).toBe(415);
      expect((await me(user)).photoURL).toBe(before);
      expect((await t.app.inject({ url: before })).statusCode).toBe(200);
      expect(await storedRows(user)).toHaveLength(1);
    });

    it('a body that is not multipart, and a file in another part', async () => {
      const user = await person();
      const json = await t.app.inject({ method: 'POST', url: '/api/me/photo', payload: { file: 'x' }, headers: { cookie: user.cookie, origin: TEST_ORIGIN } });
      expect(json.statusCode).toBe(415);
      expect(json.json().error.message).toMatch(/multipart\/form-data/);
      const other = await upload(user, { bytes: await picture('png'), name: 'a.png', type: 'image/png', field: 'photo' });
      expect(other.statusCode).toBe(400);
      expect(other.json().error.message).toMatch(/part named "file"/);
      expect(await storedRows(user)).toHaveLength(0);
    });

    it('a body that says multipart but is not (the hostile-input run found a 500 here): 400 in words, the same words as the storage upload', async () => {
      const user = await person();
      for (const url of ['/api/me/photo', `/api/storage/v0/b/cgsl-files/o?name=${encodeURIComponent(`users/${user.id}/a.png`)}`]) {
        const res = await t.app.inject({
          method: 'POST',
          url,
          payload: '\uFEFF{}',
          headers: { 'content-type': 'multipart/form-data; boundary=----x', cookie: user.cookie, origin: TEST_ORIGIN },
        });
        expect(res.statusCode, `${url}: ${res.body}`).toBe(400);
        expect(res.json().error.message).toBe('The upload could not be read: it was cut short or is not valid multipart/form-data. Try again.');
      }
      expect(await storedRows(user)).toHaveLength(0);
    });
  });

  it('answers 401 to someone signed out, and keeps nothing', async () => {
    const before = await t.database.db.select().from(storedFiles);
    const res = await upload(null, { bytes: await picture('png'), name: 'a.png', type: 'image/png' });
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe('UNAUTHENTICATED');
    expect(await t.database.db.select().from(storedFiles)).toHaveLength(before.length);
  });

  it('refuses a request from another site (CSRF) before reading it', async () => {
    const user = await person();
    const body = multipart({ bytes: await picture('png'), name: 'a.png', type: 'image/png' });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/me/photo',
      payload: body.payload,
      headers: { 'content-type': body.contentType, cookie: user.cookie, origin: 'https://evil.example' },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('CSRF_REJECTED');
    expect(await storedRows(user)).toHaveLength(0);
  });
});

describe('DELETE /api/me/photo', () => {
  it('removes the stored object and sets photoURL back to null; the old address answers 404', async () => {
    const user = await person();
    const url = (await upload(user, { bytes: await jpegWithGps(), name: 'a.jpg', type: 'image/jpeg' })).json<{ profile: { photoURL: string } }>().profile
      .photoURL;
    expect(await storedRows(user)).toHaveLength(1);

    const res = await remove(user);
    expect(res.statusCode).toBe(200);
    expect(res.json().profile.photoURL).toBeNull();
    expect((await me(user)).photoURL).toBeNull();
    expect(await storedRows(user)).toHaveLength(0);
    expect((await t.app.inject({ url })).statusCode).toBe(404);
    const [row] = await t.database.db.select({ photoUrl: users.photoUrl }).from(users).where(eq(users.id, user.id));
    expect(row?.photoUrl).toBeNull();
  });

  it('is harmless without a photo, touches only the caller’s own, and answers 401 signed out', async () => {
    const owner = await person();
    const url = (await upload(owner, { bytes: await picture('png'), name: 'a.png', type: 'image/png' })).json<{ profile: { photoURL: string } }>().profile
      .photoURL;
    const other = await person();
    expect((await remove(other)).statusCode).toBe(200);
    expect((await me(owner)).photoURL).toBe(url);
    expect((await t.app.inject({ url })).statusCode).toBe(200);

    const signedOut = await t.app.inject({ method: 'DELETE', url: '/api/me/photo', headers: { origin: TEST_ORIGIN } });
    expect(signedOut.statusCode).toBe(401);
  });
});
