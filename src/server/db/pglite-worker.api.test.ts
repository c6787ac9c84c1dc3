import fs from 'node:fs';
import { messages, TransactionAbortedError, types, type PGlite, type QueryOptions } from '@electric-sql/pglite';
import { eq, sql } from 'drizzle-orm';
import { bigint, date, integer, jsonb, numeric, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { drizzle } from 'drizzle-orm/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { createPgliteClient, sqlState, type EmbeddedClient } from './client';
import { embeddedMemoryBytes } from './pglite-open';
import { PgliteWorkerClient } from './pglite-worker';

/**
 * The PGlite worker against PGlite in this thread, on copies of the same migrated database: the same statements
 * must give the same rows (values of the same types), the same errors and the same transactions; a slow statement
 * holds the worker and not this thread's event loop.
 */

let template: Blob;
let local: PGlite;
let worker: PgliteWorkerClient;

beforeAll(async () => {
  template = new Blob([fs.readFileSync(inject('pgliteTemplate'))]);
  [local, worker] = await Promise.all([createPgliteClient({ loadDataDir: template }), PgliteWorkerClient.create({ loadDataDir: template })]);
  for (const client of [local, worker] as EmbeddedClient[]) {
    await client.exec(`
      create type worker_mood as enum ('calm', 'busy');
      create table worker_probe (
        id int primary key, name text not null unique, at timestamptz, day date, amount numeric, big bigint,
        doc jsonb, tags text[], days date[], moods worker_mood[], ids uuid[], times timestamptz[]
      );`);
  }
});

afterAll(async () => {
  await Promise.all([local?.close(), worker?.close()]);
});

/** Each value's type, all the way down: equal rows must also be rows of equal types. */
function typesOf(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(typesOf);
  if (value instanceof Date) return 'Date';
  if (ArrayBuffer.isView(value)) return value.constructor.name;
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, typesOf(v)]));
  return typeof value;
}

async function onBoth<T>(run: (client: EmbeddedClient) => Promise<T>): Promise<[T, T]> {
  return [await run(local), await run(worker)];
}

const EVERY_TYPE = `
  select 1::int2 as small, 2::int4 as int, 9007199254740993::int8 as big, 1.25::numeric as num, 1.5::float4 as f4, 2.5::float8 as f8,
         true as yes, 'text'::text as txt, 'v'::varchar as vc, 'a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11'::uuid as id,
         '2027-03-01 18:05:02.123+00'::timestamptz as tz, '2027-03-01 18:05:02'::timestamp as ts, '2027-03-01'::date as day,
         interval '1 day 2 hours' as span, '{"a": [1, {"b": null}], "c": "d"}'::jsonb as doc, '[1, 2]'::json as js,
         '\\x00ff10'::bytea as bytes, array[1, 2, null] as ints, array['a', 'b,c', null] as texts,
         array['2027-03-01 18:05:02+00'::timestamptz] as tzs, array['2027-03-01'::date] as days, array['{"x":1}'::jsonb] as docs,
         tstzrange('2027-03-01 18:00+00', '2027-03-01 19:00+00') as slot, null::text as nothing, null::int[] as no_ints,
         'calm'::worker_mood as mood, array['busy'::worker_mood] as moods, 'x' as same, 'y' as same`;

/** drizzle-orm/pglite's options: rows as arrays, its own parsers for dates, timestamps and intervals. */
const IDENTITY = (value: string) => value;
const DRIZZLE_OPTIONS: QueryOptions = {
  rowMode: 'array',
  parsers: { [types.TIMESTAMP]: IDENTITY, [types.TIMESTAMPTZ]: IDENTITY, [types.INTERVAL]: IDENTITY, [types.DATE]: IDENTITY, 1231: IDENTITY, 1115: IDENTITY, 1185: IDENTITY, 1187: IDENTITY, 1182: IDENTITY },
};

