import net, { type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, TEST_ORIGIN, type TestApp } from '../test/test-app';

/**
 * Answers that Fastify or Node's HTTP parser give before our error handler sees the request: each must be the one
 * error shape `{ error: { code, message } }`, a 4xx, and repeat nothing of the request.
 */

let t: TestApp;
let port: number;
beforeAll(async () => {
  t = await buildTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
});
afterAll(() => t.close());

/** Sends raw bytes and resolves with the whole answer once the server closes the connection. */
function raw(bytes: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => socket.write(bytes));
    let out = '';
    socket.setEncoding('utf8');
    socket.on('data', (d: string) => (out += d));
    socket.on('close', () => resolve(out));
    socket.on('error', reject);
    setTimeout(() => {
      socket.destroy();
      reject(new Error(`no complete answer within 5 s; got: ${out.slice(0, 200)}`));
    }, 5000);
  });
}

interface Parsed {
  status: number;
  headers: string;
  body: { error: Record<string, unknown> };
}

function parse(answer: string): Parsed {
  const [head = '', ...rest] = answer.split('\r\n\r\n');
  const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1]);
  return { status, headers: head, body: JSON.parse(rest.join('\r\n\r\n')) as Parsed['body'] };
}

function expectOneShape(res: { status: number; body: unknown; text: string }, status: number, leaked: string[] = []) {
  expect(res.status, res.text).toBe(status);
  expect(res.body).toEqual({ error: { code: expect.any(String), message: expect.any(String), key: expect.stringMatching(/^server\./), params: expect.any(Object) } });
  const { error } = res.body as { error: { code: string; message: string } };
  expect(['VALIDATION_FAILED', 'NOT_FOUND']).toContain(error.code);
  expect(error.message).toMatch(/try again|Check/);
  expect(res.text).not.toMatch(/FST_ERR|statusCode|Bad Request"|Client Error/);
  for (const secret of leaked) expect(res.text).not.toContain(secret);
}

describe("the router's own refusals", () => {
  it('a path parameter longer than maxParamLength: 414 in the one shape, without the path', async () => {
    const long = 'x'.repeat(200);
    for (const [method, url] of [['GET', `/api/bookings/${long}`], ['DELETE', `/api/slots/${long}`], ['PATCH', `/api/teams/${long}`]] as const) {
      const res = await t.app.inject({ method, url });
      expectOneShape({ status: res.statusCode, body: res.json(), text: res.body }, 414, [long]);
      expect(res.headers['content-type']).toContain('application/json');
    }
    const post = await t.app.inject({ method: 'POST', url: `/api/seasons/${long}/activate`, headers: { origin: TEST_ORIGIN } });
    expectOneShape({ status: post.statusCode, body: post.json(), text: post.body }, 414, [long]);
  });

  it('an unknown route names its path, but not thousands of characters of it', async () => {
    const res = await t.app.inject({ url: `/api/nothing/${'y'.repeat(5000)}` });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.message.length).toBeLessThan(300);
  });

  it('a broken %-encoding in the path: 400 in the one shape', async () => {
    for (const url of ['/api/bookings/%E0%A4%A', '/api/seasons/%zz/activate', '/%']) {
      const res = await t.app.inject({ url });
      expectOneShape({ status: res.statusCode, body: res.json(), text: res.body }, 400, ['%E0%A4%A', '%zz']);
    }
  });
});

describe('requests Node cannot parse, over real HTTP', () => {
  it('a Host header with a space: 400 in the one shape, on every route (was 500 under /api/auth)', async () => {
    for (const path of ['/api/auth/get-session', '/api/health', '/api/me', '/']) {
      const answer = parse(await raw(`GET ${path} HTTP/1.1\r\nHost: a b\r\nConnection: close\r\n\r\n`));
      expectOneShape({ status: answer.status, body: answer.body, text: JSON.stringify(answer.body) }, 400);
      expect(answer.body.error.message).toContain('Host header');
    }
    const post = parse(
      await raw(`POST /api/auth/sign-in/email HTTP/1.1\r\nHost: evil example\r\nOrigin: ${TEST_ORIGIN}\r\nContent-Type: application/json\r\nContent-Length: 2\r\nConnection: close\r\n\r\n{}`),
    );
    expect(post.status).toBe(400);
  });

  it('a malformed request line or header: 400 in the one shape, and the connection closes', async () => {
    for (const bytes of ['GARBAGE\r\n\r\n', 'GET / HTTP/1.1\r\nHost: x\r\nBad Header: y\r\n\r\n', 'GET /api/health HTTP/9.9\r\nHost: x\r\n\r\n']) {
      const answer = parse(await raw(bytes));
      expectOneShape({ status: answer.status, body: answer.body, text: JSON.stringify(answer.body) }, 400);
      expect(answer.headers).toMatch(/content-type: application\/json/i);
      expect(answer.headers).toMatch(/connection: close/i);
    }
  });

  it('headers or an address too large: 431 in the one shape', async () => {
    for (const bytes of [
      `GET /api/health HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`,
      `GET /api/health?q=${'a'.repeat(20_000)} HTTP/1.1\r\nHost: x\r\n\r\n`,
    ]) {
      const answer = parse(await raw(bytes));
      expectOneShape({ status: answer.status, body: answer.body, text: JSON.stringify(answer.body) }, 431, ['aaaaaaaa']);
    }
  });

  it('the server keeps answering afterwards', async () => {
    const res = await fetch(`http://127.0.0.1:${port}/api/health`);
    expect(res.status).toBe(200);
  });
});
