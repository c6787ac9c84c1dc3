import { z } from 'zod';
import { emailSchema } from '../users/users.schemas';

/** Where a contact message stands in the admins' inbox. */
export const CONTACT_MESSAGE_STATUSES = ['new', 'read', 'archived'] as const;
export type ContactMessageStatus = (typeof CONTACT_MESSAGE_STATUSES)[number];

/**
 * How many messages one sender may send in an hour: per network address (a shared club or school network sends
 * more) and per email address. Counted in the database, so the limit holds across app servers (decision 021).
 */
export const CONTACT_LIMITS = { perAddressPerHour: 5, perEmailPerHour: 3 } as const;

/** The name of the hidden field people never see and bots fill in (the honeypot). */
export const CONTACT_HONEYPOT_FIELD = 'website';

export const contactInputSchema = z.object({
  name: z.string().trim().min(1, 'Enter your name').max(100, 'Use at most 100 characters'),
  email: emailSchema,
  subject: z.string().trim().min(1, 'Say what it is about, e.g. "Field 3 lights"').max(150, 'Use at most 150 characters'),
  message: z.string().trim().min(10, 'Write a little more: at least 10 characters').max(5000, 'Use at most 5,000 characters'),
  /** The honeypot: empty for people. A filled one is answered like a success and stored nowhere. */
  [CONTACT_HONEYPOT_FIELD]: z.string().max(500).optional(),
});
export type ContactInput = z.input<typeof contactInputSchema>;

export const contactSentSchema = z.object({ received: z.literal(true) });

export const contactMessageSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  subject: z.string(),
  body: z.string(),
  status: z.enum(CONTACT_MESSAGE_STATUSES),
  /** Sent by a signed-in person (their account's address), not only typed into the form. */
  signedIn: z.boolean(),
  createdAt: z.string(),
});
export type ContactMessage = z.infer<typeof contactMessageSchema>;

export const contactInboxQuerySchema = z.object({
  status: z.enum(CONTACT_MESSAGE_STATUSES).default('new'),
});

export const contactInboxSchema = z.object({
  messages: z.array(contactMessageSchema),
  /** How many messages each tab holds (the list shows the newest 100 of one). */
  counts: z.object({ new: z.number(), read: z.number(), archived: z.number() }),
});
export type ContactInbox = z.infer<typeof contactInboxSchema>;

export const contactStatusInputSchema = z.object({ status: z.enum(CONTACT_MESSAGE_STATUSES, { message: 'Choose new, read or archived' }) });