describe('the PGlite worker answers as PGlite in this thread does', () => {
  it('gives every type back as the same value of the same type, in object and in array rows', async () => {
    for (const options of [undefined, DRIZZLE_OPTIONS, { rowMode: 'object' as const, parsers: { [types.INT4]: (v: string) => `int:${v}` } }]) {
      const [a, b] = await onBoth((c) => c.query(EVERY_TYPE, [], options));
      expect(b).toEqual(a);
      expect(typesOf(b.rows)).toEqual(typesOf(a.rows));
    }
    const [a] = await onBoth((c) => c.query<Record<string, unknown>>(EVERY_TYPE));
    // The parsed values this comparison rests on (not all strings): Date, Uint8Array, objects, arrays.
    expect(typesOf(a.rows[0])).toMatchObject({ tz: 'Date', day: 'Date', bytes: 'Uint8Array', doc: { a: ['number', { b: 'object' }] }, ints: ['number', 'number', 'object'] });
  });

  it('binds parameters of every kind as PGlite does', async () => {
    const params = [new Date('2027-03-01T18:05:02.123Z'), 9007199254740993n, { a: [1, 'two'] }, ['x', 'y'], new Uint8Array([0, 255]), null, 42, true, 'text'];
    const [a, b] = await onBoth((c) =>
      c.query('select $1::timestamptz as d, $2::int8 as big, $3::jsonb as doc, $4::text[] as arr, $5::bytea as bytes, $6::text as n, $7::int as i, $8::bool as b, $9 as t', params),
    );
    expect(b).toEqual(a);
    expect(typesOf(b.rows)).toEqual(typesOf(a.rows));
  });

  it('reads and writes through drizzle on both the same way', async () => {
    const probe = pgTable('worker_probe', {
      id: integer('id').primaryKey(),
      name: text('name').notNull(),
      at: timestamp('at', { withTimezone: true, mode: 'date' }),
      day: date('day', { mode: 'string' }),
      amount: numeric('amount'),
      big: bigint('big', { mode: 'bigint' }),
      doc: jsonb('doc'),
      tags: text('tags').array(),
      days: date('days', { mode: 'string' }).array(),
      ids: uuid('ids').array(),
      times: timestamp('times', { withTimezone: true, mode: 'string' }).array(),
    });
    const [a, b] = await onBoth(async (client) => {
      const db = drizzle(client as PGlite);
      await db.insert(probe).values({
        id: 1,
        name: 'first',
        at: new Date('2027-03-01T18:05:02.123Z'),
        day: '2027-03-01',
        amount: '12.50',
        big: 9007199254740993n,
        doc: { nested: { list: [1, 2, 3] }, text: 'é' },
        tags: ['a', 'b'],
        days: ['2027-03-01', '2027-03-08'],
        ids: ['a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11'],
        times: ['2027-03-01 18:05:02+00'],
      });
      const rows = await db.select().from(probe).where(eq(probe.id, 1));
      const joined = await db.execute(sql`select p.*, now() - now() as zero from worker_probe p`);
      const inTx = await db.transaction(async (tx) => {
        await tx.update(probe).set({ name: 'renamed' }).where(eq(probe.id, 1));
        await tx
          .transaction(async (inner) => {
            await inner.update(probe).set({ name: 'lost' }).where(eq(probe.id, 1));
            inner.rollback();
          })
          .catch(() => undefined);
        return tx.select({ name: probe.name }).from(probe);
      });
      await db.delete(probe);
      return { rows, joined: joined.rows, inTx };
    });
    expect(b).toEqual(a);
    expect(typesOf(b)).toEqual(typesOf(a));
    expect(b.inTx).toEqual([{ name: 'renamed' }]);
    expect(b.rows[0]!.at).toBeInstanceOf(Date);
    expect(typeof b.rows[0]!.big).toBe('bigint');
  });

  it("reports its WebAssembly memory as PGlite in this thread does (the diag page's embedded database figure)", async () => {
    const [here, there] = [embeddedMemoryBytes(local), await worker.memoryBytes()];
    // Both opened from the same template and used alike: tens of megabytes each, in 64 KiB WebAssembly pages.
    for (const bytes of [here, there]) {
      expect(bytes).toBeGreaterThan(16 * 1024 * 1024);
      expect(bytes % 65_536).toBe(0);
    }
  });

  it('throws the same errors: class, SQLSTATE, constraint and detail, also through drizzle', async () => {
    const caught = async (run: () => Promise<unknown>) => run().then(() => null, (err: unknown) => err as Record<string, unknown> & Error);
    const [a, b] = await onBoth(async (client) => {
      await client.query(`insert into worker_probe (id, name) values (1, 'one')`);
      const duplicate = await caught(() => client.query(`insert into worker_probe (id, name) values ($1, $2)`, [2, 'one']));
      const syntax = await caught(() => client.exec('select from where'));
      const viaDrizzle = await caught(() => drizzle(client as PGlite).execute(sql`insert into worker_probe (id, name) values (${3}, ${'one'})`));
      // A statement fails inside a transaction the callback then lets commit: PGlite answers that it rolled back.
      const aborted = await caught(() =>
        client.transaction(async (tx) => {
          await tx.query('select 1/0').catch(() => undefined);
        }),
      );
      await client.query('delete from worker_probe');
      return { duplicate, syntax, viaDrizzle, aborted };
    });
    for (const key of ['duplicate', 'syntax', 'aborted'] as const) {
      const [x, y] = [a[key]!, b[key]!];
      expect(y.constructor).toBe(x.constructor);
      expect({ ...y, message: y.message, name: y.name }).toEqual({ ...x, message: x.message, name: x.name });
    }
    expect(b.duplicate).toBeInstanceOf(messages.DatabaseError);
    expect(b.duplicate).toMatchObject({ code: '23505', constraint: 'worker_probe_name_key', detail: 'Key (name)=(one) already exists.' });
    expect(b.aborted).toBeInstanceOf(TransactionAbortedError);
    expect(sqlState(b.viaDrizzle)).toBe('23505');
    expect((b.viaDrizzle as { cause?: unknown }).cause).toBeInstanceOf(messages.DatabaseError);
    expect(b.viaDrizzle!.message).toBe(a.viaDrizzle!.message);
  });
});

