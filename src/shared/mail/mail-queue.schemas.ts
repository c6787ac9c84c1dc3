import { z } from 'zod';

/**
 * The admins' mail page (/admin-mail, decision 007): messages that failed for good, and messages still waiting to
 * go out (queued, retrying after an error, or being sent right now).
 */
export const MAIL_QUEUE_VIEWS = ['failed', 'waiting'] as const;
export type MailQueueView = (typeof MAIL_QUEUE_VIEWS)[number];

export const MAIL_QUEUE_PAGE_MAX = 100;

export const mailQueueQuerySchema = z.object({
  view: z.enum(MAIL_QUEUE_VIEWS, { message: 'Choose failed or waiting' }).default('failed'),
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(MAIL_QUEUE_PAGE_MAX).default(25),
});
export type MailQueueQuery = z.infer<typeof mailQueueQuerySchema>;

export const queuedMailSchema = z.object({
  id: z.string(),
  /** What the email is (invitation, password reset, booking.created, …). */
  kind: z.string(),
  toAddress: z.string(),
  subject: z.string(),
  /** pending: waiting for its turn or its next try; sending: a server is sending it now; failed: given up. */
  status: z.enum(['pending', 'sending', 'failed']),
  attempts: z.number(),
  /** Why the last try did not work, as the mail server or the file system said it; null before any try. */
  lastError: z.string().nullable(),
  /** When a waiting message is tried next (ISO). */
  nextAttemptAt: z.string(),
  createdAt: z.string(),
  /** The Message-ID every copy of this email carries; a resend keeps it. */
  messageId: z.string(),
});
export type QueuedMail = z.infer<typeof queuedMailSchema>;

export const mailQueuePageSchema = z.object({
  messages: z.array(queuedMailSchema),
  nextCursor: z.string().nullable(),
  counts: z.object({ failed: z.number(), waiting: z.number() }),
  /** Sent messages are deleted after this many days (MAIL_RETENTION_DAYS). */
  retentionDays: z.number(),
});
export type MailQueuePage = z.infer<typeof mailQueuePageSchema>;
