import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../errors';
import { SVG_WITH_SCRIPT, withHtmlPayload, withZipPayload } from '../../test/hostile-files';
import { contentDispositionFor, etagMatches, etagOf } from './download-headers';
import { checkUploadContent, textProblem } from './storage-content';

async function refusal(promise: Promise<unknown>): Promise<AppError> {
  const err = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(AppError);
  return err as AppError;
}

const png = () =>
  sharp({ create: { width: 8, height: 6, channels: 3, background: '#3a6' } })
    .png()
    .toBuffer();
/** The smallest PDF readers open (its header is what the type is known by). */
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n');

describe('textProblem', () => {
  it('takes UTF-8 text, CSV and an empty file', () => {
    expect(textProblem(Buffer.from('Field 1 is closed on Sunday.\n'))).toBeNull();
    expect(textProblem(Buffer.from('team,coach\nÉtoiles,Zoë\n'))).toBeNull();
    expect(textProblem(Buffer.alloc(0))).toBeNull();
    // "<" in ordinary text is fine: only markup that opens a page or a drawing is refused.
    expect(textProblem(Buffer.from('score: 3 < 5 and <b>bold</b> is just text'))).toBeNull();
  });

  it('refuses null bytes, text that is not UTF-8, and markup in the first 4 KB', () => {
    expect(textProblem(Buffer.from('a\u0000b'))).toMatch(/null bytes/);
    expect(textProblem(Buffer.from([0x63, 0x61, 0x66, 0xe9]))).toMatch(/UTF-8/); // "café" in Latin-1
    for (const markup of ['<svg onload=alert(1)>', '<HTML><body>', '<script>alert(1)</script>', '<?xml version="1.0"?>', '<!DOCTYPE html>']) {
      expect(textProblem(Buffer.from(`notes\n${markup}`))).toMatch(/web page, SVG or XML/);
    }
    expect(textProblem(Buffer.from(`${'a'.repeat(4090)}<script>`))).toBeNull();
  });
});

describe('checkUploadContent', () => {
  it('re-encodes a picture through the images module and names its type by its bytes', async () => {
    const original = await png();
    const checked = await checkUploadContent(original, { name: 'users/u1/photo.jpg', claimedType: 'image/jpeg' });
    expect(checked.contentType).toBe('image/png');
    expect((await sharp(checked.bytes).metadata()).width).toBe(8);
  });

  it('keeps a PDF as it came, and tells CSV from text by the hint alone', async () => {
    expect(await checkUploadContent(PDF, { name: 'users/u1/form.bin' })).toEqual({ bytes: PDF, contentType: 'application/pdf' });
    const text = Buffer.from('a,b\n1,2\n');
    expect((await checkUploadContent(text, { name: 'users/u1/t.csv' })).contentType).toBe('text/csv; charset=utf-8');
    expect((await checkUploadContent(text, { name: 'users/u1/t', claimedType: 'text/csv' })).contentType).toBe('text/csv; charset=utf-8');
    expect((await checkUploadContent(text, { name: 'users/u1/t.txt', claimedType: 'image/png' })).contentType).toBe('text/plain; charset=utf-8');
  });

  it('refuses an SVG, a web page named .png and other types with 415 naming what is accepted', async () => {
    for (const bytes of [
      SVG_WITH_SCRIPT,
      Buffer.from('<html><script>alert(1)</script></html>'),
      Buffer.from('PK\u0003\u0004 zip archive body....................'),
    ]) {
      const err = await refusal(checkUploadContent(bytes, { name: 'users/u1/a.png', claimedType: 'image/png' }));
      expect(err.statusCode).toBe(415);
      expect(err.message).toMatch(/JPEG, PNG, WebP or GIF pictures, PDF documents, and plain text or CSV files/);
    }
  });

  it('refuses a picture with a web page or a ZIP behind it (a polyglot) with 400', async () => {
    for (const bytes of [withHtmlPayload(await png()), withZipPayload(await png())]) {
      const err = await refusal(checkUploadContent(bytes, { name: 'users/u1/a.png' }));
      expect(err.statusCode).toBe(400);
      expect(err.message).toMatch(/not only an image/);
    }
  });
});

describe('download headers', () => {
  it('shows pictures inline and saves everything else, with the name plain and exact', () => {
    expect(contentDispositionFor('image/png', 'a.png')).toBe(`inline; filename="a.png"; filename*=UTF-8''a.png`);
    expect(contentDispositionFor('text/plain; charset=utf-8', 'notes.txt')).toMatch(/^attachment; /);
    expect(contentDispositionFor('application/pdf', 'résumé "final";.pdf')).toBe(
      `attachment; filename="r_sum_ _final__.pdf"; filename*=UTF-8''r%C3%A9sum%C3%A9%20%22final%22%3B.pdf`,
    );
  });

  it('matches If-None-Match by the quoted MD5, in a list, weak, or *', () => {
    const etag = etagOf('XrY7u+Ae7tCTyyK7j1rNww==');
    expect(etag).toBe('"XrY7u+Ae7tCTyyK7j1rNww=="');
    expect(etagMatches(etag, etag)).toBe(true);
    expect(etagMatches(`"other", W/${etag}`, etag)).toBe(true);
    expect(etagMatches('*', etag)).toBe(true);
    expect(etagMatches('"other"', etag)).toBe(false);
    expect(etagMatches(undefined, etag)).toBe(false);
  });
});
