import { and, asc, count, desc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client';
import { bookings, facilities, fields, practiceRequests, slots, teams, users } from '../../db/schema';
import type { PracticeRequest, PracticeRequestStatus } from '../../../shared/practice-requests/practice-requests.schemas';

const bookedField = alias(fields, 'booked_field');
const bookedFacility = alias(facilities, 'booked_facility');

const columns = {
  id: practiceRequests.id,
  teamId: practiceRequests.teamId,
  teamName: teams.name,
  requestedByName: users.displayName,
  requestedByEmail: users.email,
  preferredDates: practiceRequests.preferredDates,
  windowStart: practiceRequests.windowStart,
  windowEnd: practiceRequests.windowEnd,
  durationMinutes: practiceRequests.durationMinutes,
  facilityId: practiceRequests.facilityId,
  facilityName: facilities.name,
  fieldId: practiceRequests.fieldId,
  fieldName: fields.name,
  notes: practiceRequests.notes,
  status: practiceRequests.status,
  response: practiceRequests.response,
  decidedAt: practiceRequests.decidedAt,
  createdAt: practiceRequests.createdAt,
  bookingId: bookings.id,
  bookingStatus: bookings.status,
  bookingCancelledAt: bookings.cancelledAt,
  bookingFieldName: bookedField.name,
  bookingFacilityName: bookedFacility.name,
  bookingStartsAt: slots.startsAt,
  bookingEndsAt: slots.endsAt,
};

function base(db: Database) {
  return db
    .select(columns)
    .from(practiceRequests)
    .innerJoin(teams, eq(teams.id, practiceRequests.teamId))
    .leftJoin(users, eq(users.id, practiceRequests.requestedBy))
    .leftJoin(facilities, eq(facilities.id, practiceRequests.facilityId))
    .leftJoin(fields, eq(fields.id, practiceRequests.fieldId))
    .leftJoin(bookings, eq(bookings.id, practiceRequests.bookingId))
    .leftJoin(slots, eq(slots.id, bookings.slotId))
    .leftJoin(bookedField, eq(bookedField.id, slots.fieldId))
    .leftJoin(bookedFacility, eq(bookedFacility.id, bookedField.facilityId));
}

type Row = Awaited<ReturnType<ReturnType<typeof base>['execute']>>[number];

const hhmm = (t: string) => t.slice(0, 5);

function toRequest(r: Row): PracticeRequest {
  return {
    id: r.id,
    teamId: r.teamId,
    teamName: r.teamName,
    requestedByName: r.requestedByName,
    requestedByEmail: r.requestedByEmail,
    preferredDates: r.preferredDates,
    windowStart: hhmm(r.windowStart),
    windowEnd: hhmm(r.windowEnd),
    durationMinutes: r.durationMinutes,
    facilityId: r.facilityId,
    facilityName: r.facilityName,
    fieldId: r.fieldId,
    fieldName: r.fieldName,
    notes: r.notes,
    status: r.status,
    response: r.response,
    decidedAt: r.decidedAt ? r.decidedAt.toISOString() : null,
    createdAt: r.createdAt.toISOString(),
    booking:
      r.bookingId && r.bookingStartsAt && r.bookingEndsAt
        ? {
            id: r.bookingId,
            status: r.bookingStatus ?? 'confirmed',
            fieldName: r.bookingFieldName ?? '',
            facilityName: r.bookingFacilityName ?? '',
            startsAt: r.bookingStartsAt.toISOString(),
            endsAt: r.bookingEndsAt.toISOString(),
            cancelledAt: r.bookingStatus === 'cancelled' && r.bookingCancelledAt ? r.bookingCancelledAt.toISOString() : null,
          }
        : null,
  };
}

export async function findRequest(db: Database, id: string): Promise<PracticeRequest | null> {
  const rows = await base(db).where(eq(practiceRequests.id, id)).limit(1);
  return rows[0] ? toRequest(rows[0]) : null;
}

/** A team's requests, newest first. */
export async function listOfTeam(db: Database, teamId: string): Promise<PracticeRequest[]> {
  const rows = await base(db).where(eq(practiceRequests.teamId, teamId)).orderBy(desc(practiceRequests.createdAt), desc(practiceRequests.id)).limit(200);
  return rows.map(toRequest);
}

/** Requests in one status: pending ones oldest first (the queue), decided ones newest first. */
export async function listByStatus(db: Database, status: PracticeRequestStatus, limit = 200): Promise<PracticeRequest[]> {
  const order =
    status === 'pending' ? [asc(practiceRequests.createdAt), asc(practiceRequests.id)] : [desc(practiceRequests.decidedAt), desc(practiceRequests.createdAt)];
  const rows = await base(db)
    .where(eq(practiceRequests.status, status))
    .orderBy(...order)
    .limit(limit);
  return rows.map(toRequest);
}

export async function countPending(db: Database, teamId?: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(practiceRequests)
    .where(and(eq(practiceRequests.status, 'pending'), teamId ? eq(practiceRequests.teamId, teamId) : undefined));
  return Number(row?.n ?? 0);
}

export interface NewRequest {
  teamId: string;
  requestedBy: string;
  preferredDates: string[];
  windowStart: string;
  windowEnd: string;
  durationMinutes: number;
  facilityId: string | null;
  fieldId: string | null;
  notes: string | null;
}

export async function insertRequest(db: Database, values: NewRequest): Promise<string> {
  const rows = await db.insert(practiceRequests).values(values).returning({ id: practiceRequests.id });
  return rows[0]!.id;
}

/** The request's row, locked for a decision; null when it does not exist. */
export async function lockRequest(
  db: Database,
  id: string,
): Promise<{ id: string; teamId: string; status: PracticeRequestStatus; requestedBy: string | null } | null> {
  const rows = await db
    .select({ id: practiceRequests.id, teamId: practiceRequests.teamId, status: practiceRequests.status, requestedBy: practiceRequests.requestedBy })
    .from(practiceRequests)
    .where(eq(practiceRequests.id, id))
    .for('update');
  return rows[0] ?? null;
}

/** Moves a pending request to its decision; false when it was no longer pending. */
export async function decide(
  db: Database,
  id: string,
  values: { status: Exclude<PracticeRequestStatus, 'pending'>; response: string | null; decidedBy: string | null; bookingId?: string | null },
): Promise<boolean> {
  const rows = await db
    .update(practiceRequests)
    .set({ ...values, decidedAt: sql`now()`, updatedAt: sql`now()` })
    .where(and(eq(practiceRequests.id, id), eq(practiceRequests.status, 'pending')))
    .returning({ id: practiceRequests.id });
  return rows.length > 0;
}
