import { createContext, Fragment, use, useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { whenIdle } from '../when-idle';
import { I18nProvider } from '@lingui/react';
import { DEFAULT_LOCALE, type Locale } from '../../../shared/i18n/locales';
import { activate, activeLocale, i18n, loadedNamespaces, loadNamespace, rememberLocale } from './i18n';

interface LocaleState {
  locale: Locale;
  /** Switches the language: loads the words of what is on screen first, so the page changes at once. */
  setLocale: (locale: Locale) => Promise<void>;
}

const LocaleContext = createContext<LocaleState | null>(null);

export function LocaleProvider({ children }: { children: ReactNode }) {
  const [locale, setState] = useState<Locale>(activeLocale);
  const setLocale = useCallback(async (next: Locale) => {
    rememberLocale(next);
    // With the errors catalogue: an error on screen came in the other language, and is worded anew from its key.
    await activate(next, [...new Set([...loadedNamespaces(activeLocale()), 'errors' as const])]);
    setState(next);
  }, []);
  // The server's errors, worded here from their key and values (api-client.ts): loaded once the page is idle. The
  // server words them in the language each request asks for, so English, the language it falls back to, needs no
  // catalogue until a switch (its 9.7 kB stay off an English reader's first screen).
  useEffect(() => {
    if (locale !== DEFAULT_LOCALE) whenIdle(() => void loadNamespace(locale, 'errors').catch(() => undefined));
  }, [locale]);
  const value = useMemo(() => ({ locale, setLocale }), [locale, setLocale]);
  return (
    <LocaleContext value={value}>
      <I18nProvider i18n={i18n}>
        {/* A new language draws the app anew: every word and date on screen, not only the components that ask. */}
        <Fragment key={locale}>{children}</Fragment>
      </I18nProvider>
    </LocaleContext>
  );
}

export function useLocale(): LocaleState {
  const state = use(LocaleContext);
  if (!state) throw new Error('useLocale needs a LocaleProvider (app/providers.tsx)');
  return state;
}
