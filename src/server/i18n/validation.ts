import { z } from 'zod';
import type { Locale } from '../../shared/i18n/locales';
import { validationWords, type ValidationKey } from '../../shared/i18n/validation-words';
import { words } from './words';

/** One problem of a request that failed its schema, as the VALIDATION_FAILED answer lists it (`details`). */
export interface ValidationDetail {
  /** Where: "email", "teams.0.preferences" ('' for the request as a whole). */
  path: string;
  /** What to do, in the request's language. */
  message: string;
  /** The message's key in the `validation` catalogue and its values, when it is one of the schemas' own messages. */
  key?: ValidationKey;
  params?: Record<string, string>;
}

/** What fastify-type-provider-zod hands the error handler per issue: zod's message, code and the issue's facts. */
export interface SchemaIssue {
  instancePath: string;
  keyword: string;
  message?: string | undefined;
  params?: Record<string, unknown> | undefined;
}

const zodLocales: Partial<Record<Locale, z.core.$ZodErrorMap>> = { en: z.locales.en().localeError, es: z.locales.es().localeError };

const textOf = (answer: ReturnType<z.core.$ZodErrorMap>): string | null => (typeof answer === 'string' ? answer : (answer?.message ?? null));

/**
 * zod's own words for an issue the schema gave no message for ("Invalid input: expected string, received undefined"),
 * in a language: only when the English is exactly what zod writes for these facts (the issue's input is not kept,
 * so a message that named it is left as it was).
 */
function zodDefaultIn(locale: Locale, issue: SchemaIssue, english: string): string | null {
  const map = zodLocales[locale];
  if (!map || locale === 'en') return null;
  const raw = { code: issue.keyword, ...(issue.params ?? {}) } as Parameters<z.core.$ZodErrorMap>[0];
  try {
    return textOf(zodLocales.en!(raw)) === english ? textOf(map(raw)) : null;
  } catch {
    return null;
  }
}

/** One issue in the request's language: the validation catalogue's words for a schema's message (with its key). */
export function validationDetail(issue: SchemaIssue, locale: Locale): ValidationDetail {
  const path = issue.instancePath.replace(/^\//, '').replaceAll('/', '.');
  const english = issue.message ?? words('en', 'validation', 'fallback.invalidValue');
  const found = validationWords(english);
  if (found) return { path, message: words(locale, 'validation', found.key, found.params), key: found.key, params: found.params };
  return { path, message: zodDefaultIn(locale, issue, english) ?? (issue.message ? english : words(locale, 'validation', 'fallback.invalidValue')) };
}

/** The answer's message: the first problem, where it is ("Please check "email": Enter your email address"). */
export function validationSummary(details: ValidationDetail[], locale: Locale): string {
  const first = details[0];
  if (!first) return words(locale, 'validation', 'summary.invalid');
  return first.path
    ? words(locale, 'validation', 'summary.field', { field: first.path, message: first.message })
    : words(locale, 'validation', 'summary.request', { message: first.message });
}
