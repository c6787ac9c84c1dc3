/**
 * The floor (issue 27): the least this machine can do for a coach's booking with the app's guarantees, measured
 * beside the app in the same bench run. A bare `node:http` handler, no framework, no ORM, no validation: it reads
 * the session cookie, checks its signature as the app does (session-cookie.ts), and then does everything else in
 * ONE statement: the session's lookup (unexpired, within its absolute lifetime, an enabled account) and, for a
 * coach on a team, the project's own booking function `cgsl_book` (the team and slot locks, every rule, one
 * confirmed booking per slot, the audit row and the notification, in the migrations). What it answers mirrors the
 * app's statuses: 201 with the booking, 409 for a taken, blocked or closed slot, 422 for a rule, 401/403/404 as
 * the app, 503/500 otherwise, each with a JSON body `{ error: { code, rule? } }` (codes, not words: the floor is
 * measured, never shown).
 *
 * Beside the booking, only what the bench's load needs from a server: `GET /api/health`, the live stream
 * (`GET /api/events`: the rush's open pages hear each booked slot, gathered over 50 ms as the app does), and the
 * admin's `PUT /api/seasons/:id/booking-rules` (one upsert) with which the rush sets its rules.
 */
import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { FloorDatabase } from './floor-database';

export interface FloorOptions {
  db: FloorDatabase;
  /** AUTH_SECRET of the league's sessions (the app's cookie signature). */
  authSecret: string;
  timeZone: string;
  /** SESSION_MAX_AGE_DAYS (default 30): a session older than this is over, whatever its expiry says. */
  sessionMaxAgeDays?: number;
  /** better-auth's cookie name on http:// (the bench and the tests talk plain HTTP). */
  cookieName?: string;
}

interface BookRow {
  user_id: string;
  email: string;
  team_id: string | null;
  role: string;
  result: BookResult | string | null;
}

/** What cgsl_book answers (migration 0014's header): the booking's facts, or the refusing rule's code and facts. */
export type BookResult = ({ ok: true; createdAt: string } & Record<string, unknown>) | { ok: false; code: string };

/**
 * The one statement of a press: the session and its person, then the booking function for a coach on a team
 * (CASE evaluates it only then). The audit context is built here from what the lookup found and the request.
 */
export const BOOK_STATEMENT = `
  select u.id as user_id, u.email, u.team_id, u.role,
    case when u.team_id is not null and u.role <> 'member' then
      cgsl_book($1::uuid, u.team_id, $2::uuid, u.id, $3::timestamptz, $4::text, true,
        jsonb_build_object('actorId', u.id, 'actorEmail', u.email, 'ip', $5::text, 'userAgent', $6::text))
    end as result
  from auth_session s
  join users u on u.id = s.user_id and not u.disabled
  where s.token = $7 and s.expires_at > $3::timestamptz and s.created_at > $3::timestamptz - make_interval(days => $8::int)`;

/** The admin's rules, one upsert, allowed only when the session is an admin's (by role: the floor has no OIDC). */
const RULES_STATEMENT = `
  insert into booking_rules (season_id, booking_open, paused_message, window_opens_at, window_closes_at, max_per_week,
    max_per_day, max_upcoming, min_lead_hours, max_ahead_days, cancel_cutoff_hours)
  select $1::uuid, $2::boolean, $3::text, $4::timestamptz, $5::timestamptz, $6::int, $7::int, $8::int, $9::int, $10::int, $11::int
  where exists (select 1 from auth_session s join users u on u.id = s.user_id
                where s.token = $12 and s.expires_at > now() and u.role = 'admin' and not u.disabled)
  on conflict (season_id) do update set booking_open = excluded.booking_open, paused_message = excluded.paused_message,
    window_opens_at = excluded.window_opens_at, window_closes_at = excluded.window_closes_at, max_per_week = excluded.max_per_week,
    max_per_day = excluded.max_per_day, max_upcoming = excluded.max_upcoming, min_lead_hours = excluded.min_lead_hours,
    max_ahead_days = excluded.max_ahead_days, cancel_cutoff_hours = excluded.cancel_cutoff_hours, updated_at = now()
  returning season_id`;

