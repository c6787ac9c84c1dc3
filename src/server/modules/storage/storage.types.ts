import type { StoredFileMetadata } from '../../../shared/storage/storage.schemas';

/** What a module hands the storage service to keep (the users module's profile photos, for one). */
export interface PutObjectInput {
  bucket?: string;
  /** The object's path in the bucket, e.g. `users/<uid>/profile/photo-512.webp`; checked like an upload's `name`. */
  fullPath: string;
  /** Whose quota it counts against; null for league files. */
  ownerId: string | null;
  bytes: Buffer;
  contentType: string;
  cacheControl?: string;
  contentDisposition?: string;
  contentLanguage?: string;
  customMetadata?: Record<string, string>;
}

export interface StorageProbe {
  ok: boolean;
  latencyMs: number;
  /** In words, when not ok (never a secret). */
  error?: string;
}

/**
 * The one way any module keeps or reads a file (decision 023). Two backends behind it: local disk under
 * DATA_DIR/storage (the default) and an S3-compatible bucket; the metadata of spec §3 lives in `stored_files`.
 */
export interface StorageService {
  readonly backend: 'local' | 's3';
  readonly bucket: string;
  /** Stores the bytes and their metadata (a new generation when the path exists); refuses over quota with 402. */
  put(input: PutObjectInput): Promise<StoredFileMetadata>;
  getMetadata(fullPath: string, bucket?: string): Promise<StoredFileMetadata | null>;
  /** The app's download address of an object (`…/o/<path>?alt=media&token=…`), stable for a generation. */
  downloadUrl(fullPath: string, bucket?: string): Promise<string | null>;
  remove(fullPath: string, bucket?: string): Promise<boolean>;
  /** Writes, reads back and deletes a small object: what /diag shows. */
  probe(): Promise<StorageProbe>;
  close(): Promise<void>;
}
