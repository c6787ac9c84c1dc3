import { and, asc, count, eq, gt, gte, inArray, isNotNull, isNull, ne, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { clinicRegistrations, clinics, facilities, users } from '../../db/schema';
import type { Clinic, Registration, RosterEntry } from '../../../shared/clinics/clinics.schemas';

export type ClinicRow = typeof clinics.$inferSelect;
export type RegistrationRow = typeof clinicRegistrations.$inferSelect;
export type ClinicValues = Omit<typeof clinics.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>;

/** Where a clinic is, in words: the facility's name and address, or the free text. */
const locationSql = sql<string>`coalesce(${facilities.name} || coalesce(' (' || ${facilities.address} || ')', ''), ${clinics.locationText}, '')`;

const registeredCountSql = sql<number>`(select count(*)::int from ${clinicRegistrations} r where r.clinic_id = ${clinics.id} and r.status = 'registered')`;
const waitlistCountSql = sql<number>`(select count(*)::int from ${clinicRegistrations} r where r.clinic_id = ${clinics.id} and r.status = 'waitlisted')`;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

function toClinic(row: { clinic: ClinicRow; location: string; registered: number; waitlisted: number }): Clinic {
  const c = row.clinic;
  return {
    id: c.id,
    title: c.title,
    description: c.description,
    startsAt: c.startsAt.toISOString(),
    endsAt: c.endsAt.toISOString(),
    facilityId: c.facilityId,
    locationText: c.locationText,
    location: row.location,
    ageGroup: c.ageGroup,
    capacity: c.capacity,
    registrationOpensAt: iso(c.registrationOpensAt),
    registrationClosesAt: iso(c.registrationClosesAt),
    published: c.published,
    cancelledAt: iso(c.cancelledAt),
    cancelReason: c.cancelReason,
    registeredCount: Number(row.registered),
    waitlistCount: Number(row.waitlisted),
  };
}

function clinicQuery(db: Database) {
  return db
    .select({ clinic: clinics, location: locationSql, registered: registeredCountSql, waitlisted: waitlistCountSql })
    .from(clinics)
    .leftJoin(facilities, eq(facilities.id, clinics.facilityId));
}

/** Clinics that have not ended, soonest first; `includeUnpublished` for admins. Cancelled ones are left out. */
export async function listUpcomingClinics(db: Database, now: Date, includeUnpublished: boolean): Promise<Clinic[]> {
  const rows = await clinicQuery(db)
    .where(and(isNull(clinics.cancelledAt), gt(clinics.endsAt, now), includeUnpublished ? undefined : eq(clinics.published, true)))
    .orderBy(asc(clinics.startsAt), asc(clinics.title));
  return rows.map(toClinic);
}

export async function findClinicView(db: Database, id: string): Promise<Clinic | null> {
  const row = (await clinicQuery(db).where(eq(clinics.id, id)).limit(1))[0];
  return row ? toClinic(row) : null;
}

/** The clinic's row, locked: every change to its places (register, cancel, capacity) queues behind this lock. */
export async function lockClinic(db: Database, id: string): Promise<ClinicRow | null> {
  return (await db.select().from(clinics).where(eq(clinics.id, id)).limit(1).for('update'))[0] ?? null;
}

export async function insertClinic(db: Database, values: ClinicValues): Promise<ClinicRow> {
  return (await db.insert(clinics).values(values).returning())[0]!;
}

export async function updateClinic(db: Database, id: string, values: Partial<ClinicValues>): Promise<void> {
  await db
    .update(clinics)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(clinics.id, id));
}

export async function countRegistered(db: Database, clinicId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(clinicRegistrations)
    .where(and(eq(clinicRegistrations.clinicId, clinicId), eq(clinicRegistrations.status, 'registered')));
  return Number(row?.n ?? 0);
}

export async function insertRegistration(
  db: Database,
  values: Pick<RegistrationRow, 'clinicId' | 'userId' | 'participantName' | 'participantAge' | 'emergencyContact' | 'status'>,
): Promise<RegistrationRow> {
  return (await db.insert(clinicRegistrations).values(values).returning())[0]!;
}