/** A refusal's status and code, as the app answers it (bookings.service.ts: ruleRefusal and the locked path's). */
export function refusalStatus(rule: string): { status: number; code: string } {
  switch (rule) {
    case 'SLOT_TAKEN':
    case 'SLOT_BLOCKED':
    case 'FIELD_CLOSED':
      return { status: 409, code: 'CONFLICT' };
    case 'TEAM_INACTIVE':
      return { status: 403, code: 'FORBIDDEN' };
    case 'SLOT_GONE':
      return { status: 404, code: 'NOT_FOUND' };
    default:
      return { status: 422, code: 'RULE_VIOLATION' };
  }
}

/** The token of a signed session cookie (`<token>.<base64 HMAC-SHA256>`, URI-encoded), or null. */
export function sessionToken(cookieHeader: string | undefined, name: string, secret: string): string | null {
  if (!cookieHeader) return null;
  for (const part of cookieHeader.split(';')) {
    const eq = part.indexOf('=');
    if (eq === -1 || part.slice(0, eq).trim() !== name) continue;
    let value: string;
    try {
      value = decodeURIComponent(part.slice(eq + 1).trim());
    } catch {
      return null;
    }
    const dot = value.lastIndexOf('.');
    if (dot < 1) return null;
    const token = value.slice(0, dot);
    const given = Buffer.from(value.slice(dot + 1), 'base64');
    const expected = createHmac('sha256', secret).update(token).digest();
    return given.length === expected.length && timingSafeEqual(given, expected) ? token : null;
  }
  return null;
}

/** The live stream's writer: slot ids booked within a window reach every open page as one event. */
class Broadcast {
  private readonly streams = new Set<http.ServerResponse>();
  private named = new Set<string>();
  private timer: NodeJS.Timeout | undefined;

  constructor(private readonly windowMs: number) {}

  add(res: http.ServerResponse): void {
    this.streams.add(res);
    res.on('close', () => this.streams.delete(res));
  }

  hear(slotId: string): void {
    this.named.add(slotId);
    this.timer ??= setTimeout(() => this.flush(), this.windowMs);
  }

  private flush(): void {
    this.timer = undefined;
    const chunk = `event: slots\ndata: ${JSON.stringify({ slotIds: [...this.named] })}\n\n`;
    this.named = new Set();
    for (const res of this.streams) res.write(chunk);
  }

  close(): void {
    clearTimeout(this.timer);
    for (const res of this.streams) res.end();
    this.streams.clear();
  }
}

const BROADCAST_WINDOW_MS = 50;

function send(res: http.ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(text) });
  res.end(text);
}

const fail = (res: http.ServerResponse, status: number, code: string, rule?: string) => send(res, status, { error: rule ? { code, rule } : { code } });

function readBody(req: http.IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString()));
    req.on('error', reject);
  });
}

/** SQLSTATE of a driver error (postgres-js and PGlite both carry `code`). */
const sqlState = (err: unknown) => (typeof err === 'object' && err && 'code' in err ? String(err.code) : '');

export interface Floor {
  server: http.Server;
  /** Ends the live streams (so `server.close()` can finish). */
  close(): void;
}

