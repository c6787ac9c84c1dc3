import { and, asc, count, desc, eq, gt, gte, ilike, inArray, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import { preparedPerDatabase, rowsOf, type Database, type PendingStatement } from '../../db/client';
import type { AuditContext } from '../../context';
import { bookingRules, bookings, facilities, fields, slots, teams, users } from '../../db/schema';
import { DEFAULT_BOOKING_RULES, type BookingRules, type Refusal } from '../../../shared/bookings/booking-rules';
import type { Booking } from '../../../shared/bookings/bookings.schemas';

const columns = {
  id: bookings.id,
  slotId: bookings.slotId,
  seasonId: slots.seasonId,
  teamId: bookings.teamId,
  teamName: teams.name,
  status: bookings.status,
  startsAt: slots.startsAt,
  endsAt: slots.endsAt,
  fieldId: fields.id,
  fieldName: fields.name,
  facilityName: facilities.name,
  facilityAddress: facilities.address,
  mapUrl: facilities.mapUrl,
  bookedByEmail: users.email,
  createdAt: bookings.createdAt,
  cancelledAt: bookings.cancelledAt,
  cancelReason: bookings.cancelReason,
  override: bookings.override,
  overrideReason: bookings.overrideReason,
};

type Row = {
  [K in keyof typeof columns]: unknown;
} & { startsAt: Date; endsAt: Date; createdAt: Date; cancelledAt: Date | null };

function toBooking(r: Row): Booking {
  return {
    ...(r as unknown as Booking),
    startsAt: r.startsAt.toISOString(),
    endsAt: r.endsAt.toISOString(),
    createdAt: r.createdAt.toISOString(),
    cancelledAt: r.cancelledAt ? r.cancelledAt.toISOString() : null,
  };
}

/**
 * Who reads the bookings: an admin sees who booked each; anyone else sees only their own address, never
 * another person's (the booking's team and times are not secret; the coach's email is).
 */
export type Viewer = { admin: true } | { admin: false; userId: string };

function columnsFor(viewer: Viewer) {
  if (viewer.admin) return columns;
  return { ...columns, bookedByEmail: sql<string | null>`case when ${bookings.bookedBy} = ${viewer.userId} then ${users.email} end` };
}

function base(db: Database, viewer: Viewer = { admin: true }) {
  return db
    .select(columnsFor(viewer))
    .from(bookings)
    .innerJoin(slots, eq(slots.id, bookings.slotId))
    .innerJoin(fields, eq(fields.id, slots.fieldId))
    .innerJoin(facilities, eq(facilities.id, fields.facilityId))
    .innerJoin(teams, eq(teams.id, bookings.teamId))
    .leftJoin(users, eq(users.id, bookings.bookedBy));
}

/** One booking; without a viewer, as an admin (and the server's own work) sees it. */
export async function findBooking(db: Database, id: string, viewer?: Viewer): Promise<Booking | null> {
  const rows = (await base(db, viewer).where(eq(bookings.id, id)).limit(1)) as Row[];
  return rows[0] ? toBooking(rows[0]) : null;
}

/** The bookings of a team (null: none) and the bookings a person made themselves, oldest first, as that person sees them. */
export async function listBookingsOf(db: Database, who: { teamId: string | null; userId: string }, viewer: Viewer): Promise<Booking[]> {
  const mine = eq(bookings.bookedBy, who.userId);
  const rows = await base(db, viewer)
    .where(who.teamId ? or(eq(bookings.teamId, who.teamId), mine) : mine)
    .orderBy(asc(slots.startsAt), asc(bookings.createdAt));
  return (rows as Row[]).map(toBooking);
}

export interface AdminBookingFilter {
  bookingId?: string | undefined;
  seasonId?: string | undefined;
  teamId?: string | undefined;
  fieldId?: string | undefined;
  status?: 'confirmed' | 'cancelled' | undefined;
  start?: Date | undefined;
  end?: Date | undefined;
  q?: string | undefined;
}

export async function searchBookings(db: Database, f: AdminBookingFilter, limit = 1000): Promise<Booking[]> {
  const conditions: SQL[] = [];
  if (f.bookingId) conditions.push(eq(bookings.id, f.bookingId));
  if (f.seasonId) conditions.push(eq(slots.seasonId, f.seasonId));
  if (f.teamId) conditions.push(eq(bookings.teamId, f.teamId));
  if (f.fieldId) conditions.push(eq(slots.fieldId, f.fieldId));
  if (f.status) conditions.push(eq(bookings.status, f.status));
  if (f.start) conditions.push(gte(slots.startsAt, f.start));
  if (f.end) conditions.push(lt(slots.startsAt, f.end));
  if (f.q) {
    const like = `%${f.q.replace(/[%_\\]/g, (c) => `\\${c}`)}%`;
    conditions.push(or(ilike(teams.name, like), ilike(fields.name, like), ilike(facilities.name, like), ilike(users.email, like))!);
  }
  const rows = await base(db)
    .where(conditions.length ? and(...conditions) : undefined)
    .orderBy(desc(slots.startsAt))
    .limit(limit);
  return (rows as Row[]).map(toBooking);
}

/** Start times of a team's confirmed bookings (the rules count them). */
export async function confirmedStartsOfTeam(db: Database, teamId: string): Promise<Date[]> {
  const rows = await db
    .select({ startsAt: slots.startsAt })
    .from(bookings)
    .innerJoin(slots, eq(slots.id, bookings.slotId))
    .where(and(eq(bookings.teamId, teamId), eq(bookings.status, 'confirmed')));
  return rows.map((r) => r.startsAt);
}

/** Serializes every booking change of one team: two tabs or two coaches can never beat a limit together. */
export async function lockTeam(db: Database, teamId: string): Promise<{ id: string; name: string; active: boolean } | null> {
  const rows = await db.select({ id: teams.id, name: teams.name, active: teams.active }).from(teams).where(eq(teams.id, teamId)).for('update');
  return rows[0] ?? null;
}

export async function insertBooking(
  db: Database,
  values: { slotId: string; teamId: string; bookedBy: string | null; override?: boolean; overrideReason?: string | null },
): Promise<string> {
  const rows = await db.insert(bookings).values(values).returning({ id: bookings.id });
  return rows[0]!.id;
}

// ---- The booking path: a coach's booking in one database call (docs/decisions/031) ----

/** What a booking call answers when it booked: the facts the answer is built from (instants as ISO strings). */
export interface BookedFacts {
  createdAt: string;
  teamName: string;
  seasonId: string;
  startsAt: string;
  endsAt: string;
  fieldId: string;
  fieldName: string;
  facilityName: string;
  facilityAddress: string | null;
  mapUrl: string | null;
}

/**
 * Why a booking call refused: a rule of booking-rules.ts with the facts its words need, or what is checked before
 * the rules (the team, the slot, its field, an opening round's hold).
 */
export type BookRefusal =
  | Refusal
  | { code: 'TEAM_INACTIVE' }
  | { code: 'SLOT_GONE' }
  | { code: 'FIELD_CLOSED'; fieldName: string }
  | { code: 'OPENING_ROUND'; drawAt: Date; drawn: boolean };

export type BookAnswer = { ok: true; booked: BookedFacts } | { ok: false; refusal: BookRefusal };

/** The instants among a refusal's facts, which arrive as ISO strings. */
const REFUSAL_INSTANTS = ['opens', 'closes', 'drawAt', 'until'] as const;

export interface BookCall {
  bookingId: string;
  teamId: string;
  slotId: string;
  userId: string;
  now: Date;
  timeZone: string;
  /** False: the locks with NOWAIT (SQLSTATE 55P03, `lockBusy`, when held elsewhere). True: see `cgsl_book`. */
  wait: boolean;
  audit: AuditContext;
}

// Prepared (parsed and planned once per connection); the function's own statements are planned once per session.
const bookStatement = preparedPerDatabase((db) =>
  db
    .select({ answer: sql<unknown>`answer` })
    .from(
      sql`cgsl_book(${sql.placeholder('bookingId')}::uuid, ${sql.placeholder('teamId')}::uuid, ${sql.placeholder('slotId')}::uuid, ${sql.placeholder('userId')}::text, ${sql.placeholder('now')}::timestamptz, ${sql.placeholder('timeZone')}::text, ${sql.placeholder('wait')}::boolean, ${sql.placeholder('audit')}::jsonb) as answer`,
    )
    .prepare('cgsl_book'),
);

/**
 * A coach's booking in one round trip: `cgsl_book` (migration 0014) takes the team's and the slot's locks, judges
 * the rules, and writes the booking, its `booking.created` notification and its `booking.create` audit entry, in
 * the one statement's own transaction. A second confirmed booking of the slot is a unique violation, as ever.
 */
export async function bookInOneCall(db: Database, call: BookCall): Promise<BookAnswer> {
  const { audit } = call;
  const rows = await bookStatement(db).execute({
    bookingId: call.bookingId,
    teamId: call.teamId,
    slotId: call.slotId,
    userId: call.userId,
    now: call.now.toISOString(),
    timeZone: call.timeZone,
    wait: call.wait,
    audit: JSON.stringify({ actorId: audit.actorId, actorEmail: audit.actorEmail, ip: audit.ip, userAgent: audit.userAgent }),
  });
  const raw = rows[0]!.answer;
  const { ok, ...facts } = (typeof raw === 'string' ? JSON.parse(raw) : raw) as { ok: boolean } & Record<string, unknown>;
  if (ok) return { ok: true, booked: facts as unknown as BookedFacts };
  for (const key of REFUSAL_INSTANTS) if (typeof facts[key] === 'string') facts[key] = new Date(facts[key]);
  return { ok: false, refusal: facts as unknown as BookRefusal };
}

/** What a cancel call answers: the booking as cancelled (instants as ISO strings), or why not. */
export type CancelAnswer =
  | {
      ok: true;
      booking: Omit<Booking, 'id' | 'status' | 'bookedByEmail'> & { bookedBy: string | null; bookedByEmail: string | null };
    }
  | { ok: false; refusal: { code: 'NOT_FOUND' } | { code: 'ALREADY_CANCELLED' } | { code: 'CANCEL_CUTOFF'; cancelCutoffHours: number } };

const cancelStatement = preparedPerDatabase((db) =>
  db
    .select({ answer: sql<unknown>`answer` })
    .from(
      sql`cgsl_cancel(${sql.placeholder('bookingId')}::uuid, ${sql.placeholder('teamId')}::uuid, ${sql.placeholder('userId')}::text, ${sql.placeholder('now')}::timestamptz, ${sql.placeholder('reason')}::text, ${sql.placeholder('audit')}::jsonb) as answer`,
    )
    .prepare('cgsl_cancel'),
);

/**
 * A coach cancels a booking of their team in one round trip: `cgsl_cancel` (migration 0014) takes the team's lock,
 * checks the booking is the team's, still confirmed and before the cutoff, and cancels it with its
 * `booking.cancelled` notification and `booking.cancel` audit entry, in the statement's own transaction.
 */
export async function cancelInOneCall(
  db: Database,
  call: { bookingId: string; teamId: string; userId: string; now: Date; reason: string; audit: AuditContext },
): Promise<CancelAnswer> {
  const { audit } = call;
  const rows = await cancelStatement(db).execute({
    bookingId: call.bookingId,
    teamId: call.teamId,
    userId: call.userId,
    now: call.now.toISOString(),
    reason: call.reason,
    audit: JSON.stringify({ actorId: audit.actorId, actorEmail: audit.actorEmail, ip: audit.ip, userAgent: audit.userAgent }),
  });
  const raw = rows[0]!.answer;
  const { ok, ...facts } = (typeof raw === 'string' ? JSON.parse(raw) : raw) as { ok: boolean } & Record<string, unknown>;
  if (ok) return { ok: true, booking: facts as unknown as Extract<CancelAnswer, { ok: true }>['booking'] };
  return { ok: false, refusal: facts as unknown as Extract<CancelAnswer, { ok: false }>['refusal'] };
}

export async function cancelBooking(db: Database, id: string, by: string | null, reason: string | null): Promise<boolean> {
  const rows = await db
    .update(bookings)
    .set({ status: 'cancelled', cancelledAt: sql`now()`, cancelledBy: by, cancelReason: reason })
    .where(and(eq(bookings.id, id), eq(bookings.status, 'confirmed')))
    .returning({ id: bookings.id });
  return rows.length > 0;
}

/** Moves a confirmed booking that is still in `fromSlotId`; false when it changed meanwhile. */
export async function moveBooking(db: Database, id: string, fromSlotId: string, toSlotId: string): Promise<boolean> {
  const rows = await db
    .update(bookings)
    .set({ slotId: toSlotId })
    .where(and(eq(bookings.id, id), eq(bookings.slotId, fromSlotId), eq(bookings.status, 'confirmed')))
    .returning({ id: bookings.id });
  return rows.length > 0;
}

export async function confirmedBookingOfSlot(db: Database, slotId: string): Promise<{ id: string; teamId: string; bookedBy: string | null } | null> {
  const rows = await db
    .select({ id: bookings.id, teamId: bookings.teamId, bookedBy: bookings.bookedBy })
    .from(bookings)
    .where(and(eq(bookings.slotId, slotId), eq(bookings.status, 'confirmed')))
    .limit(1);
  return rows[0] ?? null;
}

export async function getRules(db: Database, seasonId: string): Promise<BookingRules> {
  const rows = await db.select().from(bookingRules).where(eq(bookingRules.seasonId, seasonId)).limit(1);
  return toRules(rows[0]);
}

/** A season's rules row as the rules functions take it; the defaults while the season has none. */
function toRules(r: typeof bookingRules.$inferSelect | null | undefined): BookingRules {
  if (!r) return DEFAULT_BOOKING_RULES;
  return {
    bookingOpen: r.bookingOpen,
    pausedMessage: r.pausedMessage,
    windowOpensAt: r.windowOpensAt?.toISOString() ?? null,
    windowClosesAt: r.windowClosesAt?.toISOString() ?? null,
    maxPerWeek: r.maxPerWeek,
    maxPerDay: r.maxPerDay,
    maxUpcoming: r.maxUpcoming,
    minLeadHours: r.minLeadHours,
    maxAheadDays: r.maxAheadDays,
    cancelCutoffHours: r.cancelCutoffHours,
  };
}

export async function saveRules(db: Database, seasonId: string, rules: BookingRules): Promise<void> {
  const values = {
    ...rules,
    windowOpensAt: rules.windowOpensAt ? new Date(rules.windowOpensAt) : null,
    windowClosesAt: rules.windowClosesAt ? new Date(rules.windowClosesAt) : null,
  };
  await db
    .insert(bookingRules)
    .values({ seasonId, ...values })
    .onConflictDoUpdate({ target: bookingRules.seasonId, set: { ...values, updatedAt: sql`now()` } });
}

/** Confirmed bookings on these slots, with what their teams must be told if they are cancelled. */
export async function confirmedBookingsOn(db: Database, slotIds: string[]) {
  if (slotIds.length === 0) return [];
  return db
    .select({
      bookingId: bookings.id,
      slotId: bookings.slotId,
      teamId: bookings.teamId,
      teamName: teams.name,
      bookedBy: bookings.bookedBy,
      fieldName: fields.name,
      startsAt: slots.startsAt,
      endsAt: slots.endsAt,
    })
    .from(bookings)
    .innerJoin(slots, eq(slots.id, bookings.slotId))
    .innerJoin(fields, eq(fields.id, slots.fieldId))
    .innerJoin(teams, eq(teams.id, bookings.teamId))
    .where(and(inArray(bookings.slotId, slotIds), eq(bookings.status, 'confirmed')))
    .orderBy(asc(slots.startsAt));
}

export async function cancelBookings(db: Database, bookingIds: string[], by: string | null, reason: string, closureId: string | null = null): Promise<void> {
  if (bookingIds.length === 0) return;
  await db
    .update(bookings)
    .set({ status: 'cancelled', cancelledAt: sql`now()`, cancelledBy: by, cancelReason: reason, closureId })
    .where(and(inArray(bookings.id, bookingIds), eq(bookings.status, 'confirmed')));
}

/** Confirmed bookings whose practice starts in [start, end) (the evening-before reminders). */
export async function confirmedPracticesStartingBetween(db: Database, start: Date, end: Date) {
  const rows = await db
    .select({
      bookingId: bookings.id,
      teamId: bookings.teamId,
      teamName: teams.name,
      fieldName: fields.name,
      facilityName: facilities.name,
      facilityAddress: facilities.address,
      startsAt: slots.startsAt,
      endsAt: slots.endsAt,
    })
    .from(bookings)
    .innerJoin(slots, eq(slots.id, bookings.slotId))
    .innerJoin(fields, eq(fields.id, slots.fieldId))
    .innerJoin(facilities, eq(facilities.id, fields.facilityId))
    .innerJoin(teams, eq(teams.id, bookings.teamId))
    .where(and(eq(bookings.status, 'confirmed'), gte(slots.startsAt, start), lt(slots.startsAt, end), sql`${slots.deletedAt} is null`))
    .orderBy(asc(slots.startsAt));
  return rows.map((r) => ({ ...r, startsAt: r.startsAt.toISOString(), endsAt: r.endsAt.toISOString() }));
}

/**
 * Per team: confirmed bookings in a season (none when `seasonId` is null) and confirmed bookings still to come
 * (the user manager's team list). Teams without bookings are left out.
 */
export async function teamBookingCounts(db: Database, seasonId: string | null, now: Date): Promise<Array<{ teamId: string; inSeason: number; upcoming: number }>> {
  const rows = await db
    .select({
      teamId: bookings.teamId,
      inSeason: seasonId ? sql<number>`count(*) filter (where ${slots.seasonId} = ${seasonId})::int` : sql<number>`0`,
      upcoming: sql<number>`count(*) filter (where ${gt(slots.startsAt, now)})::int`,
    })
    .from(bookings)
    .innerJoin(slots, eq(slots.id, bookings.slotId))
    .where(and(eq(bookings.status, 'confirmed'), sql`${slots.deletedAt} is null`))
    .groupBy(bookings.teamId);
  return rows.map((r) => ({ teamId: r.teamId, inSeason: Number(r.inSeason), upcoming: Number(r.upcoming) }));
}

/** A team's confirmed bookings still to come (a team holding any cannot be deactivated). */
export async function upcomingBookingCountOfTeam(db: Database, teamId: string, now: Date): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(bookings)
    .innerJoin(slots, eq(slots.id, bookings.slotId))
    .where(and(eq(bookings.teamId, teamId), eq(bookings.status, 'confirmed'), sql`${slots.deletedAt} is null`, gt(slots.startsAt, now)));
  return Number(row?.n ?? 0);
}

