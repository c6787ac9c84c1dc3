import { EventEmitter } from 'node:events';
import type { PubSub } from '../../db/client';

/**
 * What changed, for every app server and every open page:
 * - `slots`: slot ids whose status, booking or block may be different now (empty: reload the visible weeks);
 * - `league`: the league settings changed (each server drops its cached copy);
 * - `seasons`: a season or its booking rules changed (cached booking contexts are dropped);
 * - `people`: these people's sign-in, role, team or account changed (empty: anyone's); cached sessions are dropped;
 * - `resync`: this server's LISTEN connection came back after a break, so it may have missed events: every
 *   cache drops everything and open pages reload their weeks. Never sent between servers.
 */
export type LiveEvent =
  | { type: 'slots'; slotIds: string[] }
  | { type: 'league' }
  | { type: 'seasons' }
  | { type: 'people'; userIds: string[] }
  | { type: 'resync' };

export interface LiveBus {
  /** Starts listening (PostgreSQL: LISTEN); resolves once events from other servers can arrive. */
  start(): Promise<void>;
  publish(event: LiveEvent): Promise<void>;
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
      () => {
        // Called on every (re)connection of the listening session; after the first, events may have been missed.
        connections += 1;
        if (connections > 1) deliver({ type: 'resync' });
      },
    );
    return listening;
  };
  return {
    start: async () => {
      await start();
    },
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
