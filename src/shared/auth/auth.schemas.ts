import { z } from 'zod';
import { PASSWORD_MAX_LENGTH } from '../constants';
import { emailSchema, passwordSchema } from '../users/users.schemas';

/** A reset link works once, for this long (better-auth's `resetPasswordTokenExpiresIn`). */
export const RESET_LINK_TTL_SECONDS = 60 * 60;
/** A verification link works for this long: people open the welcome mail later than a reset they just asked for. */
export const VERIFY_LINK_TTL_SECONDS = 24 * 60 * 60;

/** Where the link in a verification email lands once it has been checked: the profile, which says how it went. */
export const VERIFY_EMAIL_LANDING = '/profile?from=verify-email';

/** What "Forgot password?" answers, whether or not the address has an account (nobody learns who is registered). */
export const RESET_REQUESTED_MESSAGE = 'If an account exists for that address, we sent a link to choose a new password.';

/** What became of a password-reset link: `invalid` is a token we never issued (or one too old to remember). */
export const resetLinkStatusSchema = z.enum(['valid', 'expired', 'used', 'invalid']);
export type ResetLinkStatus = z.infer<typeof resetLinkStatusSchema>;
export type DeadResetLinkStatus = Exclude<ResetLinkStatus, 'valid'>;

export const resetLinkStatusRequestSchema = z.object({ token: z.string().min(1).max(500) });
export const resetLinkStatusResponseSchema = z.object({ status: resetLinkStatusSchema });

/** Why a reset link no longer works, in words that say what to do (the page links to /forgot-password). */
export const DEAD_RESET_LINK_MESSAGES: Record<DeadResetLinkStatus, string> = {
  expired: 'This link has expired. Ask for a new one.',
  used: 'This link has already been used. Ask for a new one.',
  invalid: 'This link is not valid: it may be incomplete or too old. Ask for a new one.',
};

export const forgotPasswordSchema = z.object({ email: emailSchema });
export type ForgotPasswordInput = z.infer<typeof forgotPasswordSchema>;

const confirmMatches = <T extends { newPassword: string; confirmPassword: string }>(value: T, ctx: z.RefinementCtx) => {
  if (value.newPassword !== value.confirmPassword) {
    ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: 'The two passwords do not match. Type the same password twice.' });
  }
};

export const resetPasswordSchema = z
  .object({
    newPassword: passwordSchema,
    confirmPassword: z.string().min(1, 'Type the new password again').max(PASSWORD_MAX_LENGTH, `Passwords are at most ${PASSWORD_MAX_LENGTH} characters`),
  })
  .superRefine(confirmMatches);
export type ResetPasswordInput = z.infer<typeof resetPasswordSchema>;

export const changePasswordSchema = z
  .object({
    currentPassword: z.string().min(1, 'Enter your current password').max(PASSWORD_MAX_LENGTH, `Passwords are at most ${PASSWORD_MAX_LENGTH} characters`),
    newPassword: passwordSchema,
    confirmPassword: z.string().min(1, 'Type the new password again').max(PASSWORD_MAX_LENGTH, `Passwords are at most ${PASSWORD_MAX_LENGTH} characters`),
    /** better-auth's `revokeOtherSessions`: every other device signs in again with the new password. */
    signOutOtherDevices: z.boolean(),
  })
  .superRefine((value, ctx) => {
    confirmMatches(value, ctx);
    if (value.currentPassword !== '' && value.currentPassword === value.newPassword) {
      ctx.addIssue({ code: 'custom', path: ['newPassword'], message: 'Choose a password different from your current one.' });
    }
  });
export type ChangePasswordInput = z.infer<typeof changePasswordSchema>;

/** The part of better-auth's GET /api/auth/get-session the profile reads (null when signed out). */
export const sessionUserSchema = z
  .object({
    user: z.object({ id: z.string(), email: z.string(), emailVerified: z.boolean() }),
  })
  .nullable();
export type SessionUser = z.infer<typeof sessionUserSchema>;

/**
 * What the verification landing page says when better-auth sends the person back with `?error=CODE`
 * (its codes: TOKEN_EXPIRED, INVALID_TOKEN, USER_NOT_FOUND, …).
 */
export function verifyEmailErrorMessage(code: string): string {
  const what = code === 'TOKEN_EXPIRED' ? 'This verification link has expired.' : 'This verification link is not valid: it may be incomplete.';
  return `${what} Get a new one with "Resend verification email" on your profile.`;
}