/** A registration with the row locked (its clinic must be locked first, by the caller). */
export async function findRegistration(db: Database, id: string): Promise<RegistrationRow | null> {
  return (await db.select().from(clinicRegistrations).where(eq(clinicRegistrations.id, id)).limit(1))[0] ?? null;
}

/** The waitlist of a clinic in the order people joined it. */
export async function waitlist(db: Database, clinicId: string, limit?: number): Promise<RegistrationRow[]> {
  const query = db
    .select()
    .from(clinicRegistrations)
    .where(and(eq(clinicRegistrations.clinicId, clinicId), eq(clinicRegistrations.status, 'waitlisted')))
    .orderBy(asc(clinicRegistrations.seq));
  return limit === undefined ? query : query.limit(limit);
}

/** Every live registration (places and waitlist) of a clinic, in the order they joined. */
export async function liveRegistrations(db: Database, clinicId: string): Promise<RegistrationRow[]> {
  return db
    .select()
    .from(clinicRegistrations)
    .where(and(eq(clinicRegistrations.clinicId, clinicId), ne(clinicRegistrations.status, 'cancelled')))
    .orderBy(asc(clinicRegistrations.seq));
}

export async function promote(db: Database, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await db
    .update(clinicRegistrations)
    .set({ status: 'registered', promotedAt: sql`now()` })
    .where(inArray(clinicRegistrations.id, ids));
}

export async function cancelRegistration(db: Database, id: string, by: string | null): Promise<void> {
  await db
    .update(clinicRegistrations)
    .set({ status: 'cancelled', cancelledAt: sql`now()`, cancelledBy: by })
    .where(eq(clinicRegistrations.id, id));
}

/** Cancels every live registration of a clinic and returns them (for their notifications). */
export async function cancelAllRegistrations(db: Database, clinicId: string, by: string | null): Promise<RegistrationRow[]> {
  return db
    .update(clinicRegistrations)
    .set({ status: 'cancelled', cancelledAt: sql`now()`, cancelledBy: by })
    .where(and(eq(clinicRegistrations.clinicId, clinicId), ne(clinicRegistrations.status, 'cancelled')))
    .returning();
}

/** 1 for the first waitlisted, by `seq`; null unless waitlisted. */
const positionSql = sql<
  number | null
>`case when ${clinicRegistrations.status} = 'waitlisted' then (select count(*)::int from ${clinicRegistrations} w where w.clinic_id = ${clinicRegistrations.clinicId} and w.status = 'waitlisted' and w.seq <= ${clinicRegistrations.seq}) end`;

function toRegistration(row: { reg: RegistrationRow; clinic: ClinicRow; location: string; position: number | null }): Registration {
  return {
    id: row.reg.id,
    clinicId: row.clinic.id,
    clinicTitle: row.clinic.title,
    startsAt: row.clinic.startsAt.toISOString(),
    endsAt: row.clinic.endsAt.toISOString(),
    location: row.location,
    participantName: row.reg.participantName,
    participantAge: row.reg.participantAge,
    emergencyContact: row.reg.emergencyContact,
    status: row.reg.status,
    waitlistPosition: row.position === null ? null : Number(row.position),
    createdAt: row.reg.createdAt.toISOString(),
  };
}

function registrationQuery(db: Database) {
  return db
    .select({ reg: clinicRegistrations, clinic: clinics, location: locationSql, position: positionSql })
    .from(clinicRegistrations)
    .innerJoin(clinics, eq(clinics.id, clinicRegistrations.clinicId))
    .leftJoin(facilities, eq(facilities.id, clinics.facilityId));
}

/** A person's live registrations for clinics that have not ended, soonest clinic first. */
export async function registrationsOf(db: Database, userId: string, now: Date): Promise<Registration[]> {
  const rows = await registrationQuery(db)
    .where(and(eq(clinicRegistrations.userId, userId), ne(clinicRegistrations.status, 'cancelled'), gt(clinics.endsAt, now)))
    .orderBy(asc(clinics.startsAt), asc(clinicRegistrations.seq));
  return rows.map(toRegistration);
}

