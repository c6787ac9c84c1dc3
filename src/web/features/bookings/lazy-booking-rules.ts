import { useEffect, useSyncExternalStore } from 'react';
import type { checkBooking } from '../../../shared/bookings/booking-rules';

/*
 * The booking rules (shared/bookings/booking-rules.ts) compute with Temporal: the browser's own, or the polyfill
 * (18 kB brotli) where there is none (lib/temporal-native-first.ts). Book a Field needs them only for a person
 * who can book (to say why a slot cannot be, before the click): they load beside the week for them, and never
 * for a visitor.
 */
export type CheckBooking = typeof checkBooking;

export type RulesState = { status: 'idle' | 'loading' | 'failed'; checkBooking: null } | { status: 'ready'; checkBooking: CheckBooking };

let state: RulesState = { status: 'idle', checkBooking: null };
const listeners = new Set<() => void>();

function set(next: RulesState) {
  state = next;
  for (const listener of listeners) listener();
}

/** Starts loading the rules once (again after a failure). */
export function loadBookingRules(): void {
  if (state.status === 'loading' || state.status === 'ready') return;
  set({ status: 'loading', checkBooking: null });
  Promise.all([import('../../lib/temporal-native-first').then((temporal) => temporal.loadTemporal()), import('../../../shared/bookings/booking-rules')]).then(
    ([, rules]) => set({ status: 'ready', checkBooking: rules.checkBooking }),
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
