import { z } from 'zod';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, ROLES } from '../constants';
import { LOCALES } from '../i18n/locales';

export const roleSchema = z.enum(ROLES);

export const profileSchema = z.object({
  id: z.string(),
  email: z.string(),
  displayName: z.string(),
  role: roleSchema,
  teamId: z.string().nullable(),
  teamName: z.string().nullable(),
  photoURL: z.string().nullable(),
  /** The language the person chose for their screens and emails; null follows the browser (decision 038). */
  locale: z.enum(LOCALES).nullable(),
});
export type Profile = z.infer<typeof profileSchema>;

/** Which non-security emails a person gets (GET and PUT /api/me/notifications). */
export const notificationPrefsSchema = z.object({
  bookingChanges: z.boolean(),
  reminders: z.boolean(),
});
export type NotificationPrefs = z.infer<typeof notificationPrefsSchema>;

/** `adminClaim`: which claim marks an admin here (OIDC_ADMIN_CLAIM, shared/users/admin-rule.ts). */
export const claimsResponseSchema = z.object({ claims: z.record(z.string(), z.unknown()), adminClaim: z.string().optional() });

export const emailSchema = z
  .string()
  .trim()
  .toLowerCase()
  .min(1, 'Enter your email address')
  .max(254, 'That email address is too long')
  .pipe(z.email('Enter a valid email address, like name@example.com'));

export const passwordSchema = z
  .string()
  .min(PASSWORD_MIN_LENGTH, `Use at least ${PASSWORD_MIN_LENGTH} characters`)
  .max(PASSWORD_MAX_LENGTH, `Use at most ${PASSWORD_MAX_LENGTH} characters`);

/** Longest display name, everywhere a name enters (sign-up, invitations, the profile). */
export const DISPLAY_NAME_MAX = 100;

export const displayNameSchema = z
  .string()
  .trim()
  .min(1, 'Enter your name')
  .max(DISPLAY_NAME_MAX, `Use at most ${DISPLAY_NAME_MAX} characters`);

/** Why a name cannot be a display name, in words, or null (for callers outside zod, like better-auth's hooks). */
export function displayNameProblem(name: unknown): string | null {
  const result = displayNameSchema.safeParse(name);
  return result.success ? null : `Name: ${result.error.issues[0]?.message ?? 'Enter your name'}.`;
}

/**
 * PATCH /api/me: a person edits their own name. A team decides what a person may see and book, so only a league
 * admin sets it (the user manager, an invitation); `teamId` is accepted here only so that asking to change it
 * gets a clear refusal instead of being silently dropped. Any other key (`role`, …) is refused.
 */
export const profilePatchSchema = z.strictObject({
  displayName: displayNameSchema.optional(),
  teamId: z.uuid('Pick a team from the list').nullable().optional(),
  locale: z.enum(LOCALES, 'Pick English or Español').nullable().optional(),
});
export type ProfilePatchInput = z.infer<typeof profilePatchSchema>;

export const loginSchema = z.object({
  email: emailSchema,
  password: z.string().min(1, 'Enter your password').max(PASSWORD_MAX_LENGTH, `Passwords are at most ${PASSWORD_MAX_LENGTH} characters`),
});
export type LoginInput = z.infer<typeof loginSchema>;

export const signupSchema = z.object({
  name: displayNameSchema,
  email: emailSchema,
  password: passwordSchema,
});
export type SignupInput = z.input<typeof signupSchema>;

export const setupAdminSchema = z.object({
  token: z.string().min(1, 'The setup link is missing its token').max(200, 'The setup link is not valid'),
  name: displayNameSchema,
  email: emailSchema,
  password: passwordSchema,
});
export type SetupAdminInput = z.infer<typeof setupAdminSchema>;

export const setupStatusSchema = z.object({ needsSetup: z.boolean() });

export const teamSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** The division's name (issue 29: teams are in one of the league's divisions), and its id. */
  division: z.string().nullable(),
  divisionId: z.string().nullable(),
});
export type Team = z.infer<typeof teamSchema>;