// ---- The opening round's draw (docs/decisions/030): many bookings in one transaction ----

/** Locks these teams' rows in id order, as one statement: every other booking change of these teams queues behind. */
export async function lockTeamsInOrder(db: Database, teamIds: readonly string[]): Promise<Array<{ id: string; name: string; active: boolean }>> {
  if (teamIds.length === 0) return [];
  return db
    .select({ id: teams.id, name: teams.name, active: teams.active })
    .from(teams)
    .where(inArray(teams.id, [...teamIds]))
    .orderBy(asc(teams.id))
    .for('update');
}

/**
 * Locks a season's live slots starting in [start, end) in id order (FOR UPDATE, as a booking locks its slot) with
 * their fields and facilities (FOR SHARE: a deactivation waits). What the slots hold is read after, in a statement of
 * its own (`slotsBetween`), whose snapshot follows the locks.
 */
export async function lockSlotsBetween(db: Database, seasonId: string, start: Date, end: Date): Promise<number> {
  const result = await db.execute(sql`
    select ${slots.id} as id
    from ${slots}
    join ${fields} on ${fields.id} = ${slots.fieldId}
    join ${facilities} on ${facilities.id} = ${fields.facilityId}
    where ${slots.seasonId} = ${seasonId} and ${slots.deletedAt} is null
      and ${slots.startsAt} >= ${start.toISOString()}::timestamptz and ${slots.startsAt} < ${end.toISOString()}::timestamptz
    order by ${slots.id}
    for update of ${slots} for share of ${fields}, ${facilities}`);
  return rowsOf(result).length;
}

