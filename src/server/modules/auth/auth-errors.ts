import { AppError, type ErrorCode } from '../../errors';
import { DEAD_RESET_LINK_MESSAGES, type DeadResetLinkStatus } from '../../../shared/auth/auth.schemas';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../../../shared/constants';

/**
 * better-auth answers with its own error codes (PASSWORD_TOO_SHORT, VALIDATION_ERROR, ACCOUNT_DISABLED, …).
 * The API promises only the codes of `ERROR_CODES` (src/shared/errors/api-error.ts), so every one of them is
 * translated here into one of ours, with words that say what happened and what to do, and, where one field
 * is at fault, `details.fields` naming it (the web forms show that message next to the field).
 */

/** Our code for an account an admin disabled (thrown from the session hook in auth.ts). */
export const ACCOUNT_DISABLED = 'ACCOUNT_DISABLED';
export const ACCOUNT_DISABLED_MESSAGE = 'This account has been disabled. Contact a league admin if you think this is a mistake.';

const ALREADY_REGISTERED = 'That email is already registered. Log in instead, or use a different email.';
const WRONG_CREDENTIALS = 'Email or password is incorrect. Check both and try again.';
const INVALID_EMAIL = 'Enter a valid email address, like name@example.com.';
const TOO_SHORT = `That password is too short: use at least ${PASSWORD_MIN_LENGTH} characters.`;
const TOO_LONG = `That password is too long: use at most ${PASSWORD_MAX_LENGTH} characters.`;
const CROSS_SITE = 'This request came from a page outside the league site, so it was refused. Reload the page and try again.';
const NOT_SIGNED_IN = 'You are not signed in. Log in and try again.';
const CHECK_INPUT = 'That did not work. Check what you entered and try again.';
const INTERNAL = 'Something went wrong on our side. Try again in a moment; if it keeps happening, contact the league.';

/** Which request field a password error is about: the new one when changing or resetting it. */
function passwordField(path: string): string {
  return /\/(change-password|reset-password)$/.test(path) ? 'newPassword' : 'password';
}

interface Translation {
  code: ErrorCode;
  message: string;
  fields?: Record<string, string>;
  /** More for the web app beside `fields` (a dead reset link says which kind: `{ link: 'expired' }`). */
  details?: Record<string, unknown>;
}

/** A reset link that no longer works: the reset page shows the message with a way to ask for a new link. */
const deadLink = (link: DeadResetLinkStatus): Rule => () => ({ code: 'VALIDATION_FAILED', message: DEAD_RESET_LINK_MESSAGES[link], details: { link } });

type Rule = (path: string) => Translation;

const RULES: Record<string, Rule> = {
  USER_ALREADY_EXISTS: () => ({ code: 'CONFLICT', message: ALREADY_REGISTERED, fields: { email: 'That email is already registered' } }),
  USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL: () => ({ code: 'CONFLICT', message: ALREADY_REGISTERED, fields: { email: 'That email is already registered' } }),
  INVALID_EMAIL_OR_PASSWORD: () => ({ code: 'UNAUTHENTICATED', message: WRONG_CREDENTIALS }),
  INVALID_EMAIL: () => ({ code: 'VALIDATION_FAILED', message: INVALID_EMAIL, fields: { email: INVALID_EMAIL } }),
  PASSWORD_TOO_SHORT: (path) => ({ code: 'VALIDATION_FAILED', message: TOO_SHORT, fields: { [passwordField(path)]: TOO_SHORT } }),
  PASSWORD_TOO_LONG: (path) => ({ code: 'VALIDATION_FAILED', message: TOO_LONG, fields: { [passwordField(path)]: TOO_LONG } }),
  INVALID_PASSWORD: (path) =>
    /\/sign-up\//.test(path)
      ? { code: 'VALIDATION_FAILED', message: 'Enter a password.', fields: { password: 'Enter a password.' } }
      : {
          code: 'VALIDATION_FAILED',
          message: 'That password is incorrect. Check it and try again.',
          fields: { [/\/change-password$/.test(path) ? 'currentPassword' : 'password']: 'That password is incorrect' },
        },
  [ACCOUNT_DISABLED]: () => ({ code: 'FORBIDDEN', message: ACCOUNT_DISABLED_MESSAGE }),
  INVALID_ORIGIN: () => ({ code: 'CSRF_REJECTED', message: CROSS_SITE }),
  MISSING_OR_NULL_ORIGIN: () => ({ code: 'CSRF_REJECTED', message: CROSS_SITE }),
  CROSS_SITE_NAVIGATION_LOGIN_BLOCKED: () => ({ code: 'CSRF_REJECTED', message: CROSS_SITE }),
  UNAUTHORIZED: () => ({ code: 'UNAUTHENTICATED', message: NOT_SIGNED_IN }),
  SESSION_EXPIRED: () => ({ code: 'UNAUTHENTICATED', message: 'Your session has expired. Log in again and try again.' }),
  SESSION_NOT_FRESH: () => ({ code: 'UNAUTHENTICATED', message: 'For your security, log in again before doing this.' }),
  INVALID_TOKEN: () => ({ code: 'VALIDATION_FAILED', message: 'That link is not valid or has expired. Ask for a new one.' }),
  TOKEN_EXPIRED: () => ({ code: 'VALIDATION_FAILED', message: 'That link is not valid or has expired. Ask for a new one.' }),
  // From the reset-links plugin (reset-links.ts), which says why a reset link failed.
  RESET_LINK_EXPIRED: deadLink('expired'),
  RESET_LINK_USED: deadLink('used'),
  RESET_LINK_INVALID: deadLink('invalid'),
  USER_NOT_FOUND: (path) =>
    /\/reset-password$/.test(path) ? deadLink('invalid')(path) : { code: 'NOT_FOUND', message: 'There is no account for that. Check what you entered and try again.' },
  EMAIL_ALREADY_VERIFIED: () => ({ code: 'CONFLICT', message: 'Your email address is already confirmed. There is nothing more to do.' }),
  EMAIL_MISMATCH: () => ({ code: 'VALIDATION_FAILED', message: 'A verification email can only go to the address of the account you are logged in with. Reload the page and try again.' }),
  CREDENTIAL_ACCOUNT_NOT_FOUND: () => ({
    code: 'VALIDATION_FAILED',
    message: 'This account has no password yet. Log out and use "Forgot password?" on the login page to choose one.',
  }),
};

