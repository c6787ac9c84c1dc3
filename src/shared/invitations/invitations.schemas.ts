import { z } from 'zod';
import { DISPLAY_NAME_MAX, displayNameSchema, passwordSchema, roleSchema } from '../users/users.schemas';

/** How long an invitation link works. */
export const INVITATION_TTL_DAYS = 7;

/** Someone else's address, as an admin types it. */
export const inviteeEmailSchema = z
  .string()
  .trim()
  .toLowerCase()
  .min(1, 'Enter their email address')
  .max(254, 'That email address is too long')
  .pipe(z.email('Enter a valid email address, like name@example.com'));

/** POST /api/admin/invitations: invite an address to a role, and a team (a coach needs one). */
export const inviteInputSchema = z
  .object({
    email: inviteeEmailSchema,
    displayName: z
      .string()
      .trim()
      .max(DISPLAY_NAME_MAX, `Use at most ${DISPLAY_NAME_MAX} characters`)
      .transform((v) => (v === '' ? null : v))
      .nullable()
      .default(null),
    role: roleSchema,
    teamId: z
      .union([z.uuid('Pick a team from the list'), z.literal('')])
      .nullable()
      .default(null)
      .transform((v) => (v === '' ? null : v)),
  })
  .refine((v) => v.role !== 'coach' || v.teamId !== null, { path: ['teamId'], message: 'Pick the team this coach will coach' });
export type InviteInput = z.output<typeof inviteInputSchema>;

export const INVITATION_STATES = ['pending', 'expired', 'accepted', 'revoked'] as const;
export type InvitationState = (typeof INVITATION_STATES)[number];

/** An open invitation as the admin sees it (pending or expired; accepted and revoked ones drop off the list). */
export const invitationSchema = z.object({
  id: z.string(),
  email: z.string(),
  displayName: z.string().nullable(),
  role: roleSchema,
  teamId: z.string().nullable(),
  teamName: z.string().nullable(),
  invitedByName: z.string().nullable(),
  createdAt: z.string(),
  lastSentAt: z.string(),
  expiresAt: z.string(),
  state: z.enum(INVITATION_STATES),
});
export type Invitation = z.infer<typeof invitationSchema>;

/** The token from the link: 32 random bytes, base64url (43 characters). */
export const invitationTokenSchema = z.string().trim().min(20, 'The invitation link is missing part of its token').max(200);

export const invitationLookupRequestSchema = z.object({ token: invitationTokenSchema });

/**
 * What /invite shows: the state of the link and, for a link that exists, who invited whom to what.
 * `invalid`: no invitation has this token (mistyped, or replaced by a newer email).
 */
export const invitationLookupSchema = z.object({
  state: z.enum([...INVITATION_STATES, 'invalid']),
  leagueName: z.string(),
  invitation: z
    .object({
      email: z.string(),
      displayName: z.string().nullable(),
      role: roleSchema,
      teamName: z.string().nullable(),
      teamDivision: z.string().nullable(),
      invitedByName: z.string().nullable(),
      expiresAt: z.string(),
      /** An account with this address exists: accept by logging in, not by signing up. */
      hasAccount: z.boolean(),
    })
    .nullable(),
});
export type InvitationLookup = z.infer<typeof invitationLookupSchema>;

/** POST /api/invitations/accept: sign up with the invited address (fixed) and accept in one step. */
export const acceptWithSignUpSchema = z.object({
  token: invitationTokenSchema,
  name: displayNameSchema,
  password: passwordSchema,
});
export type AcceptWithSignUpInput = z.infer<typeof acceptWithSignUpSchema>;

/** POST /api/invitations/accept-signed-in: the signed-in person (the invited address) accepts. */
export const acceptSignedInSchema = z.object({ token: invitationTokenSchema });

// ---- CSV import ----

/** Largest file the import takes (characters) and rows, so one request stays quick. */
export const IMPORT_MAX_CHARS = 500_000;
export const IMPORT_MAX_ROWS = 2000;

export const importRequestSchema = z.object({
  csv: z.string().min(1, 'Choose a CSV file or paste its contents').max(IMPORT_MAX_CHARS, 'That file is too large: split it into files of at most 2,000 rows'),
});

export const importApplySchema = importRequestSchema.extend({
  /** The preview's fingerprint: apply refuses when what it would do is not what the preview showed. */
  fingerprint: z.string().min(1).max(200),
});

const rowRef = { row: z.number().int() };

export const importPreviewSchema = z.object({
  /** Problems with the file as a whole (missing or unknown columns, unreadable CSV): nothing can be applied. */
  fileErrors: z.array(z.string()),
  rowCount: z.number().int(),
  teamsToCreate: z.array(z.object({ ...rowRef, name: z.string(), division: z.string().nullable() })),
  teamsExisting: z.array(z.object({ ...rowRef, name: z.string(), division: z.string().nullable() })),
  invitations: z.array(z.object({ ...rowRef, email: z.string(), name: z.string().nullable(), teamName: z.string(), hasAccount: z.boolean() })),
  /** Coaches already coaching that team, or already invited to it: nothing to do. */
  alreadyDone: z.array(z.object({ ...rowRef, email: z.string(), teamName: z.string(), reason: z.string() })),
  refused: z.array(z.object({ ...rowRef, reason: z.string() })),
  fingerprint: z.string(),
});
export type ImportPreview = z.infer<typeof importPreviewSchema>;

/** Lines of the NDJSON stream POST /api/admin/invitations/import/apply answers with. */
export type ImportProgress =
  | { type: 'progress'; done: number; total: number }
  | { type: 'done'; teamsCreated: number; invitationsSent: number }
  /** `message` in the request's language; `key` and `params` word it in the errors catalogue (decision 038). */
  | { type: 'error'; error: { code: string; message: string; key?: string; params?: Record<string, unknown> } };

/** What a link that cannot be used says, on /invite and in the API's refusal (the same words in both places). */
export const INVITATION_REFUSAL: Record<Exclude<InvitationState, 'pending'> | 'invalid', { title: string; message: string }> = {
  invalid: {
    title: 'This invitation link is not valid',
    message:
      'The link may be mistyped or cut short, or a newer invitation replaced it. Use the link in the most recent invitation email, or ask a league admin to send a new one.',
  },
  expired: {
    title: 'This invitation has expired',
    message: `Invitation links work for ${INVITATION_TTL_DAYS} days. Ask a league admin to send it again; the new email has a fresh link.`,
  },
  accepted: {
    title: 'This invitation has already been used',
    message: 'Each invitation link works once. If you accepted it, log in with the invited address. Otherwise ask a league admin for a new invitation.',
  },
  revoked: {
    title: 'This invitation was withdrawn',
    message: 'A league admin revoked this invitation, so it can no longer be used. Ask them if you think this is a mistake.',
  },
};
