import { EventEmitter } from 'node:events';
import type { PubSub } from '../../db/client';
import type { LiveEvent } from '../../context';

export type { LiveEvent };

export interface LiveBus {
  /** Starts listening (PostgreSQL: LISTEN); resolves once events from other servers can arrive. */
  start(): Promise<void>;
  publish(event: LiveEvent): Promise<void>;
  /**
   * Whether this server hears every change now: always on PGlite; on PostgreSQL, while its LISTEN connection is
   * up. While it is down (the database restarting), a change another server makes is not heard, so caches must
   * not keep what they read.
   */
  hearsEverything(): boolean;
  subscribe(listener: (event: LiveEvent) => void): () => void;
  close(): Promise<void>;
}

const CHANNEL = 'cgsl_events';
/** NOTIFY payloads are limited to 8000 bytes; large changes are sent as "reload everything" (no ids). */
const MAX_IDS = 150;

function trim(event: LiveEvent): LiveEvent {
  if (event.type === 'slots' && event.slotIds.length > MAX_IDS) return { type: 'slots', slotIds: [] };
  if (event.type === 'people' && event.userIds.length > MAX_IDS) return { type: 'people', userIds: [] };
  return event;
}

/**
 * One process (PGlite, `pubsub` null): an in-memory emitter. Several app servers on one PostgreSQL:
 * LISTEN/NOTIFY carries each event to every server, this one included.
 */
export function createLiveBus(pubsub: PubSub | null): LiveBus {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  const deliver = (event: LiveEvent) => emitter.emit('event', event);
  if (!pubsub) {
    return {
      start: async () => {},
      hearsEverything: () => true,
      publish: async (event) => {
        deliver(trim(event));
      },
      subscribe: (listener) => {
        emitter.on('event', listener);
        return () => emitter.off('event', listener);
      },
      close: async () => {
        emitter.removeAllListeners();
      },
    };
  }
  let listening: Promise<{ unlisten: () => Promise<void> }> | null = null;
  let connections = 0;
  let connected = false;
  const start = () => {
    listening ??= pubsub.listen(
      CHANNEL,
      (payload) => {
        try {
          const event = JSON.parse(payload) as LiveEvent;
          if (event.type !== 'resync') deliver(event);
        } catch {
          // A malformed payload is not ours: ignore it.
        }
      },
      {
        // Every (re)connection of the listening session; after the first, events may have been missed meanwhile.
        onListen: () => {
          connections += 1;
          connected = true;
          if (connections > 1) deliver({ type: 'resync' });
        },
        // From the break until it listens again, caches keep nothing (hearsEverything) and drop what they hold.
        onLost: () => {
          connected = false;
          deliver({ type: 'resync' });
        },
      },
    );
    return listening;
  };
  return {
    start: async () => {
      await start();
    },
    hearsEverything: () => connected,
    publish: async (event) => {
      await start();
      await pubsub.notify(CHANNEL, JSON.stringify(trim(event)));
    },
    subscribe: (listener) => {
      void start();
      emitter.on('event', listener);
      return () => emitter.off('event', listener);
    },
    close: async () => {
      emitter.removeAllListeners();
      if (listening) await (await listening).unlisten();
    },
  };
}
