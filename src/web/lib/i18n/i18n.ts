import { setupI18n } from '@lingui/core';
import type { CompiledCatalogue } from '../../../shared/i18n/compile';
import type { MessageKey, MessageValues, Namespace } from '../../../shared/i18n/catalogues';
import { DEFAULT_LOCALE, INTL_LOCALE, isLocale, pickLocale, type Locale } from '../../../shared/i18n/locales';

/**
 * The web app's words (decision 038): Lingui's runtime over the catalogues in src/shared/i18n/locales, compiled at
 * build time (scripts/vite-catalogues.ts). Each namespace is a chunk of its own, loaded the first time a page asks
 * for it in the active language; the English words of the first screens come with the app.
 */
export const i18n = setupI18n();

const lazy = import.meta.glob<CompiledCatalogue>('../../../shared/i18n/locales/*/*.json', { import: 'default' });
/** The words `/` and `/slots` draw with, in the first screen's JavaScript: no request before the first paint. */
const eager = import.meta.glob<CompiledCatalogue>('../../../shared/i18n/locales/en/{common,landing,bookings}.json', {
  import: 'default',
  eager: true,
});

const fileOf = (locale: Locale, ns: string) => `../../../shared/i18n/locales/${locale}/${ns}.json`;
const loaded = new Set<string>();
const loading = new Map<string, Promise<void>>();

for (const [file, messages] of Object.entries(eager)) {
  const ns = /\/([a-z0-9-]+)\.json$/.exec(file)?.[1];
  if (ns) {
    i18n.load('en', messages);
    loaded.add(`en/${ns}`);
  }
}
// English until main.tsx (or a test) activates the person's language: its first words need no request.
i18n.activate('en');

export function isLoaded(locale: Locale, ns: Namespace): boolean {
  return loaded.has(`${locale}/${ns}`);
}

/** Loads one namespace in one language, once; resolves when its words are in the runtime. */
export function loadNamespace(locale: Locale, ns: Namespace): Promise<void> {
  const id = `${locale}/${ns}`;
  if (loaded.has(id)) return Promise.resolve();
  let pending = loading.get(id);
  if (!pending) {
    const load = lazy[fileOf(locale, ns)];
    if (!load) throw new Error(`No catalogue ${id}: add src/shared/i18n/locales/${id}.json`);
    pending = load().then(
      (messages) => {
        i18n.load(locale, messages);
        loaded.add(id);
        loading.delete(id);
      },
      (err: unknown) => {
        loading.delete(id);
        throw err;
      },
    );
    loading.set(id, pending);
  }
  return pending;
}

type Tracked = Promise<void> & { status?: 'pending' | 'fulfilled' | 'rejected'; value?: undefined; reason?: unknown };
const ready = new Map<string, Tracked>();

/**
 * One promise per namespace and language, the same object every time, marked with its state as React's `use()`
 * reads it: a loaded namespace is a fulfilled promise, so `use()` returns at once, in every render.
 */
export function namespaceReady(locale: Locale, ns: Namespace): Promise<void> {
  const id = `${locale}/${ns}`;
  let promise = ready.get(id);
  if (!promise) {
    if (loaded.has(id)) {
      promise = Object.assign(Promise.resolve(), { status: 'fulfilled' as const, value: undefined });
    } else {
      const tracked: Tracked = loadNamespace(locale, ns);
      tracked.status = 'pending';
      tracked.then(
        () => {
          tracked.status = 'fulfilled';
        },
        (reason: unknown) => {
          tracked.status = 'rejected';
          tracked.reason = reason;
          // A failed load (the network) is tried again by the next render, not remembered.
          ready.delete(id);
        },
      );
      promise = tracked;
    }
    ready.set(id, promise);
  }
  return promise;
}

/** The namespaces loaded so far in a language: what a switch must load in the other before it shows. */
export function loadedNamespaces(locale: Locale): Namespace[] {
  return [...loaded].filter((id) => id.startsWith(`${locale}/`)).map((id) => id.slice(locale.length + 1) as Namespace);
}

export function activeLocale(): Locale {
  return isLocale(i18n.locale) ? i18n.locale : DEFAULT_LOCALE;
}

/** Intl's tag for the active language ("en-US", "es-US"), for dates and numbers. */
export function intlLocale(): string {
  return INTL_LOCALE[activeLocale()];
}

/**
 * A message in the active language, outside a component (a toast after a request, an error's words). The namespace
 * must be loaded already; until it is, the key itself is returned, which a test would catch.
 */
export function translate<N extends Namespace>(ns: N, key: MessageKey<N>, values?: MessageValues): string {
  return i18n._(`${ns}.${key}`, values as Record<string, unknown> | undefined);
}

/**
 * Words the API sent with their key (a refusal in Book a Field's context, decision 038): from the errors catalogue in
 * the active language when it is loaded, else the server's own words. A switch of language re-renders with the new.
 */
export function apiWords(words: { message: string; key?: string | undefined; params?: Record<string, unknown> | undefined }): string {
  const id = words.key ? `errors.${words.key}` : null;
  return id && hasMessage(id) ? i18n._(id, words.params) : words.message;
}

/** Whether a message exists in the active language (an API error's key the web may not know yet). */
export function hasMessage(id: string): boolean {
  return i18n.messages[id] !== undefined;
}

const STORAGE_KEY = 'cgsl.locale';

/** The language to start in: the one chosen on this browser before, else the browser's own. */
export function initialLocale(): Locale {
  try {
    const saved = localStorage.getItem(STORAGE_KEY);
    if (isLocale(saved)) return saved;
  } catch {
    // Storage blocked (private mode, a policy): the browser's language.
  }
  return pickLocale(typeof navigator === 'undefined' ? [] : navigator.languages ?? [navigator.language]);
}

export function rememberLocale(locale: Locale): void {
  try {
    localStorage.setItem(STORAGE_KEY, locale);
  } catch {
    // Not kept on this browser: the profile still holds a signed-in person's choice.
  }
}

/** Makes a language the active one, once its namespaces are loaded; sets the page's lang for screen readers. */
export async function activate(locale: Locale, namespaces: readonly Namespace[]): Promise<void> {
  await Promise.all(namespaces.map((ns) => loadNamespace(locale, ns)));
  i18n.activate(locale);
  if (typeof document !== 'undefined') document.documentElement.lang = locale;
}
