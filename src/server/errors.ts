import { type ApiErrorBody, type ERROR_CODES } from '../shared/errors/api-error';
import type { MessageKey } from '../shared/i18n/catalogues';
import { formatDay } from '../shared/bookings/booking-rules';
import { INTL_LOCALE, type Locale } from '../shared/i18n/locales';
import { formatDateTime, formatWeekdayDay } from '../shared/time/date-words';
import { words } from './i18n/words';

export type ErrorCode = (typeof ERROR_CODES)[keyof typeof ERROR_CODES];

const STATUS: Record<ErrorCode, number> = {
  VALIDATION_FAILED: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  CSRF_REJECTED: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  QUOTA_EXCEEDED: 402,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RULE_VIOLATION: 422,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  UNAVAILABLE: 503,
};

/**
 * A value in an error's words: text or a number as it is; the words of another message of the errors catalogue,
 * worded in the same language (a booking refusal inside "Swap refused for {team}: {reason}"); or a value written per
 * language, such as a date ("Sat Nov 28, 9:00 am" / "sáb 28 nov, 9:00 a.m."), worded when the language is known.
 */
export type ErrorParam = string | number | ErrorWords | ((locale: Locale) => string | number);

/** An error's words by key in the errors catalogue (src/shared/i18n/locales/<lang>/errors.json) and their values. */
export interface ErrorWords {
  key: MessageKey<'errors'>;
  params?: Readonly<Record<string, ErrorParam>>;
}

const isWords = (value: unknown): value is ErrorWords => typeof value === 'object' && value !== null && typeof (value as ErrorWords).key === 'string';

/**
 * The values of an error's words in a language, as the API answer carries them (`error.params`): each message inside
 * it and each value written per language already worded in that language, so `params` words `key` as `message` reads.
 */
export function paramsIn(locale: Locale, params: ErrorWords['params']): Record<string, string | number> {
  const out: Record<string, string | number> = {};
  for (const [name, value] of Object.entries(params ?? {})) {
    out[name] = typeof value === 'function' ? value(locale) : isWords(value) ? wordsIn(locale, value) : value;
  }
  return out;
}

/** An error's words in a language. */
export function wordsIn(locale: Locale, w: ErrorWords): string {
  return words(locale, 'errors', w.key, paramsIn(locale, w.params));
}

/**
 * An answer in a language (decision 038): `{ error: { code, message, details?, key, params } }`, the message and its
 * key in the errors catalogue with its values, each value worded in that language too, so the web app words `key`
 * with `params` as `message` reads.
 */
export function keyedBody(code: string, w: ErrorWords, locale: Locale, details?: unknown): ApiErrorBody {
  return { error: { code, message: wordsIn(locale, w), ...(details === undefined ? {} : { details }), key: w.key, params: paramsIn(locale, w.params) } };
}

/**
 * Words made by a function of the language (a booking refusal of shared/bookings/booking-rules.ts `refusalWords`,
 * whose dates and lists are written per language) as one ErrorWords: the key is the same in every language, each
 * value is worded when the language is known.
 */
export function wordsPerLocale(make: (locale: Locale) => { key: MessageKey<'errors'>; params?: Readonly<Record<string, string | number>> }): ErrorWords {
  const { key, params } = make('en');
  return { key, params: Object.fromEntries(Object.keys(params ?? {}).map((name) => [name, (locale: Locale) => make(locale).params![name]!])) };
}

/** Values written per language, for an error's words. */

/** An instant in the league's zone: "Sat Nov 28, 9:00 am" / "sáb 28 nov, 9:00 a.m.". */
export const dateTimeParam = (at: Date | string, timeZone: string) => (locale: Locale) => formatDateTime(at, timeZone, locale);

/** A league calendar day ("YYYY-MM-DD"): "Tue, Apr 7" / "mar 7 abr". */
export const dayParam = (isoDay: string) => (locale: Locale) => (locale === 'en' ? formatDay(isoDay) : formatWeekdayDay(isoDay, locale));

/** A count as the language writes it: "1,234" / "1,234" (es-US). */
export const numberParam = (n: number) => (locale: Locale) => n.toLocaleString(INTL_LOCALE[locale]);

/** Names joined as a sentence says them: "12U and 14U" / "12U y 14U". */
export const listParam = (items: readonly string[], type: 'conjunction' | 'disjunction' = 'conjunction') => (locale: Locale) =>
  new Intl.ListFormat(INTL_LOCALE[locale], { style: 'long', type }).format(items);

/**
 * An error meant for the person using the app: the message says what happened and what to do. Given its words by
 * key (`new AppError('NOT_FOUND', { key: 'bookings.fieldClosed', params: { field } })`), the answer carries the key and values
 * for the web app to word in the person's language, and a message in the language the request asked for
 * (decision 038); `message` itself is the English, for logs and tests.
 */
export class AppError extends Error {
  public readonly words?: ErrorWords;

  constructor(
    public readonly code: ErrorCode,
    message: string | ErrorWords,
    public readonly details?: unknown,
  ) {
    super(typeof message === 'string' ? message : wordsIn('en', message));
    this.name = 'AppError';
    if (typeof message !== 'string') this.words = message;
  }

  /** The message in a language: the catalogue's words when the error has them, else the one message it was made with. */
  messageIn(locale: Locale): string {
    return this.words ? wordsIn(locale, this.words) : this.message;
  }

  get statusCode(): number {
    return STATUS[this.code];
  }
}

export const notSignedIn = () => new AppError('UNAUTHENTICATED', { key: 'notSignedIn' });
export const notAdmin = () => new AppError('FORBIDDEN', { key: 'notAdmin' });
