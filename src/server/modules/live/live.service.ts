import type { Database } from '../../db/client';
import type { LiveBus, LiveEvent } from './live-bus';

/** What a change did to the slots that open pages show: these slots, or any of them (reload the weeks). */
export type SlotChanges = string[] | 'all';

/** The result of a unit of work and what it changed, so one step can publish it after the commit. */
export interface Changed<T> {
  value: T;
  slots?: SlotChanges;
  league?: boolean;
  /** A season or its booking rules. */
  seasons?: boolean;
  /** People whose sessions, role, team or account changed ('all': anyone's, e.g. a team renamed). */
  people?: string[] | 'all';
}

/** Live updates as the services see them: they publish only what a committed transaction changed. */
export interface Live {
  publish(changes: Omit<Changed<unknown>, 'value'>): Promise<void>;
  /** Every event from every app server, this one included (open pages, through the bus). */
  subscribe(listener: (event: LiveEvent) => void): () => void;
  /**
   * For in-memory caches: hears this server's own changes at once, before the response to the change goes out
   * (so the writer's next read is fresh), and other servers' through the bus. An event may be heard twice.
   */
  watch(listener: (event: LiveEvent) => void): () => void;
}

/** The events one set of changes makes, in a fixed order. */
export function eventsOf({ slots, league, seasons, people }: Omit<Changed<unknown>, 'value'>): LiveEvent[] {
  const events: LiveEvent[] = [];
  if (slots) events.push({ type: 'slots', slotIds: slots === 'all' ? [] : [...new Set(slots)] });
  if (league) events.push({ type: 'league' });
  if (seasons) events.push({ type: 'seasons' });
  if (people) events.push({ type: 'people', userIds: people === 'all' ? [] : [...new Set(people)] });
  return events;
}

/**
 * A publish that fails (the database connection carrying NOTIFY dropped) is logged, never thrown: the change
 * itself has committed, so the person who made it must hear that it worked. Pages catch up on their next reload.
 */
export function createLive(bus: LiveBus, onError: (err: unknown) => void): Live {
  const watchers = new Set<(event: LiveEvent) => void>();
  return {
    publish: async (changes) => {
      const events = eventsOf(changes);
      for (const event of events) for (const watcher of watchers) watcher(event);
      try {
        for (const event of events) await bus.publish(event);
      } catch (err) {
        onError(err);
      }
    },
    subscribe: (listener) => bus.subscribe(listener),
    watch: (listener) => {
      watchers.add(listener);
      const off = bus.subscribe(listener);
      return () => {
        watchers.delete(listener);
        off();
      };
    },
  };
}

/**
 * Runs `work` in one transaction and, only once it has committed, tells every app server and every open page
 * what it changed. A transaction that fails publishes nothing, so no page reloads for a change that never was.
 */
export async function commitThenPublish<T>(db: Database, live: Live, work: (tx: Database) => Promise<Changed<T>>): Promise<T> {
  const { value, ...changes } = await db.transaction(work);
  await live.publish(changes);
  return value;
}

/** Publishes after work that commits on its own (one that streams progress, or runs several transactions). */
export async function publishAfter<T>(live: Live, work: () => Promise<Changed<T>>): Promise<T> {
  const { value, ...changes } = await work();
  await live.publish(changes);
  return value;
}