export interface SlotForDraw {
  id: string;
  startsAt: Date;
  endsAt: Date;
  fieldName: string;
  blocked: boolean;
  booked: boolean;
  fieldActive: boolean;
}

/** A season's live slots starting in [start, end), by start, with whether each is blocked, booked, on an open field. */
export async function slotsBetween(db: Database, seasonId: string, start: Date, end: Date): Promise<SlotForDraw[]> {
  return db
    .select({
      id: slots.id,
      startsAt: slots.startsAt,
      endsAt: slots.endsAt,
      fieldName: fields.name,
      blocked: sql<boolean>`${slots.status} = 'blocked'`,
      booked: sql<boolean>`exists (select 1 from ${bookings} where ${bookings.slotId} = ${slots.id} and ${bookings.status} = 'confirmed')`,
      fieldActive: sql<boolean>`(${fields.active} and ${facilities.active})`,
    })
    .from(slots)
    .innerJoin(fields, eq(fields.id, slots.fieldId))
    .innerJoin(facilities, eq(facilities.id, fields.facilityId))
    .where(and(eq(slots.seasonId, seasonId), isNull(slots.deletedAt), gte(slots.startsAt, start), lt(slots.startsAt, end)))
    .orderBy(asc(slots.startsAt), asc(slots.id));
}

