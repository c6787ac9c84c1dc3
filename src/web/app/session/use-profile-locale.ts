import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback, useEffect } from 'react';
import type { Locale } from '../../../shared/i18n/locales';
import { activeLocale, translate, useLocale } from '../../lib/i18n';
import { toast } from '../../lib/toast';
import { storeProfile, updateProfile } from './update-profile';
import { useSession } from './use-session';

/**
 * Which person's saved language was last seen, per query client (the app has one; each test its own): the switch
 * below happens when a profile arrives or its language changes, not each time the shell is drawn again (a new
 * language draws the whole app anew, and the profile may not say the new choice yet).
 */
const seen = new WeakMap<QueryClient, string>();

/**
 * On sign-in and when the session loads (decision 038): a profile that names a language other than the one on
 * screen switches the app to it. A visitor's choice stays the browser's (lib/i18n `rememberLocale`).
 */
export function useProfileLocale(): void {
  const queryClient = useQueryClient();
  const { setLocale } = useLocale();
  const profile = useSession().session?.profile;
  const id = profile?.id ?? null;
  const wanted = profile?.locale ?? null;
  useEffect(() => {
    if (!id) {
      // Signed out: the next sign-in, even by the same person, applies their language again.
      seen.delete(queryClient);
      return;
    }
    const key = `${id}|${wanted ?? ''}`;
    if (seen.get(queryClient) === key) return;
    seen.set(queryClient, key);
    if (wanted && wanted !== activeLocale()) void setLocale(wanted).catch(() => undefined);
  }, [queryClient, id, wanted, setLocale]);
}

/**
 * Choosing a language (the footer's switch, the Profile page): the app changes at once; a signed-in person's choice
 * is saved to their profile too (PATCH /api/me), so it follows them to other browsers and their emails, with a toast
 * in the new language.
 */
export function useChooseLocale(): { locale: Locale; choose: (next: Locale) => Promise<void> } {
  const queryClient = useQueryClient();
  const { locale, setLocale } = useLocale();
  const auth = useSession();
  const profile = auth.status === 'signed-in' ? auth.session.profile : null;
  const choose = useCallback(
    async (next: Locale) => {
      const save = profile && profile.locale !== next ? updateProfile({ locale: next }).then((saved) => ({ saved }), (error: unknown) => ({ error })) : null;
      try {
        if (next !== activeLocale()) await setLocale(next);
      } catch {
        // The new language's words could not be downloaded (offline): the page stays as it was.
        toast.error(translate('common', 'api.network'));
      }
      if (!save) return;
      const outcome = await save;
      if ('saved' in outcome) {
        storeProfile(queryClient, outcome.saved);
        toast.success(translate('common', 'language.saved'));
      } else {
        toast.error(translate('common', 'language.saveFailed', { error: outcome.error instanceof Error ? outcome.error.message : String(outcome.error) }));
      }
    },
    [profile, queryClient, setLocale],
  );
  return { locale, choose };
}
