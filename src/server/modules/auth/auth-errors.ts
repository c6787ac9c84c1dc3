import { AppError, wordsIn, type ErrorCode, type ErrorWords } from '../../errors';
import { words } from '../../i18n/words';
import type { DeadResetLinkStatus } from '../../../shared/auth/auth.schemas';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../../../shared/constants';
import { DEFAULT_LOCALE, type Locale } from '../../../shared/i18n/locales';

/**
 * better-auth answers with its own error codes (PASSWORD_TOO_SHORT, VALIDATION_ERROR, ACCOUNT_DISABLED, …).
 * The API promises only the codes of `ERROR_CODES` (src/shared/errors/api-error.ts), so every one of them is
 * translated here into one of ours, with words that say what happened and what to do, and, where one field
 * is at fault, `details.fields` naming it (the web forms show that message next to the field).
 */

/** Our code for an account an admin disabled (thrown from the session hook in auth.ts). */
export const ACCOUNT_DISABLED = 'ACCOUNT_DISABLED';
export const ACCOUNT_DISABLED_WORDS = { key: 'auth.accountDisabled' } as const;
export const ACCOUNT_DISABLED_MESSAGE = words('en', 'errors', ACCOUNT_DISABLED_WORDS.key);

const ALREADY_REGISTERED: ErrorWords = { key: 'auth.alreadyRegistered' };
const WRONG_CREDENTIALS: ErrorWords = { key: 'auth.wrongCredentials' };
const INVALID_EMAIL: ErrorWords = { key: 'auth.invalidEmail' };
const TOO_SHORT: ErrorWords = { key: 'auth.passwordTooShort', params: { min: PASSWORD_MIN_LENGTH } };
const TOO_LONG: ErrorWords = { key: 'auth.passwordTooLong', params: { max: PASSWORD_MAX_LENGTH } };
const CROSS_SITE: ErrorWords = { key: 'auth.crossSite' };
const NOT_SIGNED_IN: ErrorWords = { key: 'notSignedIn' };
const CHECK_INPUT: ErrorWords = { key: 'auth.checkInput' };
const INTERNAL: ErrorWords = { key: 'server.internal' };
const LINK_INVALID: ErrorWords = { key: 'auth.linkInvalid' };

/** Which request field a password error is about: the new one when changing or resetting it. */
function passwordField(path: string): string {
  return /\/(change-password|reset-password)$/.test(path) ? 'newPassword' : 'password';
}

interface Translation {
  code: ErrorCode;
  words: ErrorWords;
  /** The message beside each field at fault, worded in the request's language. */
  fields?: Record<string, ErrorWords>;
  /** More for the web app beside `fields` (a dead reset link says which kind: `{ link: 'expired' }`). */
  details?: Record<string, unknown>;
}

const DEAD_LINK_WORDS: Record<DeadResetLinkStatus, ErrorWords> = {
  expired: { key: 'auth.resetLinkExpired' },
  used: { key: 'auth.resetLinkUsed' },
  invalid: { key: 'auth.resetLinkInvalid' },
};

/** A reset link that no longer works: the reset page shows the message with a way to ask for a new link. */
const deadLink = (link: DeadResetLinkStatus): Rule => () => ({ code: 'VALIDATION_FAILED', words: DEAD_LINK_WORDS[link], details: { link } });

type Rule = (path: string) => Translation;

