import { z } from 'zod';

/** A stored file's metadata, exactly the fields of spec §3 (what a metadata GET answers). */
export const storedFileMetadataSchema = z.object({
  bucket: z.string(),
  generation: z.string(),
  metageneration: z.string(),
  fullPath: z.string(),
  name: z.string(),
  size: z.number().int().nonnegative(),
  timeCreated: z.string(),
  updated: z.string(),
  md5Hash: z.string(),
  cacheControl: z.string().optional(),
  contentDisposition: z.string().optional(),
  contentEncoding: z.string().optional(),
  contentLanguage: z.string().optional(),
  contentType: z.string(),
  customMetadata: z.record(z.string(), z.string()).optional(),
});
export type StoredFileMetadata = z.infer<typeof storedFileMetadataSchema>;

/** A metadata GET's answer: the metadata and the address to download the bytes from. */
export const storedFileResponseSchema = storedFileMetadataSchema.extend({ downloadURL: z.string() });
export type StoredFileResponse = z.infer<typeof storedFileResponseSchema>;
