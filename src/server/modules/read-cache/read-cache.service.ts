import type { BookingRules } from '../../../shared/bookings/booking-rules';
import type { LiveEvent } from '../live/live-bus';
import type { Live } from '../live/live.service';
import { ReadCache, type Invalidation } from './read-cache';
import type { ReadyResponse } from './ready-response';

export { chooseEncoding, encodedBody, readyBody, readyJson, sendReady, COMPRESS_FROM_BYTES, type ReadyResponse } from './ready-response';

/** Tags of the cached reads (what each was built from). */
export const tags = {
  /** Every slot view (a week, the slots of a live event). */
  slotViews: 'slots',
  /** Any slot change at all: a new request does not share a week read that began before it. */
  anySlot: 'slots:any',
  slot: (id: string) => `slot:${id}`,
  /** Seasons and their booking rules. */
  seasons: 'seasons',
  /** Any team's confirmed bookings (every booking change is a slot change). */
  bookings: 'bookings',
} as const;

/** What a committed change makes stale, from its live event; null: nothing cached here. */
export function invalidationOf(event: LiveEvent): Invalidation | null {
  switch (event.type) {
    case 'slots':
      return event.slotIds.length === 0
        ? [tags.anySlot, tags.slotViews, tags.bookings]
        : [tags.anySlot, tags.bookings, ...event.slotIds.map(tags.slot)];
    case 'seasons':
      return [tags.seasons];
    // The time zone shapes every answer; after a break in LISTEN, anything may have changed.
    case 'league':
    case 'resync':
      return 'all';
    case 'people':
      return null;
  }
}

/** A slot view ready to send, with the slot ids it holds (its tags). */
export interface CachedSlotView {
  response: ReadyResponse;
  slotIds: readonly string[];
}

/** A calendar feed ready to send (module calendar): its text, its tag, since when it is this text. */
export interface CachedFeed {
  body: string;
  etag: string;
  lastModified: Date;
  ready: ReadyResponse;
}

export interface CachedSeason {
  season: { id: string; name: string; startsOn: string; endsOn: string } | null;
  rules: BookingRules | null;
}

export interface ReadCaches {
  slotViews: ReadCache<CachedSlotView>;
  seasons: ReadCache<CachedSeason>;
  teamBookings: ReadCache<readonly string[]>;
  /** Calendar feeds ready to send (module calendar), dropped by any slot change (`tags.anySlot`). */
  feeds: ReadCache<CachedFeed>;
  /** Drops everything (after data was written behind the app's back: a test fixture, a manual SQL fix). */
  clear(): void;
  /** Stops listening (the server is closing). */
  close(): void;
}

export interface ReadCacheOptions {
  /** Slot views held (weeks × filters, and live-event reads). */
  maxSlotViews?: number;
  /** Backstop for an event lost in transit. */
  maxAgeMs?: number;
}

/**
 * The caches of one app server. Every change reaches them through `live.watch`: this server's own at once,
 * before the writer's answer goes out, and other servers' through the bus.
 */
export function createReadCaches(live: Live, options: ReadCacheOptions = {}): ReadCaches {
  const maxAgeMs = options.maxAgeMs ?? 60_000;
  const caches = {
    slotViews: new ReadCache<CachedSlotView>({ max: options.maxSlotViews ?? 500, maxAgeMs }),
    seasons: new ReadCache<CachedSeason>({ max: 50, maxAgeMs }),
    teamBookings: new ReadCache<readonly string[]>({ max: 1000, maxAgeMs }),
    // A full season's league feed is a few MB; team and field feeds are small.
    feeds: new ReadCache<CachedFeed>({ max: 200, maxAgeMs }),
  };
  const invalidate = (stale: Invalidation) => {
    caches.slotViews.invalidate(stale);
    caches.seasons.invalidate(stale);
    caches.teamBookings.invalidate(stale);
    caches.feeds.invalidate(stale);
  };
  const stop = live.watch((event) => {
    const stale = invalidationOf(event);
    if (stale) invalidate(stale);
  });
  return { ...caches, clear: () => invalidate('all'), close: stop };
}
