import { z } from 'zod';

/** The one shape of every API error (architecture: `{ error: { code, message, details? } }`). */
export const apiErrorSchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    details: z.unknown().optional(),
    /** The message's key in the errors catalogue and its values, for the web app to word (decision 038). */
    key: z.string().optional(),
    params: z.record(z.string(), z.unknown()).optional(),
  }),
});
export type ApiErrorBody = z.infer<typeof apiErrorSchema>;

/** Every `error.code` the API sends is one of these (better-auth's own codes are translated in modules/auth/auth-errors.ts). */
export const ERROR_CODES = {
  VALIDATION: 'VALIDATION_FAILED',
  UNAUTHENTICATED: 'UNAUTHENTICATED',
  FORBIDDEN: 'FORBIDDEN',
  NOT_FOUND: 'NOT_FOUND',
  CONFLICT: 'CONFLICT',
  QUOTA_EXCEEDED: 'QUOTA_EXCEEDED',
  TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  UNSUPPORTED_MEDIA: 'UNSUPPORTED_MEDIA_TYPE',
  RULE_VIOLATION: 'RULE_VIOLATION',
  RATE_LIMITED: 'RATE_LIMITED',
  CSRF: 'CSRF_REJECTED',
  INTERNAL: 'INTERNAL',
  UNAVAILABLE: 'UNAVAILABLE',
} as const;
