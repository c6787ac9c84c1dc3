import type { FastifyInstance } from 'fastify';

export interface RequestActivity {
  /** Requests being answered right now. */
  inFlight: () => number;
  /** Milliseconds since a request last came in or was answered (Infinity before the first). */
  idleMs: () => number;
}

/**
 * Watches the requests being answered, for background work that should give way to people (the mail worker on the
 * night booking opens). Live-update streams are left out: they stay open as long as a page does.
 */
export function watchRequests(app: FastifyInstance): RequestActivity {
  let inFlight = 0;
  let lastAt = -Infinity;
  app.addHook('onRequest', (req, reply, done) => {
    if (req.url === '/api/events' || req.url.startsWith('/api/events?')) return done();
    inFlight += 1;
    lastAt = performance.now();
    // 'close' comes once for every response: sent, failed or cut off by the client.
    reply.raw.once('close', () => {
      inFlight -= 1;
      lastAt = performance.now();
    });
    done();
  });
  return { inFlight: () => inFlight, idleMs: () => performance.now() - lastAt };
}

/** Requests in flight from which the server counts as busy. */
export const BUSY_FROM_REQUESTS = 16;
/**
 * A request this recent (ms) means people are at work: mail waits for a pause. Measured on PGlite (bench, 200 bookings
 * one after another): a mail pass that ran between two bookings made the next one 30-60 ms instead of 4 ms, a p99 of
 * ×2.2-3.0 the floor's; with mail waiting for a pause, ×1.2-2.0 (the rest is the first bookings' cold start).
 */
export const BUSY_FOR_MS_AFTER_A_REQUEST = 150;

/** Whether background work should wait: many requests at once, or one a moment ago. */
export const serverBusy =
  (requests: RequestActivity, afterMs = BUSY_FOR_MS_AFTER_A_REQUEST) =>
  () =>
    requests.inFlight() >= BUSY_FROM_REQUESTS || requests.idleMs() < afterMs;