const RULES: Record<string, Rule> = {
  USER_ALREADY_EXISTS: () => ({ code: 'CONFLICT', words: ALREADY_REGISTERED, fields: { email: { key: 'auth.alreadyRegisteredField' } } }),
  USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL: () => ({ code: 'CONFLICT', words: ALREADY_REGISTERED, fields: { email: { key: 'auth.alreadyRegisteredField' } } }),
  INVALID_EMAIL_OR_PASSWORD: () => ({ code: 'UNAUTHENTICATED', words: WRONG_CREDENTIALS }),
  INVALID_EMAIL: () => ({ code: 'VALIDATION_FAILED', words: INVALID_EMAIL, fields: { email: INVALID_EMAIL } }),
  PASSWORD_TOO_SHORT: (path) => ({ code: 'VALIDATION_FAILED', words: TOO_SHORT, fields: { [passwordField(path)]: TOO_SHORT } }),
  PASSWORD_TOO_LONG: (path) => ({ code: 'VALIDATION_FAILED', words: TOO_LONG, fields: { [passwordField(path)]: TOO_LONG } }),
  INVALID_PASSWORD: (path) =>
    /\/sign-up\//.test(path)
      ? { code: 'VALIDATION_FAILED', words: { key: 'auth.enterPassword' }, fields: { password: { key: 'auth.enterPassword' } } }
      : {
          code: 'VALIDATION_FAILED',
          words: { key: 'auth.passwordIncorrect' },
          fields: { [/\/change-password$/.test(path) ? 'currentPassword' : 'password']: { key: 'auth.passwordIncorrectField' } },
        },
  [ACCOUNT_DISABLED]: () => ({ code: 'FORBIDDEN', words: ACCOUNT_DISABLED_WORDS }),
  INVALID_ORIGIN: () => ({ code: 'CSRF_REJECTED', words: CROSS_SITE }),
  MISSING_OR_NULL_ORIGIN: () => ({ code: 'CSRF_REJECTED', words: CROSS_SITE }),
  CROSS_SITE_NAVIGATION_LOGIN_BLOCKED: () => ({ code: 'CSRF_REJECTED', words: CROSS_SITE }),
  UNAUTHORIZED: () => ({ code: 'UNAUTHENTICATED', words: NOT_SIGNED_IN }),
  SESSION_EXPIRED: () => ({ code: 'UNAUTHENTICATED', words: { key: 'auth.sessionExpired' } }),
  SESSION_NOT_FRESH: () => ({ code: 'UNAUTHENTICATED', words: { key: 'auth.sessionNotFresh' } }),
  INVALID_TOKEN: () => ({ code: 'VALIDATION_FAILED', words: LINK_INVALID }),
  TOKEN_EXPIRED: () => ({ code: 'VALIDATION_FAILED', words: LINK_INVALID }),
  // From the reset-links plugin (reset-links.ts), which says why a reset link failed.
  RESET_LINK_EXPIRED: deadLink('expired'),
  RESET_LINK_USED: deadLink('used'),
  RESET_LINK_INVALID: deadLink('invalid'),
  USER_NOT_FOUND: (path) => (/\/reset-password$/.test(path) ? deadLink('invalid')(path) : { code: 'NOT_FOUND', words: { key: 'auth.noAccount' } }),
  EMAIL_ALREADY_VERIFIED: () => ({ code: 'CONFLICT', words: { key: 'auth.emailAlreadyVerified' } }),
  EMAIL_MISMATCH: () => ({ code: 'VALIDATION_FAILED', words: { key: 'auth.emailMismatch' } }),
  CREDENTIAL_ACCOUNT_NOT_FOUND: () => ({ code: 'VALIDATION_FAILED', words: { key: 'auth.noPasswordYet' } }),
};

/**
 * Codes our own better-auth plugins throw with words we wrote (they name the league's identity provider, which only
 * the plugin knows): the message goes out under the code its status stands for, by key when it is one of the
 * plugins' own sentences (the provider's name read back from it), else as it is.
 */
const OWN_WORDS: Record<string, (message: string) => ErrorWords> = {
  PASSWORD_SIGN_UP_OFF: (message): ErrorWords => {
    const provider = /Use "Log in with (.+)" instead/.exec(message)?.[1];
    if (provider) return { key: 'auth.passwordSignUpOffProvider', params: { provider } };
    return message === words('en', 'errors', 'auth.passwordSignUpOff') ? { key: 'auth.passwordSignUpOff' } : { key: 'auth.asSaid', params: { message } };
  },
  ID_TOKEN_SIGN_IN_REFUSED: (message): ErrorWords => {
    const provider = /Use "Log in with (.+)" on the login page/.exec(message)?.[1];
    return provider ? { key: 'auth.idTokenRefused', params: { provider } } : { key: 'auth.asSaid', params: { message } };
  },
};

/** Codes better-auth uses when the request body does not match its schema. */
const SCHEMA_CODES = new Set(['VALIDATION_ERROR', 'MISSING_FIELD', 'FIELD_NOT_ALLOWED', 'BODY_MUST_BE_AN_OBJECT']);

