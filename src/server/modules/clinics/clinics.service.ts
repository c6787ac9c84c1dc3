import type { ServerContext } from '../../context';
import type { Database } from '../../db/client';
import { onUniqueViolation } from '../../db/unique-violation';
import { AppError, wordsPerLocale } from '../../errors';
import type { Actor } from '../../context';
import { capacityProblemWords, registrationWindow, registrationWindowKeyedWords, statusForNewRegistration, whoIsPromoted } from '../../../shared/clinics/clinic-rules';
import type { Clinic, ClinicValues, Registration, RosterEntry } from '../../../shared/clinics/clinics.schemas';
import { countAuditedChanges, recordAudit, type AuditContext } from '../audit/audit.service';
import { findFacility } from '../facilities/facilities.service';
import { notification, queueNotifications, type ClinicFacts } from '../notifications/notifications.service';
import { commitThenPublish } from '../live/live.service';
import { clinicRosterCsv } from './clinics-csv';
import * as repo from './clinics.repository';

const clinicGone = () => new AppError('NOT_FOUND', { key: 'clinics.gone' });
const registrationGone = () => new AppError('NOT_FOUND', { key: 'clinics.registrationGone' });

const isAdmin = (actor: Actor | null) => Boolean(actor?.admin.isAdmin);

function facts(clinic: Clinic, participantName: string): ClinicFacts {
  return { clinicId: clinic.id, clinicTitle: clinic.title, participantName, startsAt: clinic.startsAt, endsAt: clinic.endsAt, location: clinic.location };
}

/** The facility must be one of the league's (an inactive one is allowed: a gym can host a clinic without its fields). */
async function checkPlace(db: Database, values: ClinicValues): Promise<void> {
  if (values.facilityId && !(await findFacility(db, values.facilityId))) {
    throw new AppError('VALIDATION_FAILED', { key: 'clinics.facilityUnknown' }, {
      fields: { facilityId: 'Choose a facility' },
    });
  }
}

const rowValues = (values: ClinicValues) => ({
  title: values.title,
  description: values.description,
  startsAt: new Date(values.startsAt),
  endsAt: new Date(values.endsAt),
  facilityId: values.facilityId,
  locationText: values.facilityId ? null : values.locationText,
  ageGroup: values.ageGroup,
  capacity: values.capacity,
  registrationOpensAt: values.registrationOpensAt ? new Date(values.registrationOpensAt) : null,
  registrationClosesAt: values.registrationClosesAt ? new Date(values.registrationClosesAt) : null,
  published: values.published,
});

/** Clinics that have not ended, soonest first: published ones for everyone, unpublished ones too for admins. */
export function listClinics(db: Database, actor: Actor | null, now = new Date()): Promise<Clinic[]> {
  return repo.listUpcomingClinics(db, now, isAdmin(actor));
}

/** The caller's places and waitlist positions in clinics that have not ended. */
export function myRegistrations(db: Database, actor: Actor, now = new Date()): Promise<Registration[]> {
  return repo.registrationsOf(db, actor.userId, now);
}

/** Who a change to a clinic tells after its commit: the league's calendar feed lists clinics and their places. */
type ClinicDeps = Pick<ServerContext, 'db' | 'live'>;

export async function createClinic({ db, live }: ClinicDeps, ctx: AuditContext, values: ClinicValues): Promise<Clinic> {
  return commitThenPublish(db, live, async (tx) => {
    await checkPlace(tx, values);
    const row = await repo.insertClinic(tx, { ...rowValues(values), createdBy: ctx.actorId });
    const clinic = (await repo.findClinicView(tx, row.id))!;
    await recordAudit(tx, ctx, {
      action: 'clinic.create',
      entityType: 'clinic',
      entityId: clinic.id,
      summary: `Created the clinic "${clinic.title}" (${clinic.capacity} places)`,
      after: clinic,
    });
    return { value: clinic, clinics: true };
  });
}

/**
 * Gives freed places to the first on the waitlist (by `seq`), with their notifications; the clinic's row must be
 * locked by the caller. Returns who was promoted.
 */
