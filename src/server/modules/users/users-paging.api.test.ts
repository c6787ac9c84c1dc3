import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/client';
import { buildTestApp, type TestApp, type TestUser } from '../../test/test-app';
import { userPageQuery } from './users.repository';

/**
 * The user manager pages 10,000 people by keyset (lower(display_name), id): every page is read from the index
 * where the last one ended, so the last page costs what the first does, and no OFFSET is ever sent.
 */
const PEOPLE = 10_000;
let t: TestApp;
let admin: TestUser;

beforeAll(async () => {
  t = await buildTestApp();
  admin = await t.signUp({ email: 'paging-admin@example.org', role: 'admin', name: 'Paging Admin' });
  // One statement: the auth rows and their profiles. Names repeat (ten people per name, in mixed case) so the id
  // breaks ties; every tenth person is a coach, every 97th disabled.
  await t.database.db.execute(sql`
    with made as (
      insert into auth_user (id, name, email, email_verified)
      select 'seed-' || lpad(i::text, 5, '0'), case when i % 2 = 0 then 'Person ' else 'person ' end || lpad((i % 1000)::text, 3, '0'), 'seed' || i || '@example.org', true
      from generate_series(1, ${PEOPLE}) as i
      returning id, name, email
    )
    insert into users (id, email, display_name, role, disabled)
    select id, email, name, case when substr(id, 6)::int % 10 = 0 then 'coach' else 'member' end, substr(id, 6)::int % 97 = 0 from made`);
  await t.database.db.execute(sql`analyze users`);
}, 120_000);
afterAll(() => t.close());

const page = (qs: string) => t.app.inject({ url: `/api/admin/users?${qs}`, headers: { cookie: admin.cookie } });

async function walk(filters: string, limit: number): Promise<{ ids: string[]; pages: number; ms: number[]; total: number }> {
  const ids: string[] = [];
  const ms: number[] = [];
  let cursor: string | null = null;
  let total: number;
  let pages = 0;
  do {
    const started = performance.now();
    const res = await page(`${filters}&limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
    ms.push(performance.now() - started);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<{ users: Array<{ id: string }>; nextCursor: string | null; total: number }>();
    ids.push(...body.users.map((u) => u.id));
    cursor = body.nextCursor;
    total = body.total;
    pages++;
  } while (cursor);
  return { ids, pages, ms, total };
}

const expected = async (where: ReturnType<typeof sql>) =>
  rowsOf<{ id: string }>(await t.database.db.execute(sql`select id from users where ${where} order by lower(display_name), id`)).map((r) => r.id);

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

describe('paging 10,000 people', () => {
  it('walks every page in name order: each person once, the same order as a full sort, and the total', async () => {
    const { ids, pages, ms, total } = await walk('', 100);
    const all = await expected(sql`true`);
    expect(all).toHaveLength(PEOPLE + 1);
    expect(ids).toEqual(all);
    expect(new Set(ids).size).toBe(ids.length);
    expect(total).toBe(PEOPLE + 1);
    expect(pages).toBe(Math.ceil((PEOPLE + 1) / 100));
    // The last pages cost what the first ones do (an OFFSET would make page 100 read 10,000 rows).
    const first = median(ms.slice(1, 11));
    const last = median(ms.slice(-10));
    console.log(`[paging] ${PEOPLE} people, ${pages} pages of 100 on ${t.database.kind}: median ${first.toFixed(1)} ms for pages 2-11, ${last.toFixed(1)} ms for the last 10 (HTTP round trip, including the total count)`);
    expect(last).toBeLessThan(Math.max(first * 3, 50));
  });

  it('pages a filtered search the same way', async () => {
    const coaches = await walk('role=coach&status=active&q=person%2000', 7);
    expect(coaches.ids).toEqual(await expected(sql`role = 'coach' and not disabled and lower(display_name) like '%person 00%'`));
    expect(coaches.total).toBe(coaches.ids.length);
    expect(coaches.ids.length).toBeGreaterThan(7);
    const disabled = await walk('status=disabled', 25);
    expect(disabled.ids).toEqual(await expected(sql`disabled`));
    expect(disabled.ids).toHaveLength(Math.floor(PEOPLE / 97));
  });

  it('reads a page from the (lower(display_name), id) index after the cursor, with LIMIT and no OFFSET', async () => {
    const query = userPageQuery(t.database.db, {}, { name: 'person 500', id: 'seed-05000' }, 25);
    const { sql: text, params } = query.toSQL();
    expect(text.toLowerCase()).not.toContain('offset');
    expect(text.toLowerCase()).toContain('limit');
    const literal = (p: unknown) => (typeof p === 'number' ? String(p) : `'${String(p).replace(/'/g, "''")}'`);
    const inlined = text.replace(/\$(\d+)/g, (_, n: string) => literal(params[Number(n) - 1]));
    const plan = rowsOf<Record<string, string>>(await t.database.db.execute(sql.raw(`explain ${inlined}`)))
      .map((r) => Object.values(r)[0])
      .join('\n');
    expect(plan).toContain('users_display_name_idx');
    expect(plan).not.toMatch(/Sort\b/);
    const started = performance.now();
    const rows = await query;
    console.log(`[paging] one page from the middle, repository query alone: ${(performance.now() - started).toFixed(1)} ms on ${t.database.kind}\n${plan}`);
    expect(rows).toHaveLength(26);
  });

  it('refuses a cursor it did not make', async () => {
    const res = await page('cursor=not-a-cursor');
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toContain('Search again from the first page');
  });
});
