import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { refreshBookingData } from './bookings-query-key';

export const EVENTS_URL = '/api/events';
/** Events that arrive together (a block of 40 slots, a burst of bookings) cause one reload, not forty. */
export const COALESCE_MS = 150;
/** When the server refused the stream outright (the browser then stops trying), try again after this. */
export const RECONNECT_MS = 5_000;

/**
 * Keeps the page live: listens to the server's `slots` events (GET /api/events) and reloads the slot weeks,
 * the booking context and the booking lists on each one, so a slot booked elsewhere turns booked within
 * about a second. The browser reconnects by itself after a dropped connection; when it comes back, the
 * page reloads once, since events may have been missed in between.
 */
export function useLiveSlots(enabled = true): void {
  const queryClient = useQueryClient();

  useEffect(() => {
    if (!enabled || typeof EventSource === 'undefined') return;
    let source: EventSource | null = null;
    let pending: ReturnType<typeof setTimeout> | undefined;
    let reconnect: ReturnType<typeof setTimeout> | undefined;
    let lostConnection = false;
    let stopped = false;

    const refresh = () => {
      if (pending !== undefined) return;
      pending = setTimeout(() => {
        pending = undefined;
        void refreshBookingData(queryClient);
      }, COALESCE_MS);
    };

    const connect = () => {
      const current = new EventSource(EVENTS_URL);
      source = current;
      current.addEventListener('slots', refresh);
      current.addEventListener('open', () => {
        if (!lostConnection) return;
        lostConnection = false;
        refresh();
      });
      current.addEventListener('error', () => {
        lostConnection = true;
        if (current.readyState !== EventSource.CLOSED || stopped) return;
        current.close();
        reconnect = setTimeout(connect, RECONNECT_MS);
      });
    };

    connect();
    return () => {
      stopped = true;
      clearTimeout(pending);
      clearTimeout(reconnect);
      source?.close();
    };
  }, [enabled, queryClient]);
}
