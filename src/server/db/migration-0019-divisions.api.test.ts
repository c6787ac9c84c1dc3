import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js';
import { migrate as migratePostgres } from 'drizzle-orm/postgres-js/migrator';
import postgres from 'postgres';
import { afterAll, describe, expect, it } from 'vitest';
import { DEMO_TEAMS } from '../demo/demo-data';
import { withDatabase } from '../test/database-url';
import { createPgliteClient, MIGRATIONS_DIR } from './client';

/**
 * Migration 0019 (issue 29) on a league that already has teams: every free-text `teams.division` label becomes a
 * row of `divisions` and the team points at it, before the label column is dropped. The database is migrated to
 * 0018 by drizzle's own migrator (each file split on `--> statement-breakpoint`, from a copy of the migrations
 * folder whose journal ends there), loaded with the demo's teams plus hostile labels in the old column, migrated
 * through 0019 the same way, checked, and then migrated to the end from the real folder. On PGlite, and on
 * PostgreSQL (a database of its own, dropped afterwards) when TEST_DATABASE_URL is set.
 */

const BEFORE_TAG = '0018_waitlist';
const MIGRATION_TAG = '0019_divisions_and_swaps';

interface Journal {
  entries: Array<{ idx: number; tag: string; when: number }>;
}
const journal = JSON.parse(fs.readFileSync(path.join(MIGRATIONS_DIR, 'meta', '_journal.json'), 'utf8')) as Journal;
const indexOf = (tag: string) => {
  const index = journal.entries.findIndex((e) => e.tag === tag);
  if (index < 0) throw new Error(`${tag} is not in meta/_journal.json`);
  return index;
};

const tempDirs: string[] = [];
afterAll(() => {
  for (const dir of tempDirs) fs.rmSync(dir, { recursive: true, force: true });
});

/** A migrations folder whose journal ends with `lastTag`: drizzle's migrator then applies up to it and no further. */
function migrationsThrough(lastTag: string): string {
  const entries = journal.entries.slice(0, indexOf(lastTag) + 1);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cgsl-mig0019-'));
  tempDirs.push(dir);
  fs.mkdirSync(path.join(dir, 'meta'));
  for (const e of entries) fs.copyFileSync(path.join(MIGRATIONS_DIR, `${e.tag}.sql`), path.join(dir, `${e.tag}.sql`));
  fs.writeFileSync(path.join(dir, 'meta', '_journal.json'), JSON.stringify({ ...journal, entries }));
  return dir;
}

/** The demo's teams with their labels (10U, 12U, 8U), as a league on 0018 held them. */
function demoTeams(): Array<{ name: string; division: string | null }> {
  // The test is about labels: the demo must still be teams with a division label each.
  expect(DEMO_TEAMS.length).toBeGreaterThan(0);
  for (const t of DEMO_TEAMS) expect(typeof t.division, t.name).toBe('string');
  return DEMO_TEAMS.map((t) => ({ name: t.name, division: t.division }));
}

/**
 * Beyond the demo: a label that differs only in case (10u, outvoted by the demo's two 10U), a lower-case spelling
 * that outvotes its upper-case one (14u twice, 14U once: in C collation "14U" sorts first, so this one fails a
 * migration that picks the first spelling alphabetically rather than the commonest), a padded one, blank ones, and
 * one without a leading number.
 */
const EXTRA_TEAMS: Array<{ name: string; division: string | null }> = [
  { name: 'Wrens', division: '10u' },
  { name: 'Sparrows', division: ' 12U ' },
  { name: 'Eagles', division: '14u' },
  { name: 'Falcons', division: '14u' },
  { name: 'Hawks', division: '14U' },
  { name: 'Finches', division: null },
  { name: 'Larks', division: '' },
  { name: 'Owls', division: '   ' },
  { name: 'Herons', division: 'Seniors' },
  { name: "O'Brien's", division: 'Seniors' },
];

/** The labels, once grouped: spelled as most teams spell them, in the league's order (leading number, then name). */
const EXPECTED_DIVISIONS = ['8U', '10U', '12U', '14u', 'Seniors'];

const NEW_TABLES = ['divisions', 'field_divisions', 'division_rules', 'opening_round_divisions', 'swap_offers'];

interface Fresh {
  query<T>(text: string, params?: unknown[]): Promise<T[]>;
  migrate(folder: string): Promise<void>;
  close(): Promise<void>;
}

async function freshPglite(): Promise<Fresh> {
  const client = await createPgliteClient();
  return {
    query: async <T>(text: string, params: unknown[] = []) => (await client.query<T>(text, params)).rows,
    migrate: (folder) => migratePglite(drizzlePglite(client), { migrationsFolder: folder }),
    close: () => client.close(),
  };
}