async function fillFreePlaces(tx: Database, clinicId: string, capacity: number): Promise<repo.RegistrationRow[]> {
  const registered = await repo.countRegistered(tx, clinicId);
  const free = capacity - registered;
  if (free <= 0) return [];
  const promoted = whoIsPromoted(await repo.waitlist(tx, clinicId, free), capacity, registered);
  await repo.promote(
    tx,
    promoted.map((r) => r.id),
  );
  const clinic = (await repo.findClinicView(tx, clinicId))!;
  await queueNotifications(
    tx,
    promoted.map((r) => notification('clinic.promoted', { teamId: null, userId: r.userId }, facts(clinic, r.participantName))),
  );
  return promoted;
}

/** A published clinic's new time or place goes to everyone signed up (places and waitlist); other edits send nothing. */
async function tellOfMove(tx: Database, before: Clinic, after: Clinic): Promise<void> {
  const moved = before.startsAt !== after.startsAt || before.endsAt !== after.endsAt || before.location !== after.location;
  if (!moved || !before.published) return;
  const was = { startsAt: before.startsAt, endsAt: before.endsAt, location: before.location };
  const people = await repo.liveRegistrations(tx, after.id);
  await queueNotifications(
    tx,
    people.map((r) => notification('clinic.changed', { teamId: null, userId: r.userId }, { ...facts(after, r.participantName), before: was })),
  );
}

/** Edits a clinic. More places promote from the waitlist in order; fewer than the registered count is refused. */
export async function editClinic({ db, live }: ClinicDeps, ctx: AuditContext, id: string, values: ClinicValues): Promise<{ clinic: Clinic; promoted: number }> {
  return commitThenPublish(db, live, async (tx) => {
    const locked = await repo.lockClinic(tx, id);
    if (!locked) throw clinicGone();
    if (locked.cancelledAt) throw new AppError('CONFLICT', { key: 'clinics.cancelledNoEdit' });
    await checkPlace(tx, values);
    const before = (await repo.findClinicView(tx, id))!;
    const problem = capacityProblemWords(values.capacity, before.registeredCount);
    if (problem)
      throw new AppError('RULE_VIOLATION', problem, { fields: { capacity: `At least ${before.registeredCount}` }, rule: 'CAPACITY_BELOW_REGISTERED' });
    await repo.updateClinic(tx, id, rowValues(values));
    const promoted = await fillFreePlaces(tx, id, values.capacity);
    const clinic = (await repo.findClinicView(tx, id))!;
    await tellOfMove(tx, before, clinic);
    await recordAudit(tx, ctx, {
      action: 'clinic.update',
      entityType: 'clinic',
      entityId: id,
      summary: `Edited the clinic "${clinic.title}"${promoted.length ? `; ${promoted.length} promoted from the waitlist` : ''}`,
      before,
      after: { ...clinic, promoted: promoted.map((r) => r.id) },
    });
    return { value: { clinic, promoted: promoted.length }, clinics: true };
  });
}

/** Cancels a clinic: every registration (places and waitlist) is cancelled and each registrant is told why. */
export async function cancelClinic({ db, live }: ClinicDeps, ctx: AuditContext, id: string, reason: string): Promise<{ clinic: Clinic; registrationsCancelled: number }> {
  return commitThenPublish(db, live, async (tx) => {
    const locked = await repo.lockClinic(tx, id);
    if (!locked) throw clinicGone();
    if (locked.cancelledAt) throw new AppError('CONFLICT', { key: 'clinics.alreadyCancelled' });
    const before = (await repo.findClinicView(tx, id))!;
    await repo.updateClinic(tx, id, { cancelledAt: new Date(), cancelledBy: ctx.actorId, cancelReason: reason });
    const cancelled = await repo.cancelAllRegistrations(tx, id, ctx.actorId);
    await queueNotifications(
      tx,
      cancelled.map((r) => notification('clinic.cancelled', { teamId: null, userId: r.userId }, { ...facts(before, r.participantName), reason })),
    );
    const clinic = (await repo.findClinicView(tx, id))!;
    await recordAudit(tx, ctx, {
      action: 'clinic.cancel',
      entityType: 'clinic',
      entityId: id,
      summary: `Cancelled the clinic "${clinic.title}" (${cancelled.length} registration${cancelled.length === 1 ? '' : 's'} cancelled): ${reason}`,
      before,
      after: { cancelReason: reason, registrations: cancelled.map((r) => r.id) },
    });
    return { value: { clinic, registrationsCancelled: cancelled.length }, clinics: true };
  });
}