/** The confirmed bookings of these teams (any season: the limits count them all), with their slot's times and season. */
export async function confirmedBookingsOfTeams(db: Database, teamIds: readonly string[]): Promise<Array<{ teamId: string; startsAt: Date; endsAt: Date; seasonId: string }>> {
  if (teamIds.length === 0) return [];
  return db
    .select({ teamId: bookings.teamId, startsAt: slots.startsAt, endsAt: slots.endsAt, seasonId: slots.seasonId })
    .from(bookings)
    .innerJoin(slots, eq(slots.id, bookings.slotId))
    .where(and(inArray(bookings.teamId, [...teamIds]), eq(bookings.status, 'confirmed')));
}

/**
 * Inserts confirmed bookings together with the other writes that go with them (their audit entries: statements
 * their own module built and did not run) in one data-modifying statement. A slot that already holds a confirmed
 * booking is a unique violation and the statement (and its transaction) fails whole.
 */
export async function insertBookingsAlong(
  db: Database,
  values: ReadonlyArray<{ id: string; slotId: string; teamId: string; bookedBy: string | null }>,
  along: readonly PendingStatement[],
): Promise<void> {
  if (values.length === 0) return;
  const ctes = [sql`new_bookings as ${db.insert(bookings).values([...values])}`, ...along.map((statement, i) => sql`${sql.identifier(`along_${i}`)} as ${statement}`)];
  await db.execute(sql`with ${sql.join(ctes, sql`, `)} select 1`);
}

