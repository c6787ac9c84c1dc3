import type { StoredFileMetadata } from '../../../shared/storage/storage.schemas';
import type { AuditContext } from '../audit/audit.service';

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
  remove(fullPath: string, bucket?: string, options?: RemoveOptions): Promise<boolean>;
  /**
   * What a download address answers (`…?alt=media&token=…`): null when there is no such object or the token is
   * not the current generation's; 304 when `ifNoneMatch` names its ETag; else the bytes (local disk) or a
   * redirect to a presigned address (S3). The headers are the ones to send.
   */
  download(fullPath: string, token: string, options?: { bucket?: string; ifNoneMatch?: string }): Promise<ObjectDownload | null>;
  /** Writes, reads back and deletes a small object: what /diag shows. */
  probe(): Promise<StorageProbe>;
  close(): Promise<void>;
}

export interface RemoveOptions {
  /** Records `storage.delete` in the deleting transaction (an admin removing another person's file). */
  audit?: AuditContext;
}

export type ObjectDownload =
  | { status: 200; headers: Record<string, string>; body: Buffer }
  | { status: 302; headers: Record<string, string>; location: string }
  | { status: 304; headers: Record<string, string> };
