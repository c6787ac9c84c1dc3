import Fastify from 'fastify';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUSY_FOR_MS_AFTER_A_REQUEST, serverBusy, watchRequests } from './in-flight';

const app = Fastify();
const requests = watchRequests(app);
const inFlight = requests.inFlight;
let release: () => void = () => {};
let gate = new Promise<void>((r) => (release = r));
app.get('/slow', async () => {
  await gate;
  return { ok: true };
});
app.get('/api/events', (_req, reply) => {
  reply.hijack();
  reply.raw.writeHead(200, { 'content-type': 'text/event-stream' });
  reply.raw.write('retry: 2000\n\n');
});
let base = '';

beforeAll(async () => {
  await app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
});
afterAll(() => app.close());

async function until(check: () => boolean): Promise<void> {
  while (!check()) await new Promise((r) => setTimeout(r, 1));
}

describe('requests in flight', () => {
  it('counts requests being answered, not live streams, and forgets answered and abandoned ones', async () => {
    const events = new AbortController();
    const stream = await fetch(`${base}/api/events`, { signal: events.signal });
    expect(stream.status).toBe(200);
    const abandoned = new AbortController();
    const answered = [fetch(`${base}/slow`), fetch(`${base}/slow`)];
    const cut = fetch(`${base}/slow`, { signal: abandoned.signal }).catch(() => null);
    await until(() => inFlight() === 3);
    abandoned.abort();
    await cut;
    await until(() => inFlight() === 2);
    release();
    await Promise.all(answered);
    await until(() => inFlight() === 0);
    gate = new Promise<void>((r) => (release = r));
    events.abort();
  });

  it('is busy while a request is answered and for a moment after, then idle; a live stream keeps nothing busy', async () => {
    const events = new AbortController();
    const busy = serverBusy(requests);
    // Idle first: nothing answered for the moment mail waits.
    await until(() => !busy());
    const stream = await fetch(`${base}/api/events`, { signal: events.signal });
    expect(stream.status).toBe(200);
    expect(busy()).toBe(false);
    const slow = fetch(`${base}/slow`);
    await until(() => inFlight() === 1);
    expect(busy()).toBe(true);
    release();
    await slow;
    await until(() => inFlight() === 0);
    // Answered a moment ago: still busy, as mail should wait for a pause (a minute's pause here, so that a slow
    // machine cannot make the moment pass before the check)…
    expect(serverBusy(requests, 60_000)()).toBe(true);
    // …which comes once no request has come for BUSY_FOR_MS_AFTER_A_REQUEST.
    await until(() => !busy());
    expect(requests.idleMs()).toBeGreaterThanOrEqual(BUSY_FOR_MS_AFTER_A_REQUEST);
    gate = new Promise<void>((r) => (release = r));
    events.abort();
  });
});