export function createFloor(o: FloorOptions): Floor {
  const cookieName = o.cookieName ?? 'better-auth.session_token';
  const maxAgeDays = o.sessionMaxAgeDays ?? 30;
  const broadcast = new Broadcast(BROADCAST_WINDOW_MS);

  async function book(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const token = sessionToken(req.headers.cookie, cookieName, o.authSecret);
    if (!token) return fail(res, 401, 'UNAUTHENTICATED');
    let slotId: unknown;
    try {
      slotId = (JSON.parse(await readBody(req)) as { slotId?: unknown }).slotId;
    } catch {
      return fail(res, 400, 'BAD_REQUEST');
    }
    if (typeof slotId !== 'string') return fail(res, 400, 'BAD_REQUEST');
    const ua = req.headers['user-agent'] ?? null;
    const bookingId = randomUUID();
    const rows = await o.db.query<BookRow>(BOOK_STATEMENT, [bookingId, slotId, new Date().toISOString(), o.timeZone, req.socket.remoteAddress ?? null, ua, token, maxAgeDays]);
    const row = rows[0];
    if (!row) return fail(res, 401, 'UNAUTHENTICATED');
    if (!row.team_id) return fail(res, 403, 'FORBIDDEN', 'NO_TEAM');
    if (row.role === 'member') return fail(res, 403, 'FORBIDDEN', 'NOT_COACH');
    const result = (typeof row.result === 'string' ? JSON.parse(row.result) : row.result) as BookResult;
    if (!result.ok) {
      const { status, code } = refusalStatus(result.code);
      return fail(res, status, code, result.code);
    }
    broadcast.hear(slotId);
    const { ok: _ok, ...facts } = result;
    // The app's answer, made of what the call read and wrote (as bookings.service `book` makes it).
    send(res, 201, {
      booking: { id: bookingId, slotId, teamId: row.team_id, status: 'confirmed', ...facts, bookedByEmail: row.email, cancelledAt: null, cancelReason: null, override: false, overrideReason: null },
    });
  }

  async function saveRules(req: http.IncomingMessage, res: http.ServerResponse, seasonId: string): Promise<void> {
    const token = sessionToken(req.headers.cookie, cookieName, o.authSecret);
    if (!token) return fail(res, 401, 'UNAUTHENTICATED');
    const r = JSON.parse(await readBody(req)) as Record<string, string | number | boolean | null>;
    const keys = ['bookingOpen', 'pausedMessage', 'windowOpensAt', 'windowClosesAt', 'maxPerWeek', 'maxPerDay', 'maxUpcoming', 'minLeadHours', 'maxAheadDays', 'cancelCutoffHours'];
    const rows = await o.db.query(RULES_STATEMENT, [seasonId, ...keys.map((k) => r[k] ?? null), token]);
    if (rows.length === 0) return fail(res, 403, 'FORBIDDEN');
    send(res, 200, { rules: r });
  }

  function events(res: http.ServerResponse): void {
    res.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-store', connection: 'keep-alive' });
    res.write('retry: 2000\n\n');
    broadcast.add(res);
  }

  const server = http.createServer((req, res) => {
    const url = req.url ?? '/';
    const route = async () => {
      if (req.method === 'POST' && url === '/api/bookings') return book(req, res);
      if (req.method === 'GET' && url === '/api/health') return send(res, 200, { ok: true });
      if (req.method === 'GET' && url === '/api/events') return events(res);
      // The bench's memory split (bench/processes.ts sampleMemorySplit) reads the app's /api/diag; the floor's answer
      // has the one figure it reads, in the same place, to anyone (the floor has no sign-in).
      if (req.method === 'GET' && url === '/api/diag') return send(res, 200, { admin: { server: { memory: { embeddedDatabase: o.db.embeddedMemoryBytes() } } } });
      const rules = /^\/api\/seasons\/([^/]+)\/booking-rules$/.exec(url);
      if (req.method === 'PUT' && rules) return saveRules(req, res, rules[1]!);
      req.resume();
      fail(res, 404, 'NOT_FOUND');
    };
    route().catch((err: unknown) => {
      if (res.headersSent) return res.destroy();
      const state = sqlState(err);
      // The unique index on a slot's confirmed booking is the last word on a race, as in the app.
      if (state === '23505') return fail(res, 409, 'CONFLICT', 'SLOT_TAKEN');
      if (state === '22P02') return fail(res, 400, 'BAD_REQUEST');
      // The database is away or refuses for a while (connections, a statement cancelled): try again.
      if (/^(08|53|57)/.test(state) || state === '55P03' || state === '40001' || state === '40P01') return fail(res, 503, 'UNAVAILABLE');
      process.stderr.write(`floor: ${String(err)}\n`);
      fail(res, 500, 'INTERNAL');
    });
  });
  server.keepAliveTimeout = 65_000;
  return { server, close: () => broadcast.close() };
}
