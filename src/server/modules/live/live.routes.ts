import type { FastifyPluginAsync } from 'fastify';
import { AppError } from '../../errors';
import { SlotBroadcast } from './live-broadcast';
import type { Live } from './live.service';

const HEARTBEAT_MS = 25_000;

/** Open streams one client address may hold unless told otherwise (config LIVE_STREAMS_PER_ADDRESS). */
const DEFAULT_STREAMS_PER_ADDRESS = 20;
/** Changes within this window reach the pages as one event (pages gather theirs over 150 ms too). */
const BROADCAST_WINDOW_MS = 50;

/**
 * Server-sent events: every open Book a Field page hears which slots changed, from any app server
 * (PostgreSQL LISTEN/NOTIFY carries them between servers). Streams end when the server shuts down.
 *
 * Each stream holds a connection and a subscription for as long as the page is open, so one client address
 * may hold at most `maxStreamsPerAddress` of them (a family's devices behind one router stay well under it);
 * past that, 429 until one closes. The count is per app server.
 */
export const liveRoutes: FastifyPluginAsync<{ live: Live; maxStreamsPerAddress?: number }> = async (app, { live, maxStreamsPerAddress = DEFAULT_STREAMS_PER_ADDRESS }) => {
  const open = new Set<() => void>();
  const perAddress = new Map<string, number>();
  // One subscription for all the streams of this server.
  const broadcast = new SlotBroadcast(BROADCAST_WINDOW_MS);
  const unsubscribe = live.subscribe((event) => broadcast.hear(event));
  app.addHook('preClose', async () => {
    broadcast.close();
    unsubscribe();
    for (const end of open) end();
  });

  app.get('/api/events', { config: { access: 'public' }, schema: { tags: ['events'], summary: 'Live slot changes (text/event-stream)' } }, (req, reply) => {
    const address = req.ip;
    const held = perAddress.get(address) ?? 0;
    if (held >= maxStreamsPerAddress) {
      throw new AppError('RATE_LIMITED', { key: 'live.tooManyStreams', params: { max: maxStreamsPerAddress } });
    }
    perAddress.set(address, held + 1);
    reply.hijack();
    const res = reply.raw;
    res.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
    });
    res.write('retry: 2000\n\n');
    // Pages hear slot changes only (a resync, when this server may have missed some, reloads their weeks);
    // the other events are for the servers' caches.
    const stopHearing = broadcast.add((chunk) => res.write(chunk));
    const heartbeat = setInterval(() => res.write(': keep-alive\n\n'), HEARTBEAT_MS);
    let ended = false;
    const end = () => {
      if (ended) return;
      ended = true;
      const left = (perAddress.get(address) ?? 1) - 1;
      if (left > 0) perAddress.set(address, left);
      else perAddress.delete(address);
      clearInterval(heartbeat);
      stopHearing();
      open.delete(end);
      res.end();
    };
    open.add(end);
    req.raw.on('close', end);
  });
};