const ENTER: Record<string, ErrorWords> = {
  name: { key: 'auth.enterName' },
  email: { key: 'auth.enterEmail' },
  password: { key: 'auth.enterPassword' },
  newPassword: { key: 'auth.enterNewPassword' },
  currentPassword: { key: 'auth.enterCurrentPassword' },
};

/** One field's message from better-auth's schema error text, in our words. */
function fieldMessage(field: string, raw: string): ErrorWords {
  const missing = /received undefined|required/i.test(raw);
  if (field === 'email' && !missing) return INVALID_EMAIL;
  const enter = ENTER[field];
  if (enter) return enter;
  // better-auth's own words for the problem stay as they are (English), inside ours.
  return missing ? { key: 'auth.fillIn', params: { field } } : { key: 'auth.checkField', params: { field, problem: raw.trim() } };
}

/** better-auth's schema errors read "[body.email] Invalid email address; [body.password] Invalid input: …". */
function schemaTranslation(message: string | undefined): Translation {
  const fields: Record<string, ErrorWords> = {};
  for (const match of (message ?? '').matchAll(/\[body\.([\w.]+)\]\s*([^;]*)/g)) {
    const field = match[1]!;
    fields[field] ??= fieldMessage(field, match[2] ?? '');
  }
  const messages = Object.values(fields);
  if (messages.length === 0) return { code: 'VALIDATION_FAILED', words: CHECK_INPUT };
  // Each field's message, one after another: "Enter your email address. Enter a password."
  const joined = messages.reduceRight((rest, first) => ({ key: 'auth.oneThenAnother', params: { first, rest } }));
  return { code: 'VALIDATION_FAILED', words: joined, fields };
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
      return { code, words: NOT_SIGNED_IN };
    case 'NOT_FOUND':
      return { code, words: { key: 'server.noApiRoute', params: { method, path } } };
    case 'RATE_LIMITED':
      return { code, words: { key: 'server.rateLimited' } };
    case 'UNAVAILABLE':
      return { code, words: { key: 'auth.unavailable' } };
    case 'INTERNAL':
      // Never better-auth's own words for a 5xx: they can describe internals.
      return { code, words: INTERNAL };
    default: {
      // A 4xx of better-auth's we have no words for: its message is about the request, so it is safe to show (as
      // better-auth wrote it, in English, inside our words).
      const said = message?.trim().replace(/\.$/, '');
      return { code, words: said ? { key: 'auth.saidCheckInput', params: { said } } : CHECK_INPUT };
    }
  }
}

/**
 * Our error for one better-auth error: `status` is the HTTP status it answered with, `authCode` and
 * `authMessage` its body, `path` the URL path of the request (used to name the field at fault). The words go by key
 * (the answer is in the request's language); the message beside each field at fault (`details.fields`) is in `locale`,
 * the request's language.
 */
export function translateAuthError(input: {
  status: number;
  authCode?: string | undefined;
  authMessage?: string | undefined;
  method: string;
  path: string;
  locale?: Locale;
}): AppError {
  const { status, authCode, authMessage, method, path, locale = DEFAULT_LOCALE } = input;
  let t: Translation;
  if (status === 429) t = fallback(429, authMessage, method, path);
  else if (status >= 500) t = fallback(status, authMessage, method, path);
  else if (authCode && Object.hasOwn(OWN_WORDS, authCode) && authMessage) t = { code: codeForStatus(status), words: OWN_WORDS[authCode]!(authMessage) };
  else if (authCode && Object.hasOwn(RULES, authCode)) t = RULES[authCode]!(path);
  else if (authCode && SCHEMA_CODES.has(authCode)) t = schemaTranslation(authMessage);
  else t = fallback(status, authMessage, method, path);
  const fields = t.fields && Object.fromEntries(Object.entries(t.fields).map(([field, w]) => [field, wordsIn(locale, w)]));
  const details = { ...t.details, ...(fields ? { fields } : {}) };
  return new AppError(t.code, t.words, Object.keys(details).length > 0 ? details : undefined);
}
