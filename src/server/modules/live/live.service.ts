import type { Database } from '../../db/client';
import type { LiveBus, LiveEvent } from './live-bus';

/** What a change did to the slots that open pages show: these slots, or any of them (reload the weeks). */
export type SlotChanges = string[] | 'all';

/** The result of a unit of work and what it changed, so one step can publish it after the commit. */
export interface Changed<T> {
  value: T;
  slots?: SlotChanges;
  league?: boolean;
}

/** Live updates as the services see them: they publish only what a committed transaction changed. */
export interface Live {
  publish(changes: Omit<Changed<unknown>, 'value'>): Promise<void>;
  subscribe(listener: (event: LiveEvent) => void): () => void;
}

/**
 * A publish that fails (the database connection carrying NOTIFY dropped) is logged, never thrown: the change
 * itself has committed, so the person who made it must hear that it worked. Pages catch up on their next reload.
 */
export function createLive(bus: LiveBus, onError: (err: unknown) => void): Live {
  return {
    publish: async ({ slots, league }) => {
      try {
        if (slots) await bus.publish({ type: 'slots', slotIds: slots === 'all' ? [] : [...new Set(slots)] });
        if (league) await bus.publish({ type: 'league' });
      } catch (err) {
        onError(err);
      }
    },
    subscribe: (listener) => bus.subscribe(listener),
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
