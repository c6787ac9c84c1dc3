import Fastify from 'fastify';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countRequestsInFlight } from './in-flight';

const app = Fastify();
const inFlight = countRequestsInFlight(app);
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
});
