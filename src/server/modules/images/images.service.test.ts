import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../errors';
import { pngBomb, SVG_WITH_SCRIPT, withHtmlPayload, withZipPayload } from '../../test/hostile-files';
import { normalizeImage, polyglotProblem, sniffImage } from './images.service';

const PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;

async function jpegWithGps(width = 300, height = 200): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 200, g: 30, b: 30 } } })
    .jpeg()
    .withExif({ IFD0: { Make: 'PhoneMaker', Model: 'Secret Model' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '41/1 52/1 0/1' } })
    .toBuffer();
}

async function refusal(promise: Promise<unknown>): Promise<AppError> {
  const err = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(AppError);
  return err as AppError;
}

describe('sniffImage', () => {
  it('knows an image by its bytes, not its name', async () => {
    expect(await sniffImage(await jpegWithGps())).toBe('image/jpeg');
    expect(await sniffImage(await sharp({ create: { width: 2, height: 2, channels: 4, background: '#fff' } }).png().toBuffer())).toBe('image/png');
    expect(await sniffImage(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'))).toBeNull();
    expect(await sniffImage(Buffer.from('just text pretending to be photo.jpg'))).toBeNull();
  });
});

describe('polyglotProblem', () => {
  it('finds web page code anywhere and a ZIP directory at the end, and passes a plain picture', async () => {
    const jpeg = await jpegWithGps();
    expect(polyglotProblem(jpeg)).toBeNull();
    expect(polyglotProblem(Buffer.concat([jpeg, Buffer.from('<html><body><SCRIPT>steal()</SCRIPT>')]))).toMatch(/web page code/);
    expect(polyglotProblem(Buffer.concat([jpeg, Buffer.from('<?php system($_GET["c"]); ?>')]))).toMatch(/web page code/);
    const zipEnd = Buffer.from([0x50, 0x4b, 0x05, 0x06, ...new Array<number>(18).fill(0)]);
    expect(polyglotProblem(Buffer.concat([jpeg, zipEnd]))).toMatch(/ZIP/);
    // The same four bytes deep inside a large file are not where a ZIP reader looks.
    expect(polyglotProblem(Buffer.concat([zipEnd, Buffer.alloc(70_000, 1)]))).toBeNull();
  });
});

describe('normalizeImage', () => {
  it('re-encodes without metadata: the GPS position and camera are gone, the picture stays', async () => {
    const input = await jpegWithGps();
    expect((await sharp(input).metadata()).exif).toBeDefined();
    const out = await normalizeImage(input, { allowed: PHOTO_TYPES });
    expect(out.contentType).toBe('image/jpeg');
    const meta = await sharp(out.bytes).metadata();
    expect(meta.exif).toBeUndefined();
    expect(out.bytes.includes(Buffer.from('Secret Model'))).toBe(false);
    expect([meta.width, meta.height]).toEqual([300, 200]);
  });

  it('crops to a centred square of the asked size and writes WebP', async () => {
    const out = await normalizeImage(await jpegWithGps(640, 480), { allowed: PHOTO_TYPES, square: 256, output: 'webp' });
    expect(out).toMatchObject({ contentType: 'image/webp', width: 256, height: 256 });
    expect(await sniffImage(out.bytes)).toBe('image/webp');
  });

  it('refuses what is not an allowed image with 415 and names what is accepted', async () => {
    const gif = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#000' } }).gif().toBuffer();
    const err = await refusal(normalizeImage(gif, { allowed: PHOTO_TYPES }));
    expect(err.statusCode).toBe(415);
    expect(err.message).toBe('This file is not a JPEG, PNG or WebP image. Choose a photo saved as JPEG, PNG or WebP and try again.');
    expect((await refusal(normalizeImage(SVG_WITH_SCRIPT, { allowed: PHOTO_TYPES }))).statusCode).toBe(415);
  });

  it('refuses a polyglot with 400 in words', async () => {
    const err = await refusal(normalizeImage(withHtmlPayload(await jpegWithGps()), { allowed: PHOTO_TYPES }));
    expect(err.statusCode).toBe(400);
    expect(err.message).toMatch(/not only an image: it also contains web page code/);
    const zipped = await refusal(normalizeImage(withZipPayload(await jpegWithGps()), { allowed: PHOTO_TYPES }));
    expect(zipped.message).toMatch(/not only an image: it is also a ZIP archive/);
  });

  it('refuses a decompression bomb from its header, before decoding it', async () => {
    const bomb = await pngBomb(20_000);
    expect(bomb.length).toBeLessThan(2_000_000);
    const err = await refusal(normalizeImage(bomb, { allowed: PHOTO_TYPES }));
    expect(err.statusCode).toBe(413);
    expect(err.message).toMatch(/20000 × 20000 pixels; the most we take is 50 megapixels/);
  }, 30_000);

  it('refuses a truncated image as damaged', async () => {
    const jpeg = await jpegWithGps(800, 600);
    const err = await refusal(normalizeImage(jpeg.subarray(0, Math.floor(jpeg.length / 2)), { allowed: PHOTO_TYPES }));
    expect(err.statusCode).toBe(400);
    expect(err.message).toMatch(/could not be read/);
  });
});