// ---- Rain-outs (issue 28, docs/decisions/033) ----

/** The practices a rain-out cancelled and has not put back, with what their teams are told. */
export async function cancelledBookingsOfClosure(db: Database, closureId: string) {
  return db
    .select({
      bookingId: bookings.id,
      slotId: bookings.slotId,
      teamId: bookings.teamId,
      teamName: teams.name,
      fieldName: fields.name,
      startsAt: slots.startsAt,
      endsAt: slots.endsAt,
    })
    .from(bookings)
    .innerJoin(slots, eq(slots.id, bookings.slotId))
    .innerJoin(fields, eq(fields.id, slots.fieldId))
    .innerJoin(teams, eq(teams.id, bookings.teamId))
    .where(and(eq(bookings.closureId, closureId), eq(bookings.status, 'cancelled')))
    .orderBy(asc(slots.startsAt), asc(bookings.id));
}

/** How many practices each closure cancelled, and how many of those are confirmed again (restored). */
export async function closureBookingCounts(db: Database, closureIds: string[]): Promise<Map<string, { cancelled: number; restored: number }>> {
  const counts = new Map<string, { cancelled: number; restored: number }>();
  if (closureIds.length === 0) return counts;
  const rows = await db
    .select({ closureId: bookings.closureId, cancelled: count(), restored: sql<number>`count(*) filter (where ${bookings.status} = 'confirmed')::int` })
    .from(bookings)
    .where(inArray(bookings.closureId, closureIds))
    .groupBy(bookings.closureId);
  for (const r of rows) counts.set(r.closureId!, { cancelled: r.cancelled, restored: r.restored });
  return counts;
}

