import type { FastifyPluginAsync } from 'fastify';
import type { Live } from './live.service';

const HEARTBEAT_MS = 25_000;

/**
 * Server-sent events: every open Book a Field page hears which slots changed, from any app server
 * (PostgreSQL LISTEN/NOTIFY carries them between servers). Streams end when the server shuts down.
 */
export const liveRoutes: FastifyPluginAsync<{ live: Live }> = async (app, { live }) => {
  const open = new Set<() => void>();
  app.addHook('preClose', async () => {
    for (const end of open) end();
  });

  app.get('/api/events', { config: { access: 'public' }, schema: { tags: ['events'], summary: 'Live slot changes (text/event-stream)' } }, (req, reply) => {
    reply.hijack();
    const res = reply.raw;
    res.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
    });
    res.write('retry: 2000\n\n');
    // Pages hear slot changes only; league events are for the servers' settings caches.
    const unsubscribe = live.subscribe((event) => {
      if (event.type === 'slots') res.write(`event: slots\ndata: ${JSON.stringify({ slotIds: event.slotIds })}\n\n`);
    });
    const heartbeat = setInterval(() => res.write(': keep-alive\n\n'), HEARTBEAT_MS);
    const end = () => {
      clearInterval(heartbeat);
      unsubscribe();
      open.delete(end);
      res.end();
    };
    open.add(end);
    req.raw.on('close', end);
  });
};
