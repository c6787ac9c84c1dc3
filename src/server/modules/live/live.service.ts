import type { Database } from '../../db/client';
import type { Changed, Live, LiveEvent } from '../../context';
import type { LiveBus } from './live-bus';

export type { Changed, Live, SlotChanges } from '../../context';

/** The events one set of changes makes, in a fixed order. */
export function eventsOf({ slots, league, seasons, people, clinics }: Omit<Changed<unknown>, 'value'>): LiveEvent[] {
  const events: LiveEvent[] = [];
  if (slots) events.push({ type: 'slots', slotIds: slots === 'all' ? [] : [...new Set(slots)] });
  if (league) events.push({ type: 'league' });
  if (seasons) events.push({ type: 'seasons' });
  if (people) events.push({ type: 'people', userIds: people === 'all' ? [] : [...new Set(people)] });
  if (clinics) events.push({ type: 'clinics' });
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
    hearsEverything: () => bus.hearsEverything(),
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
