import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js';
import { migrate as migratePostgres } from 'drizzle-orm/postgres-js/migrator';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPgliteClient, MIGRATIONS_DIR, rowsOf, sqlState, type Database } from '../../db/client';
import * as schema from '../../db/schema';
import { auditLog, authUser, bookings, facilities, fields, invitations, mailMessages, seasons, users } from '../../db/schema';
import { withDatabase } from '../../test/database-url';
import { buildTestApp, TEST_ORIGIN, type TestApp } from '../../test/test-app';

/** Issue 10: the audit log holds against the app's own connection, and the database refuses unknown roles and statuses. */
let t: TestApp;
let auditId: string;

beforeAll(async () => {
  t = await buildTestApp();
  const admin = await t.signUp({ email: 'audit-admin@example.org', role: 'admin' });
  const res = await t.app.inject({ method: 'POST', url: '/api/seasons', payload: { name: 'Audited 2030', startsOn: '2030-03-01', endsOn: '2030-06-30' }, headers: { cookie: admin.cookie, origin: TEST_ORIGIN } });
  expect(res.statusCode).toBe(201);
  auditId = (await t.database.db.select({ id: auditLog.id }).from(auditLog).where(eq(auditLog.action, 'season.create')))[0]!.id;
}, 60_000);
afterAll(() => t.close());

const failure = (work: Promise<unknown>) => work.then(() => null, (e: unknown) => e);
const messageOf = (err: unknown) => `${(err as Error).message} ${((err as { cause?: Error }).cause?.message ?? '')}`;

describe("the audit log is append-only through the app's own database handle", () => {
  it('an UPDATE, a DELETE and a TRUNCATE of audit rows all fail, and the row is unchanged', async () => {
    const db = t.database.db;
    const update = await failure(db.update(auditLog).set({ summary: 'tampered' }).where(eq(auditLog.id, auditId)));
    expect(messageOf(update)).toContain('audit_log is append-only: UPDATE is not allowed');
    expect(sqlState(update)).toBe('42501');
    const del = await failure(db.delete(auditLog).where(eq(auditLog.id, auditId)));
    expect(messageOf(del)).toContain('audit_log is append-only: DELETE is not allowed');
    const truncate = await failure(db.execute(sql`truncate ${auditLog}`));
    expect(messageOf(truncate)).toContain('TRUNCATE is not allowed');
    const [row] = await db.select().from(auditLog).where(eq(auditLog.id, auditId));
    expect(row).toMatchObject({ action: 'season.create', summary: expect.stringContaining('Audited 2030') });
  });

  it('still fails in a session that turns ordinary triggers off (session_replication_role = replica)', async () => {
    const err = await failure(
      t.database.db.transaction(async (tx) => {
        await tx.execute(sql`set local session_replication_role = replica`);
        await tx.update(auditLog).set({ summary: 'tampered' }).where(eq(auditLog.id, auditId));
      }),
    );
    expect(messageOf(err)).toContain('append-only');
  });

  it('a role that does not own the table (how an operator may run the app) has no right to change rows at all', async () => {
    const role = `cgsl_app_${randomBytes(4).toString('hex')}`;
    const err = await failure(
      // Everything, the role included, is rolled back with the failed transaction.
      t.database.db.transaction(async (tx) => {
        await tx.execute(sql.raw(`create role ${role} nologin`));
        await tx.execute(sql.raw(`grant select, insert on audit_log to ${role}`));
        await tx.execute(sql.raw(`set local role ${role}`));
        await tx.update(auditLog).set({ summary: 'tampered' }).where(eq(auditLog.id, auditId));
      }),
    );
    expect(sqlState(err)).toBe('42501');
    expect(messageOf(err)).toContain('permission denied');
    const grants = rowsOf<{ privilege_type: string }>(
      await t.database.db.execute(sql`select privilege_type from information_schema.role_table_grants where table_name = 'audit_log' and grantee = 'PUBLIC'`),
    );
    expect(grants.map((g) => g.privilege_type)).not.toEqual(expect.arrayContaining(['UPDATE']));
  });
});

