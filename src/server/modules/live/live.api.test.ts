import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { openPostgres } from '../../db/client';
import { seedLeague, type League } from '../../test/booking-fixtures';
import { buildTestApp, TEST_ORIGIN, type TestApp, type TestUser } from '../../test/test-app';

let t: TestApp;
let league: League;
let coach: TestUser;

beforeAll(async () => {
  t = await buildTestApp();
  league = await seedLeague(t, { teams: 1 });
  coach = await t.signUp({ email: 'live@example.org', role: 'coach', teamId: league.teamIds[0]! });
}, 60_000);
afterAll(() => t.close());

/** Opens /api/events over real HTTP and resolves with the first `slots` event's data. */
async function firstEvent(base: string): Promise<{ received: Promise<{ slotIds: string[] }>; close: () => void }> {
  const controller = new AbortController();
  const res = await fetch(`${base}/api/events`, { signal: controller.signal });
  expect(res.headers.get('content-type')).toContain('text/event-stream');
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  const received = (async () => {
    let buffer = '';
    for (;;) {
      const { value, done } = await reader.read();
      if (done) throw new Error('stream ended');
      buffer += decoder.decode(value, { stream: true });
      const match = /event: slots\ndata: (.*)\n\n/.exec(buffer);
      if (match) return JSON.parse(match[1]!) as { slotIds: string[] };
    }
  })();
  return { received, close: () => controller.abort() };
}

async function listen(app: TestApp['app']): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}

function within<T>(p: Promise<T>, ms: number): Promise<T> {
  return Promise.race([p, new Promise<T>((_, reject) => setTimeout(() => reject(new Error(`no event within ${ms} ms`)), ms))]);
}

describe('live updates (server-sent events)', () => {
  it('an open page hears a booking made elsewhere within a second', async () => {
    const base = await listen(t.app);
    const stream = await firstEvent(base);
    const slotId = league.slotIds[1]![0]!;
    const started = Date.now();
    const res = await t.app.inject({ method: 'POST', url: '/api/bookings', payload: { slotId }, headers: { cookie: coach.cookie, origin: TEST_ORIGIN } });
    expect(res.statusCode).toBe(201);
    expect(await within(stream.received, 1000)).toEqual({ slotIds: [slotId] });
    expect(Date.now() - started).toBeLessThan(1000);
    stream.close();
  });

  it.runIf(Boolean(process.env.TEST_DATABASE_URL))('reaches a page connected to another app server through PostgreSQL LISTEN/NOTIFY', async () => {
    const other = openPostgres(t.database.url!, { max: 2 });
    const second = await buildApp({ config: t.config, database: other, authSecret: 'test-secret-test-secret-test-secret-42' });
    try {
      const base = await listen(second.app);
      const stream = await firstEvent(base);
      // The second server's LISTEN is registered when it becomes ready (before listen() resolves), so no wait is needed.
      const slotId = league.slotIds[2]![0]!;
      const res = await t.app.inject({ method: 'POST', url: '/api/bookings', payload: { slotId }, headers: { cookie: coach.cookie, origin: TEST_ORIGIN } });
      expect(res.statusCode).toBe(201);
      expect(await within(stream.received, 1000)).toEqual({ slotIds: [slotId] });
      stream.close();
    } finally {
      await second.app.close();
      await other.close();
    }
  });
});

describe('open live-update streams per client address', () => {
  interface Opened {
    status: number;
    body: Promise<string>;
    close: () => void;
  }
  /** Opens /api/events on its own connection; resolves once the status line arrives (the stream stays open). */
  function openStream(base: string): Promise<Opened> {
    return new Promise((resolve, reject) => {
      const req = http.get(`${base}/api/events`, { agent: false }, (res) => {
        let text = '';
        res.setEncoding('utf8');
        const body = new Promise<string>((done) => {
          res.on('data', (d: string) => (text += d));
          res.on('end', () => done(text));
          res.on('close', () => done(text));
        });
        resolve({ status: res.statusCode ?? 0, body, close: () => req.destroy() });
      });
      req.on('error', reject);
    });
  }

  it('holds at most 20 from one address, answers 429 in the one shape past that, and frees a place when one closes', async () => {
    const app = await buildTestApp();
    try {
      const base = await listen(app.app);
      const streams = await Promise.all(Array.from({ length: 300 }, () => openStream(base)));
      const statuses = streams.map((s) => s.status);
      expect(statuses.filter((s) => s === 200)).toHaveLength(20);
      expect(statuses.filter((s) => s === 429)).toHaveLength(280);
      const refused = streams.find((s) => s.status === 429)!;
      expect(JSON.parse(await refused.body)).toEqual({
        error: { code: 'RATE_LIMITED', message: expect.stringContaining('Too many live-update connections from this address'), key: 'live.tooManyStreams', params: { max: 20 } },
      });

      // Closing one stream gives its place back (the server hears the close, then counts one fewer).
      const held = streams.filter((s) => s.status === 200);
      held[0]!.close();
      let next: Opened | undefined;
      for (let i = 0; i < 50 && next?.status !== 200; i++) {
        next?.close();
        await new Promise((r) => setTimeout(r, 20));
        next = await openStream(base);
      }
      expect(next?.status).toBe(200);
      expect((await openStream(base)).status).toBe(429);
      for (const s of [...held, next!]) s.close();
    } finally {
      await app.close();
    }
  }, 60_000);

  it('the limit is configuration (LIVE_STREAMS_PER_ADDRESS)', async () => {
    const app = await buildTestApp({ LIVE_STREAMS_PER_ADDRESS: '2' });
    try {
      const base = await listen(app.app);
      const streams = await Promise.all([1, 2, 3].map(() => openStream(base)));
      expect(streams.map((s) => s.status).sort()).toEqual([200, 200, 429]);
      for (const s of streams) s.close();
    } finally {
      await app.close();
    }
  });
});

