import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, blocks, bookings, notificationOutbox } from '../../db/schema';
import { GAME_IMPORT_TOO_LARGE, type GameImportPreview, type GameImportProgress } from '../../../shared/schedule-import/schedule-import.schemas';
import { at, nextMonday, seedLeague, TZ, type League } from '../../test/booking-fixtures';
import { buildTestApp, TEST_ORIGIN, type TestApp, type TestUser } from '../../test/test-app';

let t: TestApp;
let league: League;
let admin: TestUser;
let coachA: TestUser;
let coachB: TestUser;
let fieldName: string;

const post = (user: TestUser | null, url: string, payload: unknown) =>
  t.app.inject({ method: 'POST', url, payload: payload as object, headers: { origin: TEST_ORIGIN, ...(user ? { cookie: user.cookie } : {}) } });

const preview = async (filename: string, content: string): Promise<GameImportPreview> => {
  const res = await post(admin, '/api/admin/schedule-import/preview', { filename, content });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<GameImportPreview>();
};

const apply = async (filename: string, content: string): Promise<GameImportProgress[]> => {
  const res = await post(admin, '/api/admin/schedule-import/apply', { filename, content });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toContain('application/x-ndjson');
  return res.body.trim().split('\n').map((l) => JSON.parse(l) as GameImportProgress);
};

const day = (d: number) => nextMonday().add({ days: d }).toString();
const countOf = async (table: typeof blocks | typeof notificationOutbox) => t.database.db.$count(table);

beforeAll(async () => {
  t = await buildTestApp();
  league = await seedLeague(t, { teams: 2, rules: { maxPerWeek: 10, maxUpcoming: 20 } });
  admin = await t.signUp({ email: 'gi-admin@example.org', role: 'admin' });
  coachA = await t.signUp({ email: 'gi-a@example.org', role: 'coach', teamId: league.teamIds[0]!, name: 'Ann Coach' });
  coachB = await t.signUp({ email: 'gi-b@example.org', role: 'coach', teamId: league.teamIds[1]!, name: 'Ben Coach' });
  const facilities = (await t.app.inject({ url: '/api/facilities' })).json<{ facilities: Array<{ name: string; fields: Array<{ id: string; name: string }> }> }>().facilities;
  const facility = facilities.find((f) => f.fields.some((fl) => fl.id === league.fieldIds[0]))!;
  fieldName = `${facility.name} – Field 1`;
}, 60_000);
afterAll(() => t.close());

