import type { CachedFeed, CachedSeason, CachedSlotView, ReadCaches, TeamBookingFacts, TeamDivisionFacts } from '../../context';
import type { LiveEvent } from '../live/live-bus';
import type { Live } from '../live/live.service';
import { ReadCache, type Invalidation } from './read-cache';

export type { CachedFeed, CachedSeason, CachedSlotView, ReadCaches } from '../../context';

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
  /** Any clinic or its places (the league feed lists clinics). */
  clinics: 'clinics',
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
    case 'clinics':
      return [tags.clinics];
    // The time zone shapes every answer; after a break in LISTEN, anything may have changed.
    case 'league':
    case 'resync':
      return 'all';
    case 'people':
      return null;
  }
}

export interface ReadCacheOptions {
  /** Slot views held (weeks × filters, and live-event reads). */
  maxSlotViews?: number;
  /** Backstop for an event lost in transit. */
  maxAgeMs?: number;
}

/**
 * The caches of one app server. Every change reaches them through `live.watch`: this server's own at once,
 * before the writer's answer goes out, and other servers' through the bus. While the bus is down (the database
 * restarting), they keep nothing; when it breaks and when it is back, they drop everything (`resync`).
 */
export function createReadCaches(live: Live, options: ReadCacheOptions = {}): ReadCaches {
  const maxAgeMs = options.maxAgeMs ?? 60_000;
  const mayKeep = () => live.hearsEverything();
  const caches = {
    slotViews: new ReadCache<CachedSlotView>({ max: options.maxSlotViews ?? 500, maxAgeMs, mayKeep }),
    seasons: new ReadCache<CachedSeason>({ max: 50, maxAgeMs, mayKeep }),
    teamBookings: new ReadCache<TeamBookingFacts>({ max: 1000, maxAgeMs, mayKeep }),
    teamDivisions: new ReadCache<TeamDivisionFacts>({ max: 1000, maxAgeMs, mayKeep }),
    // A full season's league feed is a few MB; team and field feeds are small.
    feeds: new ReadCache<CachedFeed>({ max: 200, maxAgeMs, mayKeep }),
  };
  const invalidate = (stale: Invalidation) => {
    caches.slotViews.invalidate(stale);
    caches.seasons.invalidate(stale);
    caches.teamBookings.invalidate(stale);
    caches.teamDivisions.invalidate(stale);
    caches.feeds.invalidate(stale);
  };
  const stop = live.watch((event) => {
    const stale = invalidationOf(event);
    if (stale) invalidate(stale);
  });
  return { ...caches, clear: () => invalidate('all'), close: stop };
}
