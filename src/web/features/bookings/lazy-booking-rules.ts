import { useEffect, useSyncExternalStore } from 'react';
import type { BookingCheck, RuleResult } from '../../../shared/bookings/booking-rules';
import { activeLocale, apiWords, isLoaded, loadNamespace } from '../../lib/i18n';
import type { Locale } from '../../../shared/i18n/locales';

/*
 * The booking rules (shared/bookings/booking-rules.ts) compute with Temporal: the browser's own, or the polyfill
 * (18 kB brotli) where there is none (lib/temporal-native-first.ts). Book a Field needs them only for a person
 * who can book (to say why a slot cannot be, before the click): they load beside the week for them, and never
 * for a visitor.
 */
/** The server's rule on one slot, a refusal worded in the person's language (the errors catalogue's refusal keys). */
export type CheckBooking = (check: BookingCheck) => RuleResult;

export type RulesState = { status: 'idle' | 'loading' | 'failed'; checkBooking: null } | { status: 'ready'; checkBooking: CheckBooking };

let state: RulesState = { status: 'idle', checkBooking: null };

/**
 * A refusal's words in `locale`. English needs no catalogue: the rules' own words are the English ones (the errors
 * catalogue's 9.7 kB stays off an English coach's first screen). Another language loads the errors catalogue.
 */
function refusalCatalogue(locale: Locale): Promise<void> {
  return locale === 'en' ? Promise.resolve() : loadNamespace(locale, 'errors');
}
const listeners = new Set<() => void>();

function set(next: RulesState) {
  state = next;
  for (const listener of listeners) listener();
}

/** Starts loading the rules once (again after a failure). */
export function loadBookingRules(): void {
  if (state.status === 'loading' || state.status === 'ready') return;
  set({ status: 'loading', checkBooking: null });
  const locale = activeLocale();
  Promise.all([
    import('../../lib/temporal-native-first').then((temporal) => temporal.loadTemporal()),
    import('../../../shared/bookings/booking-rules'),
    // A refusal's words by key (decision 038).
    refusalCatalogue(locale),
  ]).then(
    ([, rules]) =>
      set({
        status: 'ready',
        checkBooking: (check) => {
          const judged = rules.judgeBooking(check);
          if (judged.ok) return judged;
          const now = activeLocale();
          // Switched from English since: the words arrive, and the page asks again (English until then).
          if (now !== 'en' && !isLoaded(now, 'errors')) void refusalCatalogue(now).then(() => state.status === 'ready' && set({ ...state }), () => undefined);
          const words = rules.refusalWords(judged.refusal, now);
          return { ok: false, code: judged.refusal.code, message: apiWords({ message: rules.refusalMessage(judged.refusal), ...words }) };
        },
      }),
    (err: unknown) => {
      // Booking still works: the server judges each booking, and says why when it refuses one.
      console.error('The booking rules could not be loaded', err);
      set({ status: 'failed', checkBooking: null });
    },
  );
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => void listeners.delete(listener);
};

/** The rules, loading them when `wanted`. */
export function useBookingRulesCheck(wanted: boolean): RulesState {
  const current = useSyncExternalStore(subscribe, () => state, () => state);
  useEffect(() => {
    if (wanted) loadBookingRules();
  }, [wanted]);
  return current;
}
