import { EventEmitter } from 'node:events';
import type postgres from 'postgres';

/** What changed, for live pages: slot ids whose status, booking or block may be different now. */
export interface LiveEvent {
  type: 'slots';
  slotIds: string[];
}

export interface EventBus {
  publish(event: LiveEvent): Promise<void>;
  subscribe(listener: (event: LiveEvent) => void): () => void;
  close(): Promise<void>;
}

const CHANNEL = 'cgsl_events';
/** NOTIFY payloads are limited to 8000 bytes; large changes are sent as "reload everything" (no ids). */
const MAX_IDS = 150;

function trim(event: LiveEvent): LiveEvent {
  return event.slotIds.length > MAX_IDS ? { type: event.type, slotIds: [] } : event;
}

/** One process (PGlite): an in-memory emitter. */
export function createLocalEventBus(): EventBus {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  return {
    publish: async (event) => {
      emitter.emit('event', trim(event));
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

/** Several app servers on one PostgreSQL: LISTEN/NOTIFY carries each event to every server. */
export function createPostgresEventBus(sql: postgres.Sql): EventBus {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  let listening: Promise<{ unlisten: () => Promise<void> }> | null = null;
  const ensureListening = () => {
    listening ??= sql.listen(CHANNEL, (payload) => {
      try {
        emitter.emit('event', JSON.parse(payload) as LiveEvent);
      } catch {
        // A malformed payload is not ours: ignore it.
      }
    });
    return listening;
  };
  return {
    publish: async (event) => {
      await ensureListening();
      await sql.notify(CHANNEL, JSON.stringify(trim(event)));
    },
    subscribe: (listener) => {
      void ensureListening();
      emitter.on('event', listener);
      return () => emitter.off('event', listener);
    },
    close: async () => {
      emitter.removeAllListeners();
      if (listening) await (await listening).unlisten();
    },
  };
}
