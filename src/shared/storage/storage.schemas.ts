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

/** Whether text holds a control character (C0 or DEL; `allowLineBreaks` lets tab, LF and CR through). */
function hasControl(text: string, allowLineBreaks = false): boolean {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (allowLineBreaks && (c === 9 || c === 10 || c === 13)) continue;
    if (c < 0x20 || c === 0x7f) return true;
  }
  return false;
}

/** The most custom metadata one file carries (GCS allows 8 KiB in all; these keep each entry readable). */
export const CUSTOM_METADATA_MAX_KEYS = 20;

/**
 * The optional `metadata` part of an upload (JSON). The content type is only a hint: the server decides the type
 * from the bytes (text/csv and text/plain are the one choice the hint makes).
 */
export const uploadMetadataSchema = z
  .object({
    contentType: z.string().max(100, 'Use at most 100 characters for the content type').optional(),
    cacheControl: z
      .string()
      .max(200, 'Use at most 200 characters for cacheControl')
      .regex(/^[\x20-\x7e]*$/, 'Use plain letters, digits and punctuation for cacheControl')
      .optional(),
    contentDisposition: z
      .string()
      .max(300, 'Use at most 300 characters for contentDisposition')
      .refine((v) => !hasControl(v), 'contentDisposition cannot hold line breaks or other control characters')
      .optional(),
    contentLanguage: z
      .string()
      .regex(/^[a-zA-Z]{2,8}(-[a-zA-Z0-9]{1,8})*$/, 'Use a language tag such as en or en-US for contentLanguage')
      .optional(),
    customMetadata: z
      .record(
        z
          .string()
          .min(1, 'A custom metadata key cannot be empty')
          .max(128, 'Use at most 128 characters for a custom metadata key')
          .refine((v) => !hasControl(v), 'A custom metadata key cannot hold line breaks or other control characters'),
        z
          .string()
          .max(1024, 'Use at most 1024 characters for a custom metadata value')
          .refine((v) => !hasControl(v, true), 'A custom metadata value cannot hold control characters other than line breaks and tabs'),
      )
      .refine((m) => Object.keys(m).length <= CUSTOM_METADATA_MAX_KEYS, `Use at most ${CUSTOM_METADATA_MAX_KEYS} custom metadata entries`)
      .optional(),
  })
  .strict();
export type UploadMetadata = z.infer<typeof uploadMetadataSchema>;
