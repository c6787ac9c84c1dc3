import { and, asc, count, eq, gt, inArray, isNull, lt, ne, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { blocks, facilities, fields, slots } from '../../db/schema';
import type { Block } from '../../../shared/blocks/blocks.schemas';

export type BlockRow = typeof blocks.$inferSelect;

export async function insertBlock(db: Database, values: typeof blocks.$inferInsert): Promise<BlockRow> {
  return (await db.insert(blocks).values(values).returning())[0]!;
}

/** Which of these import keys a block already has, lifted or not (a game-schedule import skips them). */
export async function existingImportKeys(db: Database, keys: string[]): Promise<Set<string>> {
  const found = new Set<string>();
  for (let i = 0; i < keys.length; i += 500) {
    const part = keys.slice(i, i + 500);
    const rows = await db.select({ key: blocks.importKey }).from(blocks).where(inArray(blocks.importKey, part));
    for (const r of rows) if (r.key) found.add(r.key);
  }
  return found;
}

export async function findActiveBlock(db: Database, id: string): Promise<BlockRow | null> {
  return (await db.select().from(blocks).where(and(eq(blocks.id, id), isNull(blocks.liftedAt))).limit(1).for('update'))[0] ?? null;
}

export async function liftBlock(db: Database, id: string, by: string | null): Promise<void> {
  await db.update(blocks).set({ liftedAt: sql`now()`, liftedBy: by }).where(eq(blocks.id, id));
}

/** The active blocks a rain-out made (issue 28). */
export async function activeBlocksOfClosure(db: Database, closureId: string): Promise<string[]> {
  const rows = await db.select({ id: blocks.id }).from(blocks).where(and(eq(blocks.closureId, closureId), isNull(blocks.liftedAt))).orderBy(asc(blocks.id));
  return rows.map((r) => r.id);
}

/** Other active blocks overlapping a time range (to re-apply after a lift). */
export async function otherActiveBlocks(db: Database, exceptId: string, startsAt: Date, endsAt: Date): Promise<BlockRow[]> {
  return db
    .select()
    .from(blocks)
    .where(and(isNull(blocks.liftedAt), ne(blocks.id, exceptId), lt(blocks.startsAt, endsAt), gt(blocks.endsAt, startsAt)))
    .orderBy(asc(blocks.createdAt));
}

/** The blocks in force, or just one of them (`onlyId`: the block just made, without listing every block). */
export async function listActiveBlocks(db: Database, onlyId?: string): Promise<Block[]> {
  const rows = await db
    .select({
      block: blocks,
      slotName: sql<string | null>`(select f.name from ${slots} s join ${fields} f on f.id = s.field_id where s.id = ${blocks.slotId})`,
      fieldName: fields.name,
      facilityName: facilities.name,
    })
    .from(blocks)
    .leftJoin(fields, eq(fields.id, blocks.fieldId))
    .leftJoin(facilities, eq(facilities.id, blocks.facilityId))
    .where(and(isNull(blocks.liftedAt), onlyId ? eq(blocks.id, onlyId) : undefined))
    .orderBy(asc(blocks.startsAt));
  const counts = await db
    .select({ blockId: slots.blockId, n: count() })
    .from(slots)
    .where(and(isNull(slots.deletedAt), or(...(rows.length ? rows.map((r) => eq(slots.blockId, r.block.id)) : [sql`false`]))))
    .groupBy(slots.blockId);
  return rows.map(({ block, slotName, fieldName, facilityName }) => ({
    id: block.id,
    scope: block.scope,
    slotId: block.slotId,
    fieldId: block.fieldId,
    facilityId: block.facilityId,
    targetName: block.scope === 'slot' ? `One slot on ${slotName ?? 'a field'}` : block.scope === 'field' ? (fieldName ?? 'A field') : `All of ${facilityName ?? 'a facility'}`,
    startsAt: block.startsAt.toISOString(),
    endsAt: block.endsAt.toISOString(),
    category: block.category,
    reason: block.reason,
    createdAt: block.createdAt.toISOString(),
    liftedAt: null,
    slotsBlocked: counts.find((c) => c.blockId === block.id)?.n ?? 0,
  }));
}

