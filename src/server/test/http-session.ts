/** One answer of the real server over HTTP: the status and the parsed JSON body (null when there is none). */
export interface HttpAnswer<T = unknown> {
  status: number;
  body: T;
}

/**
 * Calls the real server over HTTP as a browser would: JSON in and out, the session cookie, and the Origin header
 * the origin check wants on every change. A connection error (the server was killed) rejects.
 */
export async function call<T = unknown>(
  base: string,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  options: { cookie?: string; body?: unknown; timeoutMs?: number } = {},
): Promise<HttpAnswer<T>> {
  const res = await fetch(`${base}${url}`, {
    method,
    headers: {
      ...(options.cookie ? { cookie: options.cookie } : {}),
      ...(method === 'GET' ? {} : { origin: base, 'content-type': 'application/json' }),
    },
    ...(method === 'GET' ? {} : { body: JSON.stringify(options.body ?? {}) }),
    signal: AbortSignal.timeout(options.timeoutMs ?? 20_000),
  });
  const text = await res.text();
  let body: unknown;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    body = text;
  }
  return { status: res.status, body: body as T };
}

/** Signs in with email and password; returns the Cookie header for the session. */
export async function signIn(base: string, email: string, password: string): Promise<string> {
  const res = await fetch(`${base}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { origin: base, 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
    signal: AbortSignal.timeout(30_000),
  });
  if (res.status !== 200) throw new Error(`sign-in of ${email} answered ${res.status}: ${await res.text()}`);
  await res.arrayBuffer();
  return res.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
}

/** A small seeded random generator (mulberry32), so a failing run can be repeated with its seed. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}