describe('transactions in the worker', () => {
  it('commits, rolls back when the callback throws, and closes after an explicit rollback', async () => {
    await worker.transaction(async (tx) => {
      await tx.query(`insert into worker_probe (id, name) values (10, 'kept')`);
    });
    await expect(
      worker.transaction(async (tx) => {
        await tx.query(`insert into worker_probe (id, name) values (11, 'thrown away')`);
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    let late: unknown;
    await worker.transaction(async (tx) => {
      await tx.query(`insert into worker_probe (id, name) values (12, 'rolled back')`);
      await tx.rollback();
      late = await tx.query('select 1').catch((err: unknown) => err);
    });
    expect((late as Error).message).toBe('Transaction is closed');
    expect((await worker.query<{ id: number }>('select id from worker_probe order by id')).rows).toEqual([{ id: 10 }]);
    await worker.query('delete from worker_probe');
  });

  it('holds every other statement until the transaction ends, as PGlite in one thread does', async () => {
    const order: string[] = [];
    let outside!: Promise<number>;
    await worker.transaction(async (tx) => {
      await tx.query(`insert into worker_probe (id, name) values (20, 'in the transaction')`);
      outside = worker.query<{ n: number }>('select count(*)::int as n from worker_probe').then((r) => {
        order.push('outside answered');
        return r.rows[0]!.n;
      });
      await tx.query('select pg_sleep(0.05)');
      await tx.query(`insert into worker_probe (id, name) values (21, 'also in it')`);
      order.push('transaction done');
    });
    // The statement sent during the transaction ran after its COMMIT: it saw both rows.
    expect(await outside).toBe(2);
    expect(order).toEqual(['transaction done', 'outside answered']);
    await worker.query('delete from worker_probe');
  });

  it('takes a backup between two transactions, never inside one', async () => {
    let dump!: Promise<{ blob: Blob; at: Date }>;
    await worker.transaction(async (tx) => {
      await tx.query(`insert into worker_probe (id, name) values (30, 'committed before the copy')`);
      dump = worker.dumpDataDirBetweenTransactions('gzip');
      await tx.query('select pg_sleep(0.05)');
      await tx.query(`insert into worker_probe (id, name) values (31, 'same transaction')`);
    });
    const { blob } = await dump;
    const restored = await createPgliteClient({ loadDataDir: blob });
    try {
      expect((await restored.query<{ id: number }>('select id from worker_probe order by id')).rows).toEqual([{ id: 30 }, { id: 31 }]);
    } finally {
      await restored.close();
      await worker.query('delete from worker_probe');
    }
  });
});

describe('the PGlite worker off the event loop', () => {
  /** Turns of a 5 ms timer while `work` runs: the event loop's freedom during it. */
  async function ticksDuring(work: () => Promise<unknown>): Promise<number> {
    let ticks = 0;
    const timer = setInterval(() => ticks++, 5);
    try {
      await work();
    } finally {
      clearInterval(timer);
    }
    return ticks;
  }

  it('keeps the event loop turning while a slow statement runs (in this thread it stops)', async () => {
    const inWorker = await ticksDuring(() => worker.query('select pg_sleep(0.5)'));
    const inThread = await ticksDuring(() => local.query('select pg_sleep(0.5)'));
    expect(inThread).toBeLessThanOrEqual(2);
    expect(inWorker).toBeGreaterThanOrEqual(20);
  });

  it('delivers notifications and stops when unlistened', async () => {
    const heard: string[] = [];
    const unlisten = await worker.listen('worker_news', (payload) => heard.push(payload));
    await worker.query(`select pg_notify('worker_news', 'first')`);
    await expect.poll(() => heard).toEqual(['first']);
    await unlisten();
    await worker.query(`select pg_notify('worker_news', 'second')`);
    await worker.query('select 1');
    expect(heard).toEqual(['first']);
  });

  it('closes after the transaction under way, and refuses statements from then on', async () => {
    const own = await PgliteWorkerClient.create({ loadDataDir: template });
    let closing!: Promise<void>;
    const committed = own.transaction(async (tx) => {
      closing = own.close();
      await tx.query('select pg_sleep(0.05)');
      return (await tx.query<{ n: number }>('select 7 as n')).rows[0]!.n;
    });
    expect(await committed).toBe(7);
    await closing;
    expect(own.closed).toBe(true);
    await expect(own.query('select 1')).rejects.toThrow('PGlite is closed');
  });
});