describe('importing a game schedule', () => {
  it('previews each game, applies exactly the preview, and a second import of the same file changes nothing', async () => {
    // Day 0: coach A books 17:00, coach B books 18:30; the game 17:00–19:00 covers both slots.
    for (const [coach, slotId] of [
      [coachA, league.slotIds[0]![0]!],
      [coachB, league.slotIds[0]![1]!],
    ] as const) {
      expect((await post(coach, '/api/bookings', { slotId })).statusCode).toBe(201);
    }
    const csv = [
      'date,start,end,field,title',
      `${day(0)},17:00,19:00,${fieldName},Tigers vs Lions`,
      `${day(1)},8:00 pm,9:30 pm,"${fieldName.replace(' – ', ', ')}",`,
      `${day(2)},17:00,19:00,Nowhere – Field 9,`,
      `${day(3)},19:00,17:00,${fieldName},`,
      `${day(4)}x,17:00,19:00,${fieldName},`,
      `${day(0)},18:00,20:00,${fieldName},Late game`,
    ].join('\n');

    const before = await preview('games.csv', csv);
    expect(before.fileError).toBeNull();
    expect(before.timeZone).toBe(TZ);
    expect(before.rows.map((r) => [r.line, r.status, r.fieldName, r.startsAt, r.slots.length, r.reason])).toEqual([
      [2, 'block', fieldName, at(nextMonday(), '17:00').toISOString(), 2, null],
      [3, 'block', fieldName, at(nextMonday().add({ days: 1 }), '20:00').toISOString(), 1, null],
      [4, 'problem', 'Nowhere – Field 9', expect.any(String), 0, expect.stringContaining('No field called "Nowhere – Field 9"')],
      [5, 'problem', fieldName, expect.any(String), 0, 'The game must end after it starts: check the end time (a game cannot run past midnight).'],
      [6, 'problem', fieldName, null, 0, expect.stringContaining('is not a date')],
      [7, 'problem', fieldName, expect.any(String), 0, 'It overlaps the game on row 2 on the same field.'],
    ]);
    expect(before.rows[0]!.title).toBe('Tigers vs Lions');
    expect(before.rows[0]!.slots.map((s) => s.id)).toEqual([league.slotIds[0]![0], league.slotIds[0]![1]]);
    expect(before.rows[0]!.bookings.map((b) => [b.teamName.startsWith('Team 1'), b.coaches])).toEqual([
      [true, ['Ann Coach']],
      [false, ['Ben Coach']],
    ]);
    expect(before.totals).toEqual({ rows: 6, block: 2, already: 0, problem: 4, slots: 3, bookings: 2 });

    const blocksBefore = await countOf(blocks);
    const outboxBefore = await countOf(notificationOutbox);
    const lines = await apply('games.csv', csv);
    expect(lines.filter((l) => l.type === 'progress').map((l) => (l.type === 'progress' ? l.done : -1))).toEqual([0, 1, 2]);
    // The summary is the preview's totals: preview equals the applied result.
    expect(lines.at(-1)).toEqual({ type: 'done', totals: before.totals });

    expect((await countOf(blocks)) - blocksBefore).toBe(2);
    const made = await t.database.db.select().from(blocks).where(inArray(blocks.fieldId, league.fieldIds));
    expect(made.map((b) => [b.category, b.reason, b.scope]).sort()).toEqual([
      ['event', 'Game: Tigers vs Lions', 'field'],
      ['event', 'Game: league game', 'field'],
    ]);
    expect(made.every((b) => b.importKey && /^[0-9a-f]{64}$/.test(b.importKey))).toBe(true);

    // The covered bookings are cancelled, each with its notification queued for the team's coaches.
    const hit = await t.database.db.select().from(bookings).where(inArray(bookings.slotId, [league.slotIds[0]![0]!, league.slotIds[0]![1]!]));
    expect(hit.map((b) => [b.status, b.cancelReason])).toEqual([
      ['cancelled', 'Event: Game: Tigers vs Lions'],
      ['cancelled', 'Event: Game: Tigers vs Lions'],
    ]);
    const queued = await t.database.db.select().from(notificationOutbox).where(eq(notificationOutbox.kind, 'booking.cancelled'));
    expect(queued.map((q) => q.teamId).sort()).toEqual([...league.teamIds].sort());
    expect((await countOf(notificationOutbox)) - outboxBefore).toBe(2);

    // The slots show blocked with the game as the reason.
    const slots = (await t.app.inject({ url: `/api/slots?from=${day(0)}&to=${day(1)}&fieldId=${league.fieldIds[0]}` })).json<{ slots: Array<{ id: string; status: string; blockReason: string | null }> }>().slots;
    expect(slots.map((s) => s.status)).toEqual(['blocked', 'blocked', 'open', 'open', 'open', 'blocked']);

    // One summary audit entry for the import, besides one per block.
    const audit = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'block.import'));
    expect(audit.map((a) => a.summary)).toEqual(['Game schedule import (games.csv): 2 game(s) blocked, 2 booking(s) cancelled, 0 already imported, 4 row(s) with a problem']);
    expect(await t.database.db.$count(auditLog, and(eq(auditLog.action, 'slot.block'), eq(auditLog.actorEmail, admin.email)))).toBe(2);

    // Again, even after one of the blocks was lifted: every game is "already", nothing is created or sent.
    expect((await t.app.inject({ method: 'DELETE', url: `/api/blocks/${made[0]!.id}`, headers: { origin: TEST_ORIGIN, cookie: admin.cookie } })).statusCode).toBe(200);
    const blocksAfter = await countOf(blocks);
    const outboxAfter = await countOf(notificationOutbox);
    const again = await preview('games.csv', csv);
    expect(again.rows.map((r) => r.status)).toEqual(['already', 'already', 'problem', 'problem', 'problem', 'problem']);
    expect(again.rows[0]!.slots).toEqual([]);
    expect(again.totals).toEqual({ rows: 6, block: 0, already: 2, problem: 4, slots: 0, bookings: 0 });
    expect((await apply('games.csv', csv)).at(-1)).toEqual({ type: 'done', totals: again.totals });
    expect(await countOf(blocks)).toBe(blocksAfter);
    expect(await countOf(notificationOutbox)).toBe(outboxAfter);
  });

  it('imports an ICS file the same way, times in the file’s zone or the league’s', async () => {
    const d = nextMonday().add({ days: 5 }).toString().replaceAll('-', '');
    const ics = [
      'BEGIN:VCALENDAR',
      'VERSION:2.0',
      'PRODID:-//test//games//EN',
      'BEGIN:VEVENT',
      'UID:g1@example.org',
      'DTSTAMP:20270101T000000Z',
      `DTSTART;TZID=America/New_York:${d}T180000`,
      `DTEND;TZID=America/New_York:${d}T200000`,
      'SUMMARY:Away game',
      `LOCATION:${fieldName}`,
      'END:VEVENT',
      'BEGIN:VEVENT',
      'UID:g2@example.org',
      'DTSTAMP:20270101T000000Z',
      `DTSTART:${d}T200000`,
      `DTEND:${d}T210000`,
      `LOCATION:${fieldName}`,
      'END:VEVENT',
      'END:VCALENDAR',
    ].join('\r\n');
    const before = await preview('season.ics', ics);
    expect(before.format).toBe('ics');
    // 18:00–20:00 in New York is 17:00–19:00 in the league's Chicago (two slots); the floating 20:00 is league time.
    expect(before.rows.map((r) => [r.line, r.status, r.startsAt, r.slots.map((s) => s.id)])).toEqual([
      [4, 'block', at(nextMonday().add({ days: 5 }), '17:00').toISOString(), [league.slotIds[5]![0], league.slotIds[5]![1]]],
      [12, 'block', at(nextMonday().add({ days: 5 }), '20:00').toISOString(), [league.slotIds[5]![2]]],
    ]);
    expect((await apply('season.ics', ics)).at(-1)).toEqual({ type: 'done', totals: before.totals });
    expect((await preview('season.ics', ics)).totals).toMatchObject({ block: 0, already: 2 });
  });

  it('a file the import cannot read says so; apply refuses it before anything happens', async () => {
    const bad = await preview('games.csv', 'when,where\n2027-01-01,Park');
    expect(bad.fileError).toMatch(/header row needs the columns date, start, end, field/);
    const refused = await post(admin, '/api/admin/schedule-import/apply', { filename: 'games.csv', content: 'when,where\n2027-01-01,Park' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.message).toMatch(/^The file cannot be imported: The header row needs/);
    const wrongType = await post(admin, '/api/admin/schedule-import/preview', { filename: 'games.xlsx', content: 'x' });
    expect(wrongType.statusCode).toBe(400);
    expect(wrongType.json().error.message).toContain('Choose an .ics (calendar) or .csv (spreadsheet) file');
  });

  it('refuses a file over 1 MB with words, and a request far over that at the door', async () => {
    const big = `date,start,end,field\n${'x'.repeat(1_000_001)}`;
    const res = await post(admin, '/api/admin/schedule-import/preview', { filename: 'games.csv', content: big });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toContain(GAME_IMPORT_TOO_LARGE);
    const huge = await post(admin, '/api/admin/schedule-import/apply', { filename: 'games.csv', content: 'x'.repeat(4_000_000) });
    expect(huge.statusCode).toBe(413);
    expect(huge.json().error.code).toBe('VALIDATION_FAILED');
  });

  it('is for admins only', async () => {
    const body = { filename: 'games.csv', content: `date,start,end,field\n${day(6)},17:00,19:00,${fieldName}` };
    for (const url of ['/api/admin/schedule-import/preview', '/api/admin/schedule-import/apply']) {
      expect((await post(coachA, url, body)).statusCode).toBe(403);
      expect((await post(null, url, body)).statusCode).toBe(401);
    }
    expect(await t.database.db.$count(blocks, eq(blocks.startsAt, at(nextMonday().add({ days: 6 }), '17:00')))).toBe(0);
  });
});
