import { LRUCache } from 'lru-cache';
import type { Invalidation, LoadSpec, TaggedCache } from '../../context';

export type { Invalidation, LoadSpec } from '../../context';

export interface CacheOptions {
  /** Entries held at most (least recently used go first). */
  max: number;
  /** A backstop: an entry is re-read after this long even if no event dropped it (an event lost in transit). */
  maxAgeMs: number;
  /** Whether a value read now may be kept (false while this server may miss changes: live.hearsEverything). */
  mayKeep?: () => boolean;
}

interface Entry<T> {
  value: T;
  tags: ReadonlySet<string>;
}

interface Flight<T> {
  promise: Promise<T>;
  startedAt: number;
  joinTags: readonly string[];
}

/** Invalidations remembered for in-flight loads; a load older than the log is treated as stale. */
const LOG_LIMIT = 10_000;

/**
 * Reads that are asked far more often than they change (the week view, the slots a live event names, the
 * season and rules of the booking context), kept in memory on each app server until a change they depend on.
 *
 * Each entry carries tags: what it was built from ('slots' and `slot:<id>` for a slot view, 'seasons' for a
 * season, 'bookings' for a team's bookings). A committed change invalidates tags (see `tagsOf` in
 * read-cache.events.ts); every entry holding one of them is dropped.
 *
 * A read that was in flight while a change touching it committed is never stored: the cache keeps a short log
 * of invalidations and a load checks it before storing. Concurrent requests for one key share one load, but
 * only while nothing that could touch that key has changed since the load began.
 */
export class ReadCache<T> implements TaggedCache<T> {
  private readonly entries: LRUCache<string, Entry<T>>;
  private readonly byTag = new Map<string, Set<string>>();
  private readonly flights = new Map<string, Flight<T>>();
  private readonly log: Array<{ at: number; tags: Invalidation }> = [];
  private clock = 0;
  private readonly mayKeep: () => boolean;

  constructor(options: CacheOptions) {
    this.mayKeep = options.mayKeep ?? (() => true);
    this.entries = new LRUCache<string, Entry<T>>({
      max: options.max,
      ttl: options.maxAgeMs,
      // Evicted, expired or replaced: the tag index forgets it too.
      dispose: (entry, key) => this.unindex(key, entry.tags),
    });
  }

  get size(): number {
    return this.entries.size;
  }

  /** The cached value of `key`, or `load()`'s, stored unless a change touching it committed meanwhile. */
  async get(key: string, load: () => Promise<T>, spec: LoadSpec<T>): Promise<T> {
    // Deaf to other servers' changes for now: read through, keep nothing, share no load.
    if (!this.mayKeep()) return load();
    const hit = this.entries.get(key);
    if (hit) return hit.value;
    const flight = this.flights.get(key);
    if (flight && !this.touchedSince(flight.startedAt, flight.joinTags)) return flight.promise;

    const startedAt = this.clock;
    const promise = load().then((value) => {
      const tags = new Set(spec.tagsOf(value));
      if (this.mayKeep() && !this.touchedSince(startedAt, [...tags, ...spec.joinTags])) this.store(key, value, tags);
      return value;
    });
    const mine: Flight<T> = { promise, startedAt, joinTags: spec.joinTags };
    this.flights.set(key, mine);
    const land = () => {
      if (this.flights.get(key) === mine) this.flights.delete(key);
    };
    promise.then(land, land);
    return promise;
  }

  /** Drops every entry holding one of these tags (or everything), and marks in-flight loads touching them stale. */
  invalidate(tags: Invalidation): void {
    this.clock += 1;
    this.log.push({ at: this.clock, tags });
    if (this.log.length > LOG_LIMIT) this.log.splice(0, this.log.length - LOG_LIMIT);
    if (tags === 'all') {
      this.entries.clear();
      return;
    }
    for (const tag of tags) {
      const keys = this.byTag.get(tag);
      if (!keys) continue;
      for (const key of [...keys]) this.entries.delete(key);
    }
  }

  private store(key: string, value: T, tags: ReadonlySet<string>): void {
    this.entries.set(key, { value, tags });
    for (const tag of tags) {
      let keys = this.byTag.get(tag);
      if (!keys) this.byTag.set(tag, (keys = new Set()));
      keys.add(key);
    }
  }

  private unindex(key: string, tags: ReadonlySet<string>): void {
    for (const tag of tags) {
      const keys = this.byTag.get(tag);
      if (!keys) continue;
      keys.delete(key);
      if (keys.size === 0) this.byTag.delete(tag);
    }
  }

  /** Whether an invalidation after `startedAt` named one of `tags` (or everything). */
  private touchedSince(startedAt: number, tags: readonly string[]): boolean {
    if (startedAt === this.clock) return false;
    const first = this.log[0];
    if (!first || first.at > startedAt + 1) return true;
    const wanted = new Set(tags);
    for (let i = this.log.length - 1; i >= 0 && this.log[i]!.at > startedAt; i--) {
      const event = this.log[i]!.tags;
      if (event === 'all' || event.some((t) => wanted.has(t))) return true;
    }
    return false;
  }
}
