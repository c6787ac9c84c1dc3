import { setupI18n } from '@lingui/core';
import { compileCatalogue, type CatalogueSource } from '../../shared/i18n/compile';
import type { MessageKey, MessageValues, Namespace } from '../../shared/i18n/catalogues';
import { acceptLanguages, DEFAULT_LOCALE, INTL_LOCALE, LOCALES, pickLocale, type Locale } from '../../shared/i18n/locales';
import enErrors from '../../shared/i18n/locales/en/errors.json';
import esErrors from '../../shared/i18n/locales/es/errors.json';
import enFeeds from '../../shared/i18n/locales/en/feeds.json';
import esFeeds from '../../shared/i18n/locales/es/feeds.json';
import enMail from '../../shared/i18n/locales/en/mail.json';
import esMail from '../../shared/i18n/locales/es/mail.json';
import enValidation from '../../shared/i18n/locales/en/validation.json';
import esValidation from '../../shared/i18n/locales/es/validation.json';

/**
 * The server's words in the person's language (decision 038), from the same catalogues as the web app: an error's
 * message, an email, a calendar feed's titles. Compiled once at start; a message that is not valid ICU stops the
 * server at start, not at the moment someone would read it.
 */
const SERVER_NAMESPACES = {
  errors: { en: enErrors, es: esErrors },
  mail: { en: enMail, es: esMail },
  feeds: { en: enFeeds, es: esFeeds },
  validation: { en: enValidation, es: esValidation },
} satisfies Partial<Record<Namespace, Record<Locale, CatalogueSource>>>;

export type ServerNamespace = keyof typeof SERVER_NAMESPACES;

/** One runtime per language, each active in its own: a request in Spanish never changes another's English. */
const runtimes = Object.fromEntries(
  LOCALES.map((locale) => {
    const runtime = setupI18n();
    for (const [ns, files] of Object.entries(SERVER_NAMESPACES)) runtime.load(locale, compileCatalogue(ns, files[locale]));
    runtime.activate(locale);
    return [locale, runtime];
  }),
) as Record<Locale, ReturnType<typeof setupI18n>>;

/** One message in one language: `words('es', 'errors', 'slotGone', { field })`. */
export function words<N extends ServerNamespace>(locale: Locale, ns: N, key: MessageKey<N>, values?: MessageValues): string {
  return runtimes[locale]._(`${ns}.${key}`, values as Record<string, unknown> | undefined);
}

/** Whether a key exists (an AppError made with a key the catalogue lacks is a defect a test catches). */
export function hasWords(ns: ServerNamespace, key: string): boolean {
  return `${ns}.${key}` in runtimes[DEFAULT_LOCALE].messages;
}

/** The language a request asks for: the web app sends the person's choice as Accept-Language. */
export function requestLocale(acceptLanguage: string | string[] | undefined): Locale {
  return pickLocale(acceptLanguages(Array.isArray(acceptLanguage) ? acceptLanguage.join(',') : acceptLanguage));
}

/** Intl's tag for a language, for dates and numbers the server writes. */
export const intlTag = (locale: Locale) => INTL_LOCALE[locale];
