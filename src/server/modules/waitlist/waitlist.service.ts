import type { Actor, ServerContext } from '../../context';
import type { Database } from '../../db/client';
import { AppError } from '../../errors';
import type { Booking } from '../../../shared/bookings/bookings.schemas';
import type { MyWaits, Wait } from '../../../shared/waitlist/waitlist.schemas';
import type { AuditContext } from '../audit/audit.service';
import { book, cannotBook, fieldDivisionRefusal, followedTeam, lockTeamRow, refusalErrorWords } from '../bookings/bookings.service';
import { commitThenPublish, type Live } from '../live/live.service';
import { endHold, findSlot, lockSlot, settleHolds } from '../slots/slots.service';
import * as repo from './waitlist.repository';

// The waitlist with a hold (issue 28, docs/decisions/034). A coach waits on a booked slot; when it frees, the
// database's hold functions (migration 0018) hold it for the first team waiting, and the worker moves a hold that runs
// out. Here: joining and leaving the line, taking and passing a hold, and what a team sees.

const DAY = 86_400_000;
const notYours = () => new AppError('NOT_FOUND', { key: 'waitlist.notYours' });
const holdGone = () => new AppError('CONFLICT', { key: 'waitlist.holdGone' });

/** The team whose waits this person manages: a coach's (or an admin's) own team, refused in words otherwise. */
function teamOf(actor: Actor): string {
  const refusal = cannotBook(actor, 'wait');
  if (refusal) throw new AppError(refusal.code === 'SIGN_IN' ? 'UNAUTHENTICATED' : 'FORBIDDEN', refusal.words, { rule: refusal.code });
  return actor.profile.teamId!;
}

/** "Tell me if it frees up": the team joins the line for a booked slot, at most the league's number of slots at once. */
export async function join({ db, live }: ServerContext, actor: Actor, slotId: string, now = new Date()): Promise<Wait> {
  const teamId = teamOf(actor);
  const id = await commitThenPublish(db, live, async (tx) => {
    // The team's lock first (its waits are counted under it), then the slot's, as every booking change takes them.
    const team = await lockTeamRow(tx, teamId);
    if (!team?.active) throw new AppError('FORBIDDEN', { key: 'waitlist.teamInactive' });
    if (!(await lockSlot(tx, slotId))) throw new AppError('NOT_FOUND', { key: 'waitlist.slotGone' });
    const slot = (await findSlot(tx, slotId))!;
    if (new Date(slot.startsAt).getTime() <= now.getTime() + 3_600_000) {
      throw new AppError('CONFLICT', { key: 'waitlist.tooLate' }, { rule: 'WAIT_TOO_LATE' });
    }
    if (slot.status === 'blocked') {
      throw new AppError('CONFLICT', slot.blockReason ? { key: 'waitlist.blockedReason', params: { reason: slot.blockReason } } : { key: 'waitlist.blocked' }, { rule: 'SLOT_BLOCKED' });
    }
    if (slot.teamId === teamId) throw new AppError('CONFLICT', { key: 'waitlist.alreadyYours', params: { team: team.name } }, { rule: 'ALREADY_YOURS' });
    // A field limited to other divisions (issue 29): the team could never take the slot, and a hold for it would shut
    // out the teams that could. Judged under the slot's lock, which an edit of the field's divisions waits for. If the
    // field's divisions change after the team joined, its take is refused all the same (the booking call's FIELD_DIVISION)
    // and the hold moves on to the next team waiting; the hold itself (`cgsl_hold_next`) does not look at divisions.
    const otherDivision = await fieldDivisionRefusal(tx, slot.fieldId, team);
    if (otherDivision) throw new AppError('RULE_VIOLATION', refusalErrorWords(otherDivision), { rule: 'FIELD_DIVISION' });
    if (slot.status === 'open' && !slot.heldFor) throw new AppError('CONFLICT', { key: 'waitlist.slotOpen' }, { rule: 'SLOT_OPEN' });
    if (await repo.liveWaitOf(tx, teamId, slotId)) throw new AppError('CONFLICT', { key: 'waitlist.alreadyWaiting', params: { team: team.name } }, { rule: 'ALREADY_WAITING' });
    const { maxWaits } = await repo.waitSettings(tx);
    const count = await repo.liveWaitCount(tx, teamId);
    if (count >= maxWaits) {
      throw new AppError('RULE_VIOLATION', { key: 'waitlist.limit', params: { team: team.name, count, limit: maxWaits } }, { rule: 'WAIT_LIMIT' });
    }
    const wait = await repo.insertWait(tx, { slotId, teamId, userId: actor.userId });
    return { value: wait.id, slots: [slotId] };
  });
  return (await repo.waitsOfTeam(db, teamId, new Date(now.getTime() - DAY))).find((w) => w.id === id)!;
}

