import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { refreshBookingData, refreshNamedSlots } from './refresh-booking-data';

export const EVENTS_URL = '/api/events';
/**
 * The most slots GET /api/slots?ids= answers at once: shared/slots/slots.schemas.ts `MAX_SLOT_IDS`, repeated here
 * because importing that file brings its zod schemas (and zod) into every page that is live
 * (use-live-slots.test.tsx holds the two equal).
 */
export const MAX_SLOT_IDS = 100;
/** Events that arrive together (a block of 40 slots, a burst of bookings) cause one reload, not forty. */
export const COALESCE_MS = 150;
/** When the server refused the stream outright (the browser then stops trying), try again after this. */
export const RECONNECT_MS = 5_000;

/**
 * Keeps the page live: listens to the server's `slots` events (GET /api/events). An event naming a few slots
 * (a booking, a cancel, a move) fetches just those and patches the cached weeks; one naming none (a block, a
 * generation, a field edit) or too many reloads them. Either way the booking context and lists reload, so a
 * slot booked elsewhere turns booked within about a second. The browser reconnects by itself after a dropped connection; when it comes back, the
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

    // What the events in this coalescing window named; null once one of them asked for a full reload.
    let named: Set<string> | null = new Set();

    const refresh = (event?: Event) => {
      const slotIds = event instanceof MessageEvent ? slotIdsOf(event.data) : [];
      if (slotIds.length === 0) named = null;
      else slotIds.forEach((id) => named?.add(id));
      if (pending !== undefined) return;
      pending = setTimeout(() => {
        pending = undefined;
        const ids = named;
        named = new Set();
        if (ids && ids.size > 0 && ids.size <= MAX_SLOT_IDS) void refreshNamedSlots(queryClient, [...ids]);
        else void refreshBookingData(queryClient);
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

/** The slot ids in an event's data, or none when it names none (or cannot be read: then everything reloads). */
function slotIdsOf(data: unknown): string[] {
  try {
    const parsed = JSON.parse(String(data)) as { slotIds?: unknown };
    return Array.isArray(parsed.slotIds) ? parsed.slotIds.filter((id): id is string => typeof id === 'string') : [];
  } catch {
    return [];
  }
}
