import postgres from 'postgres';
import { createPgliteClient } from '../db/client';

/** Raw SQL on either engine, for tests that look at a database the server has stopped using. */
export type Sql = <T = Record<string, unknown>>(text: string, params?: unknown[]) => Promise<T[]>;

export interface SqlHandle {
  sql: Sql;
  close(): Promise<void>;
}

/** Opens a PGlite data directory (its `pglite/` folder: only when no server holds it) or a PostgreSQL URL. */
export async function openSql(target: { pgliteDir: string } | { url: string }): Promise<SqlHandle> {
  if ('url' in target) {
    const client = postgres(target.url, { max: 1, onnotice: () => {} });
    return {
      sql: async <T,>(text: string, params: unknown[] = []) => (await client.unsafe(text, params as never[])) as unknown as T[],
      close: () => client.end({ timeout: 5 }),
    };
  }
  const client = await createPgliteClient({ dataDir: target.pgliteDir });
  return {
    sql: async <T,>(text: string, params: unknown[] = []) => (await client.query<T>(text, params)).rows,
    close: () => client.close(),
  };
}

export interface TableSnapshot {
  rows: number;
  /** md5 of every row's text form, in primary-key order. */
  checksum: string;
}

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

/**
 * Every table of the app (schemas `public` and `drizzle`): its row count and a checksum of its rows ordered by
 * primary key (by the whole row where a table has none), so two databases can be compared table by table.
 */
export async function snapshotTables(sql: Sql): Promise<Map<string, TableSnapshot>> {
  const tables = await sql<{ schema: string; name: string; pk: string[] | null }>(`
    select n.nspname as schema, c.relname as name,
           (select array_agg(a.attname::text order by k.ord)
              from pg_index i
              cross join lateral unnest(i.indkey) with ordinality as k(attnum, ord)
              join pg_attribute a on a.attrelid = i.indrelid and a.attnum = k.attnum
             where i.indrelid = c.oid and i.indisprimary) as pk
      from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where c.relkind in ('r', 'p') and n.nspname in ('public', 'drizzle')
     order by 1, 2`);
  const result = new Map<string, TableSnapshot>();
  for (const t of tables) {
    const table = `${quote(t.schema)}.${quote(t.name)}`;
    const order = t.pk?.length ? t.pk.map(quote).join(', ') : 't::text';
    const [row] = await sql<{ rows: number; checksum: string | null }>(
      `select count(*)::int as rows, md5(coalesce(string_agg(t::text, E'\\n' order by ${order}), '')) as checksum from ${table} t`,
    );
    result.set(`${t.schema}.${t.name}`, { rows: row!.rows, checksum: row!.checksum ?? '' });
  }
  return result;
}