export async function registrationView(db: Database, id: string): Promise<Registration | null> {
  const row = (await registrationQuery(db).where(eq(clinicRegistrations.id, id)).limit(1))[0];
  return row ? toRegistration(row) : null;
}

/** The roster: registered, then waitlisted, each in the order they joined. */
export async function roster(db: Database, clinicId: string): Promise<RosterEntry[]> {
  const rows = await db
    .select({ reg: clinicRegistrations, email: users.email, position: positionSql })
    .from(clinicRegistrations)
    .leftJoin(users, eq(users.id, clinicRegistrations.userId))
    .where(and(eq(clinicRegistrations.clinicId, clinicId), ne(clinicRegistrations.status, 'cancelled')))
    .orderBy(sql`case when ${clinicRegistrations.status} = 'registered' then 0 else 1 end`, asc(clinicRegistrations.seq));
  return rows.map(({ reg, email, position }) => ({
    id: reg.id,
    participantName: reg.participantName,
    participantAge: reg.participantAge,
    emergencyContact: reg.emergencyContact,
    status: reg.status,
    waitlistPosition: position === null ? null : Number(position),
    registrantEmail: email,
    createdAt: reg.createdAt.toISOString(),
    promotedAt: iso(reg.promotedAt),
  }));
}

// ---- the league's calendar feed (module calendar reads these through clinics.service) ----

/** A clinic as the league's feed shows it: published, in the feed's window. */
export interface FeedClinicRow {
  id: string;
  title: string;
  location: string;
  startsAt: Date;
  endsAt: Date;
  capacity: number;
  registeredCount: number;
  waitlistCount: number;
  cancelled: boolean;
  /** The latest of the clinic's edit, its facility's and any change to its registrations (the event's DTSTAMP). */
  revisedAt: Date;
}

const lastRegistrationChangeSql = sql`(select max(greatest(r.created_at, coalesce(r.promoted_at, r.created_at), coalesce(r.cancelled_at, r.created_at))) from ${clinicRegistrations} r where r.clinic_id = ${clinics.id})`;

/**
 * Published clinics ending at or after `pastFrom`; a cancelled one while it is kept (cancelled since
 * `cancelledFrom`, or starting `today` or later), as bookings are in the feed. Ordered for a stable body.
 */
export async function feedClinics(db: Database, bounds: { today: Date; pastFrom: Date; cancelledFrom: Date }): Promise<FeedClinicRow[]> {
  const rows = await db
    .select({
      clinic: clinics,
      location: locationSql,
      registered: registeredCountSql,
      waitlisted: waitlistCountSql,
      revisedMs: sql<number>`(extract(epoch from greatest(${clinics.updatedAt}, coalesce(${facilities.updatedAt}, ${clinics.updatedAt}), coalesce(${lastRegistrationChangeSql}, ${clinics.updatedAt}))) * 1000)::float8`,
    })
    .from(clinics)
    .leftJoin(facilities, eq(facilities.id, clinics.facilityId))
    .where(
      and(
        eq(clinics.published, true),
        gte(clinics.endsAt, bounds.pastFrom),
        or(isNull(clinics.cancelledAt), and(isNotNull(clinics.cancelledAt), or(gte(clinics.cancelledAt, bounds.cancelledFrom), gte(clinics.startsAt, bounds.today)))),
      ),
    )
    .orderBy(asc(clinics.startsAt), asc(clinics.id));
  return rows.map((r) => ({
    id: r.clinic.id,
    title: r.clinic.title,
    location: r.location,
    startsAt: r.clinic.startsAt,
    endsAt: r.clinic.endsAt,
    capacity: r.clinic.capacity,
    registeredCount: Number(r.registered),
    waitlistCount: Number(r.waitlisted),
    cancelled: r.clinic.cancelledAt !== null,
    revisedAt: new Date(Number(r.revisedMs)),
  }));
}