describe('CHECK constraints on role and status columns', () => {
  it('refuse a role or status the application does not know, written behind its back (23514)', async () => {
    const db = t.database.db;
    const [user] = await db.select({ id: users.id }).from(users).limit(1);
    const attempts: Array<[string, Promise<unknown>]> = [
      ['users.role', db.update(users).set({ role: 'owner' as never }).where(eq(users.id, user!.id))],
      ['invitations.role', db.insert(invitations).values({ email: 'x@example.org', role: 'root' as never, tokenHash: 'h1', expiresAt: new Date() })],
      ['mail_messages.status', db.insert(mailMessages).values({ kind: 'k', toAddress: 'a@example.org', subject: 's', textBody: 't', htmlBody: 'h', messageId: '<m@x>', status: 'lost' as never })],
    ];
    for (const [what, attempt] of attempts) expect(sqlState(await failure(attempt)), what).toBe('23514');
    // Bookings, slots' fields, blocks: below, on a database holding one of each.
  });
});

// ---- The migration on a database that already holds data ----

/** A copy of the migrations with only the first `count` in its journal: a database as it was before 0006. */
function migrationsUpTo(count: number): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cgsl-mig-'));
  fs.cpSync(MIGRATIONS_DIR, dir, { recursive: true });
  const journalFile = path.join(dir, 'meta', '_journal.json');
  const journal = JSON.parse(fs.readFileSync(journalFile, 'utf8')) as { entries: Array<{ tag: string }> };
  journal.entries = journal.entries.slice(0, count);
  fs.writeFileSync(journalFile, JSON.stringify(journal));
  return dir;
}

const BEFORE_HARDENING = 6;

/** One row in every table 0006 constrains, plus audit entries, as a league running 0005 would hold. */
async function seedRows(db: Database, role: string): Promise<void> {
  await db.insert(authUser).values({ id: 'u1', name: 'Casey', email: 'casey@example.org' });
  // In SQL, with the columns teams had then (migration 0019 puts the division in a table of its own).
  const team = rowsOf<{ id: string }>(await db.execute(sql`insert into teams (name) values ('Blue Jays') returning id`))[0];
  await db.execute(sql`insert into users (id, email, display_name, role, team_id) values ('u1', 'casey@example.org', 'Casey', ${role}, ${team!.id})`);
  const [season] = await db.insert(seasons).values({ name: 'Spring', startsOn: '2030-03-01', endsOn: '2030-06-30', active: true }).returning();
  const [facility] = await db.insert(facilities).values({ name: 'Park' }).returning();
  const [field] = await db.insert(fields).values({ facilityId: facility!.id, name: 'Field 1', surface: 'turf' }).returning();
  // In SQL, with the columns slots had then (migration 0018 adds the waitlist's hold, which Drizzle would name).
  const slot = rowsOf<{ id: string }>(
    await db.execute(sql`insert into slots (season_id, field_id, starts_at, ends_at) values (${season!.id}, ${field!.id}, '2030-03-02T17:00:00Z', '2030-03-02T18:00:00Z') returning id`),
  )[0];
  // In SQL, with the columns bookings had then (later migrations add some, which Drizzle would name).
  await db.execute(sql`insert into bookings (slot_id, team_id, booked_by, status) values (${slot!.id}, ${team!.id}, 'u1', 'cancelled')`);
  // Blocks too (migration 0008 adds import_key).
  await db.execute(sql`insert into blocks (scope, field_id, starts_at, ends_at, category, reason) values ('field', ${field!.id}, '2030-04-01T00:00:00Z', '2030-04-02T00:00:00Z', 'weather', 'Rain')`);
  await db.insert(invitations).values({ email: 'new@example.org', role: 'coach', teamId: team!.id, tokenHash: 'hash', expiresAt: new Date('2030-01-01T00:00:00Z') });
  await db.insert(mailMessages).values({ kind: 'invitation', toAddress: 'new@example.org', subject: 's', textBody: 't', htmlBody: 'h', messageId: '<m1@example.org>', status: 'sent' });
  await db.insert(auditLog).values({ action: 'season.create', entityType: 'season', entityId: season!.id, summary: 'Created Spring' });
}

interface Fresh {
  db: Database;
  migrate(folder: string): Promise<void>;
  close(): Promise<void>;
}