/**
 * Puts a rain-out's cancelled practice back, in the reopening's transaction (which holds its team's and its slot's
 * locks): only while the slot is live, open, unbooked and still to come, and its team active. Returns whether it did.
 */
export async function restoreBooking(db: Database, bookingId: string, now: Date): Promise<boolean> {
  const result = await db.execute(sql`
    update bookings b set status = 'confirmed', cancelled_at = null, cancelled_by = null, cancel_reason = null
      from slots s, teams t
     where b.id = ${bookingId} and b.status = 'cancelled' and s.id = b.slot_id and t.id = b.team_id and t.active
       and s.deleted_at is null and s.status = 'open' and s.starts_at > ${now.toISOString()}::timestamptz
       and not exists (select 1 from bookings o where o.slot_id = b.slot_id and o.status = 'confirmed')
    returning b.id`);
  return rowsOf(result).length > 0;
}

/** The closures' practices of one team (a coach's banner): what was cancelled and whether it is back. */
export async function closurePracticesOfTeam(db: Database, teamId: string, closureIds: string[]) {
  if (closureIds.length === 0) return [];
  return db
    .select({ closureId: bookings.closureId, fieldName: fields.name, startsAt: slots.startsAt, endsAt: slots.endsAt, status: bookings.status })
    .from(bookings)
    .innerJoin(slots, eq(slots.id, bookings.slotId))
    .innerJoin(fields, eq(fields.id, slots.fieldId))
    .where(and(eq(bookings.teamId, teamId), inArray(bookings.closureId, closureIds)))
    .orderBy(asc(slots.startsAt));
}

/** The rain-outs that ever cancelled a practice of this team (a coach's banner keeps the recent ones). */
export async function closureIdsOfTeam(db: Database, teamId: string): Promise<string[]> {
  const rows = await db
    .selectDistinct({ closureId: bookings.closureId })
    .from(bookings)
    .where(and(eq(bookings.teamId, teamId), sql`${bookings.closureId} is not null`));
  return rows.map((r) => r.closureId!);
}
