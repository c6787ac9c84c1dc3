import { and, asc, count, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { bookings, divisions, facilities, fieldDivisions, fields, slots } from '../../db/schema';
import type { Facility, Field } from '../../../shared/facilities/facilities.schemas';

const facilityColumns = {
  id: facilities.id,
  name: facilities.name,
  address: facilities.address,
  mapUrl: facilities.mapUrl,
  notes: facilities.notes,
  active: facilities.active,
};
const fieldColumns = {
  id: fields.id,
  facilityId: fields.facilityId,
  name: fields.name,
  surface: fields.surface,
  lights: fields.lights,
  color: fields.color,
  active: fields.active,
  // Table-qualified by hand: in a select list drizzle writes a column bare, and a bare "id" in the subquery would be the
  // division's.
  divisionIds: sql<string[]>`(select coalesce(array_agg(fd.division_id::text order by d.position, d.name), '{}'::text[])
    from ${fieldDivisions} fd join ${divisions} d on d.id = fd.division_id where fd.field_id = ${fields}.id)`,
};

export type FacilityRow = Omit<Facility, 'fields'>;

export interface FacilityValues {
  name: string;
  address?: string | null | undefined;
  mapUrl?: string | null | undefined;
  notes?: string | null | undefined;
  active?: boolean | undefined;
}

export interface FieldValues {
  facilityId: string;
  name: string;
  surface: Field['surface'];
  lights: boolean;
  color: string;
  active?: boolean | undefined;
  /** Left out: the divisions stay as they are. */
  divisionIds?: string[] | undefined;
}

/** Facilities with their fields, by name; inactive ones only when asked. */
export async function listFacilities(db: Database, includeInactive: boolean): Promise<Facility[]> {
  const [facilityRows, fieldRows] = await Promise.all([
    db.select(facilityColumns).from(facilities).orderBy(asc(facilities.name)),
    db.select(fieldColumns).from(fields).orderBy(asc(fields.name)),
  ]);
  return facilityRows
    .filter((f) => includeInactive || f.active)
    .map((f) => ({ ...f, fields: fieldRows.filter((fl) => fl.facilityId === f.id && (includeInactive || fl.active)) }));
}

export async function findFacility(db: Database, id: string): Promise<FacilityRow | null> {
  return (await db.select(facilityColumns).from(facilities).where(eq(facilities.id, id)).limit(1))[0] ?? null;
}

export async function insertFacility(db: Database, values: FacilityValues): Promise<FacilityRow> {
  return (await db.insert(facilities).values(values).returning(facilityColumns))[0]!;
}

export async function updateFacility(db: Database, id: string, values: FacilityValues): Promise<FacilityRow | null> {
  return (
    (await db
      .update(facilities)
      .set({ ...values, updatedAt: sql`now()` })
      .where(eq(facilities.id, id))
      .returning(facilityColumns))[0] ?? null
  );
}

export async function findField(db: Database, id: string): Promise<Field | null> {
  return (await db.select(fieldColumns).from(fields).where(eq(fields.id, id)).limit(1))[0] ?? null;
}

export async function findFields(db: Database, ids: string[]): Promise<Field[]> {
  if (ids.length === 0) return [];
  return db.select(fieldColumns).from(fields).where(inArray(fields.id, ids));
}

export async function fieldsOf(db: Database, facilityId: string): Promise<Field[]> {
  return db.select(fieldColumns).from(fields).where(eq(fields.facilityId, facilityId));
}

export async function insertField(db: Database, { divisionIds, ...values }: FieldValues): Promise<Field> {
  const [row] = await db.insert(fields).values(values).returning({ id: fields.id });
  if (divisionIds) await setFieldDivisions(db, row!.id, divisionIds);
  return (await findField(db, row!.id))!;
}

export async function updateField(db: Database, id: string, { divisionIds, ...values }: FieldValues): Promise<Field | null> {
  const rows = await db
    .update(fields)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(fields.id, id))
    .returning({ id: fields.id });
  if (rows.length === 0) return null;
  if (divisionIds) await setFieldDivisions(db, id, divisionIds);
  return findField(db, id);
}

/** Limits a field to these divisions (none: every team may use it). */
async function setFieldDivisions(db: Database, fieldId: string, divisionIds: readonly string[]): Promise<void> {
  await db.delete(fieldDivisions).where(eq(fieldDivisions.fieldId, fieldId));
  if (divisionIds.length > 0) await db.insert(fieldDivisions).values([...new Set(divisionIds)].map((divisionId) => ({ fieldId, divisionId })));
}

/** Confirmed bookings still to come on a field, or on any field of a facility. */
export async function upcomingBookingCount(db: Database, where: { fieldId: string } | { facilityId: string }, now: Date): Promise<number> {
  const rows = await db
    .select({ n: count() })
    .from(bookings)
    .innerJoin(slots, eq(slots.id, bookings.slotId))
    .innerJoin(fields, eq(fields.id, slots.fieldId))
    .where(
      and(
        eq(bookings.status, 'confirmed'),
        isNull(slots.deletedAt),
        gt(slots.startsAt, now),
        'fieldId' in where ? eq(fields.id, where.fieldId) : eq(fields.facilityId, where.facilityId),
      ),
    );
  return rows[0]?.n ?? 0;
}