async function freshPglite(): Promise<Fresh> {
  const client = await createPgliteClient();
  const db = drizzlePglite(client, { schema }) as unknown as Database;
  return { db, migrate: (folder) => migratePglite(drizzlePglite(client, { schema }), { migrationsFolder: folder }), close: () => client.close() };
}

async function freshPostgres(url: string): Promise<Fresh> {
  const name = `cgsl_test_${process.pid}_mig_${randomBytes(3).toString('hex')}`;
  const admin = postgres(url, { max: 1, onnotice: () => {} });
  await admin.unsafe(`CREATE DATABASE ${name}`);
  await admin.end();
  const client = postgres(withDatabase(url, name), { max: 2, onnotice: () => {} });
  const db = drizzlePostgres(client, { schema }) as unknown as Database;
  return {
    db,
    migrate: (folder) => migratePostgres(drizzlePostgres(client, { schema }), { migrationsFolder: folder }),
    close: async () => {
      await client.end({ timeout: 5 });
      const dropper = postgres(url, { max: 1, onnotice: () => {} });
      await dropper.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await dropper.end();
    },
  };
}

const engines: Array<[string, () => Promise<Fresh>]> = [['PGlite', freshPglite]];
if (process.env.TEST_DATABASE_URL) engines.push(['PostgreSQL', () => freshPostgres(process.env.TEST_DATABASE_URL!)]);

describe.each(engines)('migration 0006 on a %s database that already holds data', (_engine, open) => {
  let partial: string;
  beforeAll(() => {
    partial = migrationsUpTo(BEFORE_HARDENING);
  });
  afterAll(() => fs.rmSync(partial, { recursive: true, force: true }));

  it('applies over rows that comply, keeps every one, and then refuses bad values', async () => {
    const fresh = await open();
    try {
      await fresh.migrate(partial);
      await seedRows(fresh.db, 'coach');
      await fresh.migrate(MIGRATIONS_DIR);
      expect(await fresh.db.$count(users, eq(users.role, 'coach'))).toBe(1);
      expect(await fresh.db.$count(bookings, eq(bookings.status, 'cancelled'))).toBe(1);
      // 0007 counts the existing cancellation as the booking's first change (its feed event's SEQUENCE).
      expect(await fresh.db.$count(bookings, eq(bookings.sequence, 1))).toBe(1);
      expect(await fresh.db.$count(auditLog)).toBe(1);
      expect(sqlState(await failure(fresh.db.execute(sql`update users set role = 'owner'`)))).toBe('23514');
      expect(sqlState(await failure(fresh.db.execute(sql`update bookings set status = 'maybe'`)))).toBe('23514');
      expect(sqlState(await failure(fresh.db.execute(sql`update blocks set category = 'party'`)))).toBe('23514');
      expect(sqlState(await failure(fresh.db.execute(sql`update fields set surface = 'ice'`)))).toBe('23514');
      expect(messageOf(await failure(fresh.db.execute(sql`delete from audit_log`)))).toContain('append-only');
    } finally {
      await fresh.close();
    }
  }, 60_000);

  it('stops with a list of the rows to correct, changing nothing, when a row holds an unknown value', async () => {
    const fresh = await open();
    try {
      await fresh.migrate(partial);
      await seedRows(fresh.db, 'owner');
      const err = await failure(fresh.migrate(MIGRATIONS_DIR));
      expect(messageOf(err)).toContain('Migration 0006_hardening stopped');
      expect(messageOf(err)).toContain('users.role: 1 row(s) not admin, coach or member');
      // Rolled back as a whole: no constraint was added, and the row is as it was.
      expect(await fresh.db.$count(users, eq(users.role, 'owner' as never))).toBe(1);
      await fresh.db.execute(sql`update bookings set status = 'maybe'`);
      // Once the row is corrected, the server's next start applies it.
      await fresh.db.execute(sql`update users set role = 'member' where role = 'owner'`);
      await fresh.db.execute(sql`update bookings set status = 'cancelled'`);
      await fresh.migrate(MIGRATIONS_DIR);
      expect(sqlState(await failure(fresh.db.execute(sql`update users set role = 'owner'`)))).toBe('23514');
    } finally {
      await fresh.close();
    }
  }, 60_000);
});