/** A database of its own on the shared server (the name global-setup.ts sweeps up should the test die). */
async function freshPostgres(url: string): Promise<Fresh> {
  const name = `cgsl_test_${process.pid}_m0019_${randomBytes(3).toString('hex')}`;
  const admin = postgres(url, { max: 1, onnotice: () => {} });
  try {
    await admin.unsafe(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const client = postgres(withDatabase(url, name), { max: 1, onnotice: () => {} });
  return {
    query: async <T>(text: string, params: unknown[] = []) => (await client.unsafe(text, params as never[])) as unknown as T[],
    migrate: (folder) => migratePostgres(drizzlePostgres(client), { migrationsFolder: folder }),
    close: async () => {
      await client.end({ timeout: 5 });
      const dropper = postgres(url, { max: 1, onnotice: () => {} });
      try {
        await dropper.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await dropper.end();
      }
    },
  };
}

const engines: Array<[string, () => Promise<Fresh>]> = [['PGlite', freshPglite]];
if (process.env.TEST_DATABASE_URL) engines.push(['PostgreSQL', () => freshPostgres(process.env.TEST_DATABASE_URL!)]);

/** Sorted in JavaScript, whatever the database's collation. */
const byName = <T extends { name: string }>(rows: T[]) => [...rows].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
const blank = (label: string | null) => (label ?? '').trim() === '';

describe.each(engines)('migration 0019 on a %s database holding the demo teams', (_engine, open) => {
  it('turns every label into a division, one per label whatever its case, and loses no team', async () => {
    expect(indexOf(MIGRATION_TAG)).toBe(indexOf(BEFORE_TAG) + 1);
    const teams = [...demoTeams(), ...EXTRA_TEAMS];
    // The demo's labels are among those the expectations below are about.
    expect(new Set(teams.map((t) => t.division?.trim().toLowerCase()).filter(Boolean))).toEqual(
      new Set(EXPECTED_DIVISIONS.map((d) => d.toLowerCase())),
    );

    const db = await open();
    try {
      await db.migrate(migrationsThrough(BEFORE_TAG));
      // The old column, as a league on 0018 holds it.
      for (const t of teams) await db.query('insert into teams (name, division) values ($1, $2)', [t.name, t.division]);
      const before = byName(await db.query<{ id: string; name: string; division: string | null }>('select id, name, division from teams'));
      expect(before.map((t) => [t.name, t.division])).toEqual(byName(teams).map((t) => [t.name, t.division]));

      await db.migrate(migrationsThrough(MIGRATION_TAG));

      // The label column is gone, the team's division is a reference, and the new tables are there.
      const columns = await db.query<{ column_name: string }>(
        `select column_name from information_schema.columns where table_schema = 'public' and table_name = 'teams'`,
      );
      expect(columns.map((c) => c.column_name)).not.toContain('division');
      expect(columns.map((c) => c.column_name)).toContain('division_id');
      const tables = await db.query<{ table_name: string }>(
        `select table_name from information_schema.tables where table_schema = 'public' and table_name = any($1::text[])`,
        [NEW_TABLES],
      );
      expect(tables.map((t) => t.table_name).sort()).toEqual([...NEW_TABLES].sort());

      // One division per label whatever its case, spelled as most of its teams spell it, in the league's order.
      const divisions = await db.query<{ id: string; name: string; position: number }>('select id, name, position from divisions order by position');
      expect(divisions.map((d) => d.name)).toEqual(EXPECTED_DIVISIONS);
      expect(new Set(divisions.map((d) => d.position)).size).toBe(divisions.length);
      expect(new Set(divisions.map((d) => d.name.toLowerCase())).size).toBe(divisions.length);

      // Every team is still there, the same row, in the division of its label (none for a blank one).
      const after = byName(
        await db.query<{ id: string; name: string; division_name: string | null }>(
          'select t.id, t.name, d.name as division_name from teams t left join divisions d on d.id = t.division_id',
        ),
      );
      expect(after.map((t) => [t.id, t.name])).toEqual(before.map((t) => [t.id, t.name]));
      for (const [i, old] of before.entries()) {
        const now = after[i]!;
        if (blank(old.division)) expect(now.division_name, `${old.name} (label ${JSON.stringify(old.division)})`).toBeNull();
        else expect(now.division_name?.toLowerCase(), `${old.name} (label ${JSON.stringify(old.division)})`).toBe(old.division!.trim().toLowerCase());
      }
      // Every division holds a team: none was made from nothing.
      const empty = await db.query<{ name: string }>(
        'select d.name from divisions d where not exists (select 1 from teams t where t.division_id = d.id)',
      );
      expect(empty).toEqual([]);

      // The rest of the migrations, through drizzle's migrator from the real folder, as the server's next start runs them.
      await db.migrate(MIGRATIONS_DIR);
      const applied = await db.query<{ n: number }>('select count(*)::int as n from drizzle.__drizzle_migrations');
      expect(applied[0]!.n).toBe(journal.entries.length);
      const [{ n: teamCount }] = (await db.query<{ n: number }>('select count(*)::int as n from teams')) as [{ n: number }];
      expect(teamCount).toBe(teams.length);
    } finally {
      await db.close();
    }
  }, 30_000);
});
