import { createContext, Fragment, use, useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { whenIdle } from '../when-idle';
import { I18nProvider } from '@lingui/react';
import type { Locale } from '../../../shared/i18n/locales';
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
    await activate(next, loadedNamespaces(activeLocale()));
    setState(next);
  }, []);
  // The server's errors, worded here from their key and values (api-client.ts): loaded once the page is idle.
  useEffect(() => {
    whenIdle(() => void loadNamespace(locale, 'errors').catch(() => undefined));
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