async function ownWait(db: Database, actor: Actor, waitId: string) {
  const teamId = teamOf(actor);
  const wait = await repo.findWait(db, waitId);
  if (!wait || wait.teamId !== teamId) throw notYours();
  return wait;
}

/** The coach stops waiting: out of the line, or, while the slot is held for the team, the hold moves on. */
export async function leave({ db, live }: ServerContext, actor: Actor, waitId: string, now = new Date()): Promise<void> {
  const wait = await ownWait(db, actor, waitId);
  await commitThenPublish(db, live, async (tx) => {
    const done = wait.state === 'offered' ? await endHold(tx, wait.slotId, wait.id, 'left', now) : await repo.leaveWaiting(tx, wait.id, now);
    if (!done) throw new AppError('CONFLICT', { key: 'waitlist.ended' });
    return { value: undefined, slots: [wait.slotId] };
  });
}

/** The team passes on the slot held for it: the next team waiting gets the hold, or the slot is free for everyone. */
export async function pass({ db, live }: ServerContext, actor: Actor, waitId: string, now = new Date()): Promise<void> {
  const wait = await ownWait(db, actor, waitId);
  await commitThenPublish(db, live, async (tx) => {
    if (!(await endHold(tx, wait.slotId, wait.id, 'passed', now))) throw holdGone();
    return { value: undefined, slots: [wait.slotId] };
  });
}

/**
 * The team takes the slot held for it: booked by the booking call under the team's rules. A refusal by one of its rules
 * says which, and the hold moves on to the next team waiting.
 */
export async function take(deps: ServerContext, ctx: AuditContext, actor: Actor, waitId: string, now = new Date()): Promise<Booking> {
  const wait = await ownWait(deps.db, actor, waitId);
  if (wait.state !== 'offered') throw holdGone();
  try {
    return await book(deps, ctx, actor, wait.slotId, now);
  } catch (err) {
    if (err instanceof AppError && err.code === 'RULE_VIOLATION') {
      const moved = await commitThenPublish(deps.db, deps.live, async (tx) => {
        if (!(await endHold(tx, wait.slotId, wait.id, 'refused', now))) return { value: null, slots: [] };
        return { value: Boolean((await findSlot(tx, wait.slotId))?.heldFor), slots: [wait.slotId] };
      });
      if (moved !== null) {
        const reason = err.words ?? err.message;
        throw new AppError('RULE_VIOLATION', { key: moved ? 'waitlist.refusedNextTeam' : 'waitlist.refusedOpenToAll', params: { reason } }, err.details);
      }
    }
    throw err;
  }
}

/** A team's waits: the live ones and those decided this last week. */
export async function mine({ db, league }: ServerContext, actor: Actor, now = new Date()): Promise<MyWaits> {
  const [timeZone, settings] = await Promise.all([league.timeZone(), repo.waitSettings(db)]);
  const teamId = followedTeam(actor);
  return { timeZone, ...settings, waits: teamId ? await repo.waitsOfTeam(db, teamId, new Date(now.getTime() - 7 * DAY)) : [] };
}

/** The mail worker's due work: holds that ran out move on, free slots someone waits for are offered; pages hear of it. */
export async function settleDueHolds({ db, live }: { db: Database; live: Live }, now: Date): Promise<number> {
  const changed = await db.transaction(async (tx) => {
    const slotIds = await settleHolds(tx, now);
    if (slotIds.length > 0) await settlePause();
    return slotIds;
  });
  if (changed.length > 0) await live.publish({ slots: changed });
  return changed.length;
}

/**
 * WAITLIST_SETTLE_PAUSE_MS, read only by tests (waitlist-crash.api.test.ts): a pass that moved holds waits this long
 * before its commit, every hold and offer written but not committed, and says so on stderr, so a test can kill the
 * server in the middle. Unset (always, outside tests), it costs nothing.
 */
async function settlePause(): Promise<void> {
  const ms = Number(process.env.WAITLIST_SETTLE_PAUSE_MS ?? 0);
  if (ms > 0) {
    console.warn(`waitlist holds: pausing ${ms} ms before the commit (WAITLIST_SETTLE_PAUSE_MS)`);
    await new Promise((resolve) => setTimeout(resolve, ms));
  }
}

/** How waits ended in [from, to), per team and state, optionally of one facility's slots (the reports read this). */
export const waitOutcomes = repo.waitOutcomes;
