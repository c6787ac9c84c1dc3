import { parse } from 'csv-parse/sync';
import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/client';
import { buildTestApp, TEST_ORIGIN, type TestApp, type TestUser } from '../../test/test-app';
import { auditPageQuery } from './audit.repository';
import { AUDIT_CSV_COLUMNS, encodeAuditCursor } from './audit-log.service';

/**
 * Issue 14, the audit-log screen's API: each filter alone and together, keyset paging that returns every matching
 * row exactly once in order although many rows share one `at` (and others differ only in microseconds), bad
 * cursors, admin-only access, and the CSV of the filtered view. Every expectation is a direct SQL query.
 */
const ROWS = 6000;
const ZONE = 'America/Chicago';
let t: TestApp;
let admin: TestUser;
let coach: TestUser;

beforeAll(async () => {
  t = await buildTestApp({ LEAGUE_TIMEZONE: ZONE });
  admin = await t.signUp({ email: 'audit-reader@example.org', role: 'admin', name: 'Audit Reader' });
  coach = await t.signUp({ email: 'audit-coach@example.org', role: 'coach' });
  // Groups of 40 rows 37 minutes apart from 2027-03-01 00:00 UTC (Feb 28, 18:00 in Chicago) over four league days:
  // in each group the even rows share one `at` exactly, the odd ones differ from it by 1-39 microseconds (all
  // inside one millisecond, which a JS Date cannot tell apart).
  await t.database.db.execute(sql`
    insert into audit_log (at, actor_id, actor_email, action, entity_type, entity_id, summary, before, after)
    select timestamptz '2027-03-01 00:00:00+00' + (i / 40) * interval '37 minutes' + case when i % 2 = 0 then interval '0' else (i % 40) * interval '1 microsecond' end,
      case when i % 5 = 0 then null else 'actor-' || (i % 5) end,
      case when i % 5 = 0 then null when i % 5 in (1, 2) then 'Alice@Example.org' else 'bob@example.org' end,
      (array['booking.create', 'booking.cancel', 'slot.update'])[i % 3 + 1],
      (array['booking', 'booking', 'slot'])[i % 3 + 1],
      'e' || (i % 17),
      case i % 7 when 0 then 'Cancelled the Orioles practice: rain' when 1 then 'Blue Jays booked Field 1' when 2 then 'Orioles booked Field 2' else 'Moved a slot ' || i end,
      case when i % 3 = 0 then null else jsonb_build_object('n', i, 'field', jsonb_build_object('name', 'F' || (i % 4))) end,
      jsonb_build_object('n', i + 1, 'field', jsonb_build_object('name', 'F' || (i % 4)))
    from generate_series(1, ${ROWS}) as i`);
  await t.database.db.execute(sql`
    insert into audit_log (at, actor_email, action, entity_type, entity_id, summary, before, after)
    values (timestamptz '2027-03-10 12:00:00+00', 'audit-reader@example.org', 'user.role.change', 'user', ${coach.id}, 'Coach: role Member → Coach by an admin', '{"role":"member"}', '{"role":"coach"}'),
           (timestamptz '2027-03-10 12:00:01+00', null, 'season.create', 'season', null, '=HYPERLINK("http://evil.example")', null, '{"name":"x"}')`);
  await t.database.db.execute(sql`analyze audit_log`);
  t.wroteBehindTheApp();
}, 120_000);
afterAll(() => t.close());

/** Every row of a CSV body, the header first, as arrays of cells. */
const csvRows = (body: string): string[][] => parse(body);

const get = (url: string, cookie = admin.cookie) => t.app.inject({ url, headers: cookie ? { cookie } : {} });

interface Entry {
  id: string;
  at: string;
  actorEmail: string | null;
  entityLabel: string | null;
  before: unknown;
  after: unknown;
  summary: string;
}

