/** One object a listing found: its key and when its bytes were written. */
export interface ListedObject {
  key: string;
  lastModified: Date;
}

/**
 * Where the bytes live (decision 023): local disk or an S3-compatible bucket. Only the storage service uses a
 * backend; the metadata is in `stored_files`, and an object is found by its key. Only the orphan sweep lists.
 */
export interface ObjectBackend {
  readonly kind: 'local' | 's3';
  /** Writes the whole object or nothing: a reader never sees half of it. */
  write(key: string, bytes: Buffer, meta: { contentType: string; cacheControl?: string; md5Base64: string }): Promise<void>;
  /** The bytes, or null when there is no such object. */
  read(key: string): Promise<Buffer | null>;
  /** Deletes the object; no error when it is already gone. */
  remove(key: string): Promise<void>;
  /** Every object of the bucket, a page at a time (the orphan sweep, storage-sweep.ts); in no particular order. */
  list(): AsyncIterable<ListedObject>;
  /** A short-lived address the browser fetches the bytes from itself (S3), or null: the app serves them (local disk). */
  signedUrl(key: string, response: { contentType: string; contentDisposition: string; cacheControl: string; expiresInSeconds: number }): Promise<string | null>;
  /** Reaches the bucket itself (S3's HeadBucket; local disk: the folder is writable). Throws with words. */
  check(): Promise<void>;
  close(): Promise<void>;
}

/**
 * An object's key in the backend: its path and its generation, `users/u1/a.png#1732450000000123` (gsutil spells a
 * generation the same way). A new generation is a new key, so an old download address never shows new bytes; `#`
 * is not allowed in names, so no key is ever a folder of another.
 */
export function objectKey(fullPath: string, generation: number): string {
  return `${fullPath}#${generation}`;
}

/** Where the storage check writes: never a name anyone can upload to (storage-paths RESERVED_PREFIX). */
export function probeKey(id: string): string {
  return `_diag/probe-${id}`;
}

/**
 * What a key names: a generation of a file (`<fullPath>#<generation>`), a probe object, or null for a key the app
 * never writes (left alone by the sweep: the bucket may hold other things).
 */
export function parseObjectKey(key: string): { kind: 'file'; fullPath: string; generation: number } | { kind: 'probe' } | null {
  if (/^_diag\/probe-[0-9a-f-]{36}$/.test(key)) return { kind: 'probe' };
  const hash = key.lastIndexOf('#');
  if (hash <= 0) return null;
  const digits = key.slice(hash + 1);
  if (!/^[1-9]\d{0,17}$/.test(digits)) return null;
  const generation = Number(digits);
  if (!Number.isSafeInteger(generation)) return null;
  return { kind: 'file', fullPath: key.slice(0, hash), generation };
}
