import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { validationWords } from '../../shared/i18n/validation-words';
import { DEFAULT_LOCALE } from '../../shared/i18n/locales';
import { ApiError } from './api-client';
import { activeLocale, loadNamespace, translate, type Translate } from './i18n';

/**
 * A shared schema's message (written in English: 'Enter your email address') in the active language, found in the
 * `validation` catalogue by its English words (shared/i18n/validation-words.ts); a message it lacks shows as it is.
 */
export function validationMessage(message: string, t: Translate<'validation'>): string {
  const found = validationWords(message);
  return found ? t(found.key, found.params) : message;
}

/**
 * A resolver's field errors with every message in the active language: nested fields and array items too, and the
 * `types` of a field that collects all its problems. Each error's `ref` (the input) is kept as it is.
 */
export function wordFieldErrors<E>(errors: E, t: Translate<'validation'>): E {
  if (!errors || typeof errors !== 'object') return errors;
  if (Array.isArray(errors)) return errors.map((e: unknown) => wordFieldErrors(e, t)) as E;
  const out: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(errors as Record<string, unknown>)) {
    if (name === 'ref') out[name] = value;
    else if (name === 'message' && typeof value === 'string') out[name] = validationMessage(value, t);
    else if (name === 'types' && value && typeof value === 'object') {
      out[name] = Object.fromEntries(Object.entries(value).map(([k, v]) => [k, typeof v === 'string' ? validationMessage(v, t) : v]));
    } else out[name] = wordFieldErrors(value, t);
  }
  return out as E;
}

/**
 * A resolver's field errors in the active language. The schemas write English, so English needs nothing; another
 * language loads its `validation` words first (once; a check waits a moment for them, the page never suspends), and
 * when they cannot load (offline before the app was saved) the English shows.
 */
export async function fieldErrorsInActiveLanguage<E>(errors: E): Promise<E> {
  const locale = activeLocale();
  if (locale === DEFAULT_LOCALE) return errors;
  try {
    await loadNamespace(locale, 'validation');
  } catch {
    return errors;
  }
  return wordFieldErrors(errors, (key, values) => translate('validation', key, values));
}

/**
 * Puts the server's field errors (`details.fields`) next to the fields they belong to. Returns the message
 * for the form as a whole, or null when every problem is already shown at its field. The server words its
 * answers in the person's language already (the app sends it as Accept-Language).
 */
export function applyServerErrors<T extends FieldValues>(
  err: unknown,
  setError: UseFormSetError<T>,
  fields: readonly Path<T>[],
): string | null {
  if (!(err instanceof ApiError)) return err instanceof Error ? err.message : translate('common', 'error.generic');
  let shownAtField = false;
  for (const [name, message] of Object.entries(err.fieldErrors)) {
    const field = fields.find((f) => f === name);
    if (field) {
      setError(field, { type: 'server', message }, { shouldFocus: !shownAtField });
      shownAtField = true;
    }
  }
  return shownAtField ? null : err.message;
}
