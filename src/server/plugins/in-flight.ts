import type { FastifyInstance } from 'fastify';

/**
 * Counts the requests being answered right now, for background work that should give way to people (the mail
 * worker on the night booking opens). Live-update streams are left out: they stay open as long as a page does.
 */
export function countRequestsInFlight(app: FastifyInstance): () => number {
  let inFlight = 0;
  app.addHook('onRequest', (req, reply, done) => {
    if (req.url === '/api/events' || req.url.startsWith('/api/events?')) return done();
    inFlight += 1;
    // 'close' comes once for every response: sent, failed or cut off by the client.
    reply.raw.once('close', () => {
      inFlight -= 1;
    });
    done();
  });
  return () => inFlight;
}

/** Requests in flight from which the server counts as busy. */
export const BUSY_FROM_REQUESTS = 16;