/**
 * Codes our own better-auth plugins throw with words we wrote (they name the league's identity provider, so they
 * cannot be fixed here): the message goes out as it is, under the code its status stands for.
 */
const OWN_WORDS = new Set(['PASSWORD_SIGN_UP_OFF', 'ID_TOKEN_SIGN_IN_REFUSED']);

/** Codes better-auth uses when the request body does not match its schema. */
const SCHEMA_CODES = new Set(['VALIDATION_ERROR', 'MISSING_FIELD', 'FIELD_NOT_ALLOWED', 'BODY_MUST_BE_AN_OBJECT']);

const LABELS: Record<string, string> = {
  name: 'your name',
  email: 'your email address',
  password: 'a password',
  newPassword: 'a new password',
  currentPassword: 'your current password',
};

/** One field's message from better-auth's schema error text, in our words. */
function fieldMessage(field: string, raw: string): string {
  const missing = /received undefined|required/i.test(raw);
  if (field === 'email' && !missing) return INVALID_EMAIL;
  const label = LABELS[field];
  if (label) return `Enter ${label}.`;
  return missing ? `Fill in "${field}" and try again.` : `Check "${field}": ${raw.trim()}.`;
}

/** better-auth's schema errors read "[body.email] Invalid email address; [body.password] Invalid input: …". */
function schemaTranslation(message: string | undefined): Translation {
  const fields: Record<string, string> = {};
  for (const match of (message ?? '').matchAll(/\[body\.([\w.]+)\]\s*([^;]*)/g)) {
    const field = match[1]!;
    fields[field] ??= fieldMessage(field, match[2] ?? '');
  }
  const messages = Object.values(fields);
  if (messages.length === 0) return { code: 'VALIDATION_FAILED', message: CHECK_INPUT };
  return { code: 'VALIDATION_FAILED', message: messages.join(' '), fields };
}

/** The code a status stands for when better-auth's code is not one we know. */
function codeForStatus(status: number): ErrorCode {
  if (status === 401) return 'UNAUTHENTICATED';
  if (status === 403) return 'FORBIDDEN';
  if (status === 404 || status === 405) return 'NOT_FOUND';
  if (status === 409) return 'CONFLICT';
  if (status === 429) return 'RATE_LIMITED';
  if (status === 503) return 'UNAVAILABLE';
  if (status >= 500) return 'INTERNAL';
  return 'VALIDATION_FAILED';
}

function fallback(status: number, message: string | undefined, method: string, path: string): Translation {
  const code = codeForStatus(status);
  switch (code) {
    case 'UNAUTHENTICATED':
      return { code, message: NOT_SIGNED_IN };
    case 'NOT_FOUND':
      return { code, message: `There is no API route ${method} ${path}.` };
    case 'RATE_LIMITED':
      return { code, message: 'Too many attempts. Wait a minute and try again.' };
    case 'UNAVAILABLE':
      return { code, message: 'The service is not available right now. Try again in a moment.' };
    case 'INTERNAL':
      // Never better-auth's own words for a 5xx: they can describe internals.
      return { code, message: INTERNAL };
    default: {
      // A 4xx of better-auth's we have no words for: its message is about the request, so it is safe to show.
      const said = message?.trim().replace(/\.$/, '');
      return { code, message: said ? `${said}. Check what you entered and try again.` : CHECK_INPUT };
    }
  }
}

/**
 * Our error for one better-auth error: `status` is the HTTP status it answered with, `authCode` and
 * `authMessage` its body, `path` the URL path of the request (used to name the field at fault).
 */
export function translateAuthError(input: { status: number; authCode?: string | undefined; authMessage?: string | undefined; method: string; path: string }): AppError {
  const { status, authCode, authMessage, method, path } = input;
  let t: Translation;
  if (status === 429) t = fallback(429, authMessage, method, path);
  else if (status >= 500) t = fallback(status, authMessage, method, path);
  else if (authCode && OWN_WORDS.has(authCode) && authMessage) t = { code: codeForStatus(status), message: authMessage };
  else if (authCode && Object.hasOwn(RULES, authCode)) t = RULES[authCode]!(path);
  else if (authCode && SCHEMA_CODES.has(authCode)) t = schemaTranslation(authMessage);
  else t = fallback(status, authMessage, method, path);
  const details = { ...t.details, ...(t.fields ? { fields: t.fields } : {}) };
  return new AppError(t.code, t.message, Object.keys(details).length > 0 ? details : undefined);
}