const duplicate = (name: string) =>
  new AppError('CONFLICT', { key: 'clinics.alreadySignedUp', params: { name } }, {
    fields: { participantName: 'Already signed up' },
    rule: 'ALREADY_REGISTERED',
  });

/**
 * Registers a participant. The clinic's row is locked, the places counted, then the registration inserted: two
 * registrations for the same clinic queue on the lock, so the capacity is never exceeded, and the `seq` each takes
 * at insert orders the waitlist as they were decided.
 */
export async function register(
  { db, league, live }: Pick<ServerContext, 'db' | 'league' | 'live'>,
  actor: Actor,
  clinicId: string,
  input: { participantName: string; participantAge: number; emergencyContact: string },
  now = new Date(),
): Promise<Registration> {
  const timeZone = await league.timeZone();
  return onUniqueViolation(
    () =>
      commitThenPublish(db, live, async (tx) => {
        const locked = await repo.lockClinic(tx, clinicId);
        if (!locked || (!locked.published && !isAdmin(actor))) throw clinicGone();
        const clinic = (await repo.findClinicView(tx, clinicId))!;
        const window = registrationWindow(clinic, now);
        if (window.state !== 'open') {
          const refusal = wordsPerLocale((locale) => registrationWindowKeyedWords(window, clinic, timeZone, locale)!);
          throw new AppError('RULE_VIOLATION', refusal, { rule: window.state === 'not-yet' ? 'NOT_OPEN_YET' : 'REGISTRATION_CLOSED' });
        }
        const status = statusForNewRegistration(locked.capacity, await repo.countRegistered(tx, clinicId));
        const row = await repo.insertRegistration(tx, { clinicId, userId: actor.userId, ...input, status });
        await queueNotifications(tx, [
          notification('clinic.registered', { teamId: null, userId: actor.userId }, { ...facts(clinic, row.participantName), status }),
        ]);
        return { value: (await repo.registrationView(tx, row.id))!, clinics: true };
      }),
    () => duplicate(input.participantName),
  );
}

/**
 * Cancels a registration (its owner, or an admin). Under the clinic's lock: a freed place goes to the first on the
 * waitlist, who is told. An admin's cancel is audit-logged.
 */
export async function cancelRegistration(
  deps: ClinicDeps,
  ctx: AuditContext,
  actor: Actor,
  id: string,
  now = new Date(),
): Promise<{ registration: Registration; promoted: string | null }> {
  const first = await repo.findRegistration(deps.db, id);
  const mayTouch = (r: repo.RegistrationRow | null) => Boolean(r && (r.userId === actor.userId || isAdmin(actor)));
  if (!first || !mayTouch(first)) throw registrationGone();
  return cancelUnderLock(deps, ctx, actor, first.clinicId, id, mayTouch, registrationGone, now);
}

const rosterRegistrationGone = () => new AppError('NOT_FOUND', { key: 'clinics.notOnRoster' });

/** An admin cancels one registration from a clinic's roster; the registrant is emailed. */
export function cancelRegistrationByAdmin(
  deps: ClinicDeps,
  ctx: AuditContext,
  actor: Actor,
  clinicId: string,
  id: string,
  now = new Date(),
): Promise<{ registration: Registration; promoted: string | null }> {
  return cancelUnderLock(deps, ctx, actor, clinicId, id, (r) => r?.clinicId === clinicId, rosterRegistrationGone, now);
}

/**
 * The one cancel of a registration, under its clinic's lock: a freed place goes to the first on the waitlist (who is
 * told); someone else's registration cancelled tells its registrant; an admin's cancel is audit-logged.
 */