async function walk(filters: string, limit: number): Promise<{ ids: string[]; pages: number; entries: Entry[] }> {
  const entries: Entry[] = [];
  let cursor: string | null = null;
  let pages = 0;
  do {
    const res = await get(`/api/admin/audit-log?${filters}&limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<{ entries: Entry[]; nextCursor: string | null }>();
    expect(body.entries.length).toBeLessThanOrEqual(limit);
    entries.push(...body.entries);
    cursor = body.nextCursor;
    pages++;
    expect(pages).toBeLessThan(2000);
  } while (cursor);
  return { ids: entries.map((e) => e.id), pages, entries };
}

/** The ids SQL finds for a condition, newest first: what the screen must show, in its order. */
const expected = async (where: SQL) =>
  rowsOf<{ id: string }>(await t.database.db.execute(sql`select id from audit_log where ${where} order by at desc, id desc`)).map((r) => r.id);
const localDay = sql`(at at time zone ${ZONE})::date`;

async function expectFilter(filters: string, where: SQL, limit = 50): Promise<string[]> {
  const want = await expected(where);
  const got = await walk(filters, limit);
  expect(new Set(got.ids).size).toBe(got.ids.length);
  expect(got.ids).toEqual(want);
  return want;
}

describe('filters, each alone', () => {
  it('no filter: every entry, newest first', async () => {
    const all = await expectFilter('', sql`true`, 200);
    expect(all.length).toBeGreaterThanOrEqual(ROWS + 2);
  });

  it('actor by email, whatever its case; "system" for entries nobody signed in made', async () => {
    const alice = await expectFilter('actor=alice%40EXAMPLE.org', sql`actor_email = 'Alice@Example.org'`);
    expect(alice).toHaveLength((ROWS * 2) / 5);
    const system = await expectFilter('actor=system', sql`actor_email is null`);
    expect(system.length).toBeGreaterThanOrEqual(ROWS / 5 + 1);
    expect(await expectFilter('actor=nobody%40example.org', sql`false`)).toEqual([]);
  });

  it('action', async () => {
    expect(await expectFilter('action=booking.cancel', sql`action = 'booking.cancel'`)).toHaveLength(ROWS / 3);
  });

  it('entity type alone, and with an id', async () => {
    expect(await expectFilter('entityType=slot', sql`entity_type = 'slot'`)).toHaveLength(ROWS / 3);
    const one = await expectFilter('entityType=booking&entityId=e3', sql`entity_type = 'booking' and entity_id = 'e3'`);
    expect(one.length).toBeGreaterThan(100);
  });

  it('league days in the league time zone, both ends included', async () => {
    // 2027-03-01 00:00 UTC is still Feb 28 in Chicago: the first rows belong to Feb 28, not March 1.
    const feb28 = await expectFilter('to=2027-02-28', sql`${localDay} <= '2027-02-28'`);
    expect(feb28.length).toBeGreaterThan(0);
    expect(await expectFilter('from=2027-03-02&to=2027-03-02', sql`${localDay} = '2027-03-02'`)).toHaveLength(
      rowsOf<{ n: number }>(
        await t.database.db.execute(sql`select count(*)::int as n from audit_log where at >= '2027-03-02 06:00:00+00' and at < '2027-03-03 06:00:00+00'`),
      )[0]!.n,
    );
    await expectFilter('from=2027-03-03', sql`${localDay} >= '2027-03-03'`);
  });

  it('full-text search of the summary (words, a phrase, a word left out)', async () => {
    expect(await expectFilter('q=orioles', sql`summary ilike '%orioles%'`)).toHaveLength(
      rowsOf<{ n: number }>(await t.database.db.execute(sql`select count(*)::int as n from audit_log where summary like '%Orioles%'`))[0]!.n,
    );
    await expectFilter('q=%22blue%20jays%22', sql`summary like '%Blue Jays%'`);
    await expectFilter('q=orioles%20-rain', sql`summary like '%Orioles%' and summary not like '%rain%'`);
  });
});

describe('filters combined', () => {
  it('actor, action, entity, days and search together are ANDed', async () => {
    await expectFilter(
      'actor=bob%40example.org&action=booking.cancel&entityType=booking&from=2027-03-01&to=2027-03-02&q=orioles',
      sql`actor_email = 'bob@example.org' and action = 'booking.cancel' and entity_type = 'booking' and ${localDay} between '2027-03-01' and '2027-03-02' and summary like '%Orioles%'`,
      7,
    );
    await expectFilter(
      'actor=system&entityType=booking&entityId=e5&from=2027-03-02',
      sql`actor_email is null and entity_type = 'booking' and entity_id = 'e5' and ${localDay} >= '2027-03-02'`,
      3,
    );
  });
});

describe('keyset paging', () => {
  it('pages of 7 through a filtered set return every row exactly once, in order, though 20 rows share each `at`', async () => {
    const ties = rowsOf<{ n: number }>(
      await t.database.db.execute(sql`select max(c)::int as n from (select count(*) as c from audit_log where entity_type = 'booking' group by at) g`),
    )[0]!.n;
    expect(ties).toBeGreaterThan(7);
    const got = await walk('entityType=booking', 7);
    expect(got.ids).toEqual(await expected(sql`entity_type = 'booking'`));
    expect(got.pages).toBe(Math.ceil(got.ids.length / 7));
  });

  it('pages of 200 through everything, ordered by `at` then id (microseconds kept in the entry)', async () => {
    const got = await walk('', 200);
    expect(got.ids).toEqual(await expected(sql`true`));
    const withMicros = got.entries.find((e) => !e.at.endsWith('000Z'));
    expect(withMicros?.at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/);
  });

  it('the page query seeks an (at, id) index after the cursor with LIMIT and no OFFSET', async () => {
    const [mid] = rowsOf<{ at: string; id: string }>(
      await t.database.db.execute(
        sql`select to_char(at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as at, id from audit_log where action = 'slot.update' order by at desc, id desc offset 1000 limit 1`,
      ),
    );
    const query = auditPageQuery(t.database.db, { action: 'slot.update' }, mid!, 51);
    const { sql: text, params } = query.toSQL();
    expect(text.toLowerCase()).not.toContain('offset');
    const literal = (p: unknown) => (typeof p === 'number' ? String(p) : `'${String(p).replace(/'/g, "''")}'`);
    const inlined = text.replace(/\$(\d+)/g, (_, n: string) => literal(params[Number(n) - 1]));
    const plan = rowsOf<Record<string, string>>(await t.database.db.execute(sql.raw(`explain ${inlined}`)))
      .map((r) => Object.values(r)[0])
      .join('\n');
    // Either index ending in (at, id) serves it (the planner picks by how common the action is); the cursor is the seek.
    expect(plan).toMatch(/Index Scan Backward using audit_log_(at_id|action)_idx/);
    expect(plan).toMatch(/Index Cond: .*ROW\(at, id\) < ROW\(/);
    expect(plan).not.toMatch(/\bSort\b/);
  });

  it('a cursor it did not make is a 400 that says what to do', async () => {
    const bad = [
      'not-a-cursor',
      Buffer.from('["2027-03-01T00:00:00.000000Z"]').toString('base64url'),
      Buffer.from('["2027-13-01T00:00:00.000000Z","00000000-0000-4000-8000-000000000000"]').toString('base64url'),
      Buffer.from('["2027-03-01T00:00:00.000000Z","x\'); drop table audit_log; --"]').toString('base64url'),
    ];
    for (const cursor of bad) {
      const res = await get(`/api/admin/audit-log?cursor=${encodeURIComponent(cursor)}`);
      expect(res.statusCode, cursor).toBe(400);
      expect(res.json().error.message).toContain('Start again from the first page');
    }
    // A cursor the API made works.
    const ok = await get(`/api/admin/audit-log?cursor=${encodeAuditCursor({ at: '2027-03-02T00:00:00.000000Z', id: '00000000-0000-4000-8000-000000000000' })}`);
    expect(ok.statusCode).toBe(200);
  });

  it('refuses filters that make no sense, with words', async () => {
    const noType = await get('/api/admin/audit-log?entityId=e3');
    expect(noType.statusCode).toBe(400);
    expect(noType.body).toContain('Choose the entity type as well as its id');
    const backwards = await get('/api/admin/audit-log?from=2027-03-05&to=2027-03-01');
    expect(backwards.statusCode).toBe(400);
    expect(backwards.body).toContain('The end date is before the start date');
    expect((await get('/api/admin/audit-log?limit=201')).statusCode).toBe(400);
  });
});

