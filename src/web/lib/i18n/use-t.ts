import { use, useCallback } from 'react';
import type { MessageKey, MessageValues, Namespace } from '../../../shared/i18n/catalogues';
import { i18n, isLoaded, namespaceReady } from './i18n';
import { useLocale } from './locale-provider';

export type Translate<N extends Namespace> = (key: MessageKey<N>, values?: MessageValues) => string;

/**
 * The words of one namespace in the person's language: `const { t } = useT('bookings'); t('book', { field })`.
 * The first component that asks for a namespace not yet loaded suspends until its catalogue arrives (the page's
 * Suspense shows "Loading…"), so no English flashes before the Spanish.
 */
export function useT<N extends Namespace>(ns: N): { t: Translate<N>; locale: ReturnType<typeof useLocale>['locale'] } {
  const { locale } = useLocale();
  if (!isLoaded(locale, ns)) use(namespaceReady(locale, ns));
  const t = useCallback<Translate<N>>(
    (key, values) => i18n._(`${ns}.${key}`, values as Record<string, unknown> | undefined),
    // The locale is a dependency on purpose: a new language is a new function, so memoised children re-render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [ns, locale],
  );
  return { t, locale };
}

/**
 * Waits (suspends) for a namespace the component words through `apiWords` or `translate` rather than `t`, when it
 * will show some: My Reservations' cancel cutoff in the errors catalogue, only for a coach who may cancel.
 */
export function useNamespace(ns: Namespace, wanted = true): void {
  const { locale } = useLocale();
  if (wanted && !isLoaded(locale, ns)) use(namespaceReady(locale, ns));
}