async function cancelUnderLock(
  { db, live }: ClinicDeps,
  ctx: AuditContext,
  actor: Actor,
  clinicId: string,
  id: string,
  mayTouch: (r: repo.RegistrationRow | null) => boolean,
  gone: () => AppError,
  now: Date,
): Promise<{ registration: Registration; promoted: string | null }> {
  return commitThenPublish(db, live, async (tx) => {
    const locked = await repo.lockClinic(tx, clinicId);
    const reg = await repo.findRegistration(tx, id);
    if (!locked || !reg || !mayTouch(reg)) throw gone();
    if (reg.status === 'cancelled') throw new AppError('CONFLICT', { key: 'clinics.registrationAlreadyCancelled', params: { name: reg.participantName } });
    if (locked.endsAt.getTime() <= now.getTime()) throw new AppError('RULE_VIOLATION', { key: 'clinics.overNoChange' });
    await repo.cancelRegistration(tx, id, actor.userId);
    const promoted = reg.status === 'registered' ? await fillFreePlaces(tx, locked.id, locked.capacity) : [];
    if (reg.userId && reg.userId !== actor.userId) {
      const clinic = (await repo.findClinicView(tx, locked.id))!;
      await queueNotifications(tx, [
        notification('clinic.registration.cancelled', { teamId: null, userId: reg.userId }, { ...facts(clinic, reg.participantName), status: reg.status }),
      ]);
    }
    if (isAdmin(actor)) {
      await recordAudit(tx, ctx, {
        action: 'clinic.registration.cancel',
        entityType: 'clinic_registration',
        entityId: id,
        summary: `Cancelled ${reg.participantName}'s ${reg.status === 'registered' ? 'place' : 'waitlist place'} in "${locked.title}"${promoted.length ? `; ${promoted[0]!.participantName} promoted from the waitlist` : ''}`,
        before: reg,
        after: { promoted: promoted.map((r) => r.id) },
      });
    }
    return { value: { registration: (await repo.registrationView(tx, id))!, promoted: promoted[0]?.participantName ?? null }, clinics: true };
  });
}

export async function clinicRoster(db: Database, id: string): Promise<{ clinic: Clinic; entries: RosterEntry[] }> {
  const clinic = await repo.findClinicView(db, id);
  if (!clinic) throw clinicGone();
  return { clinic, entries: await repo.roster(db, id) };
}

/** The roster as CSV (times in the league's zone), with a file name from the clinic's title. */
export async function clinicRosterExport({ db, league }: Pick<ServerContext, 'db' | 'league'>, id: string): Promise<{ csv: string; fileName: string }> {
  const { clinic, entries } = await clinicRoster(db, id);
  const slug =
    clinic.title
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '') || 'clinic';
  return { csv: clinicRosterCsv(entries, await league.timeZone()), fileName: `${slug}-roster.csv` };
}

/** A clinic as the league's calendar feed shows it, with its revision number (the event's SEQUENCE). */
export interface FeedClinic extends repo.FeedClinicRow {
  sequence: number;
}

/** The audit actions that change a clinic after it was created: each one is a revision of its calendar event. */
const REVISING_ACTIONS = ['clinic.update', 'clinic.cancel'] as const;

/**
 * Published clinics for the league's calendar feed (module calendar, decision 015): those in the feed's window,
 * cancelled ones while the feed keeps them. A clinic has no sequence column: its SEQUENCE is the number of its
 * edits and its cancellation in the append-only audit log, so it only grows, and a cancelled clinic's is higher.
 */
export async function clinicsForFeed(db: Database, bounds: { today: Date; pastFrom: Date; cancelledFrom: Date }): Promise<FeedClinic[]> {
  const rows = await repo.feedClinics(db, bounds);
  const revisions = await countAuditedChanges(
    db,
    'clinic',
    rows.map((r) => r.id),
    REVISING_ACTIONS,
  );
  return rows.map((r) => ({ ...r, sequence: revisions.get(r.id) ?? 0 }));
}