describe('entries', () => {
  it('carry before, after, the actor and, for a person, their email for a link', async () => {
    const { entries } = await walk('entityType=user', 50);
    const change = entries.find((e) => e.summary.startsWith('Coach: role'))!;
    expect(change).toMatchObject({
      actorEmail: 'audit-reader@example.org',
      entityLabel: 'audit-coach@example.org',
      before: { role: 'member' },
      after: { role: 'coach' },
    });
  });

  it('an admin change made through the app is the newest entry, under its admin', async () => {
    const made = await t.app.inject({
      method: 'POST',
      url: '/api/seasons',
      payload: { name: 'Audit Trail 2031', startsOn: '2031-03-01', endsOn: '2031-06-30' },
      headers: { cookie: admin.cookie, origin: TEST_ORIGIN },
    });
    expect(made.statusCode).toBe(201);
    const res = await get('/api/admin/audit-log?actor=audit-reader%40example.org&action=season.create&limit=1');
    expect(res.json().entries[0]).toMatchObject({
      action: 'season.create',
      actorEmail: 'audit-reader@example.org',
      summary: expect.stringContaining('Audit Trail 2031'),
    });
  });
});

describe('CSV export', () => {
  it('holds the filtered view: the header, then the same entries in the same order', async () => {
    const filters = 'actor=bob%40example.org&action=booking.create&from=2027-03-02';
    const res = await get(`/api/admin/audit-log.csv?${filters}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toContain('audit-log.csv');
    const [header, ...rows] = csvRows(res.body);
    expect(header).toEqual([...AUDIT_CSV_COLUMNS]);
    const view = await walk(filters, 200);
    expect(rows.map((r) => r[AUDIT_CSV_COLUMNS.indexOf('entry_id')])).toEqual(view.ids);
    expect(rows[0]![AUDIT_CSV_COLUMNS.indexOf('actor')]).toBe('bob@example.org');
    expect(JSON.parse(rows[0]![AUDIT_CSV_COLUMNS.indexOf('after')]!)).toEqual(view.entries[0]!.after);
  });

  it('a summary that a spreadsheet would run as a formula is written as text; a system entry says "system"', async () => {
    const res = await get('/api/admin/audit-log.csv?action=season.create&actor=system');
    const [, row] = csvRows(res.body);
    expect(row![AUDIT_CSV_COLUMNS.indexOf('summary')]).toBe(`'=HYPERLINK("http://evil.example")`);
    expect(row![AUDIT_CSV_COLUMNS.indexOf('actor')]).toBe('system');
  });
});

describe('access', () => {
  it('admins only: a visitor gets 401, a coach 403, on the list and the CSV', async () => {
    for (const url of ['/api/admin/audit-log', '/api/admin/audit-log.csv']) {
      expect((await get(url, '')).statusCode).toBe(401);
      expect((await get(url, coach.cookie)).statusCode).toBe(403);
      expect((await get(url)).statusCode).toBe(200);
    }
  });
});
