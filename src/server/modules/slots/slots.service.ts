import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import type { ServerContext } from '../../context';
import type { Database } from '../../db/client';
import { sqlState } from '../../db/client';
import { AppError, numberParam } from '../../errors';
import { markOverlaps } from '../../../shared/slots/overlaps';
import { localDate, localDayRange } from '../../../shared/time/zoned';
import { countPlannedSlots, generateSlots, MAX_GENERATED_SLOTS, type GeneratedSlot, type GeneratorResult } from '../../../shared/slots/slot-generator';
import type { z } from 'zod';
import type { GeneratorPreview, Slot, SlotQuery, slotGeneratorInputSchema } from '../../../shared/slots/slots.schemas';
import { recordAudit, type AuditContext } from '../audit/audit.service';
import { findFields } from '../facilities/facilities.service';
import { commitThenPublish, publishAfter } from '../live/live.service';
import { readyJson, tags, type CachedSlotView, type ReadyResponse } from '../read-cache/read-cache.service';
import { findActiveSeason, findSeason } from '../seasons/seasons.service';
import * as repo from './slots.repository';

export type GeneratorRequest = z.output<typeof slotGeneratorInputSchema>;

/**
 * Rows per INSERT statement in a bulk create; progress is reported after each. Small enough that one statement
 * holds the event loop for well under 100 ms on PGlite (which runs in this process): 1,000 took 130-420 ms each.
 */
export const INSERT_BATCH = 250;

interface Plan {
  result: GeneratorResult;
  fieldNames: Map<string, string>;
  marked: Array<{ candidate: GeneratedSlot; clash: { startsAt: Date; endsAt: Date; fieldId: string } | null }>;
}

function tooManySlots(wouldCreate: number): AppError {
  return new AppError('VALIDATION_FAILED', { key: 'slots.tooMany', params: { count: numberParam(wouldCreate), max: numberParam(MAX_GENERATED_SLOTS) } }, {
    rule: 'TOO_MANY_SLOTS',
    wouldCreate,
    limit: MAX_GENERATED_SLOTS,
  });
}

async function plan(db: Database, input: GeneratorRequest, timeZone: string): Promise<Plan> {
  const season = await findSeason(db, input.seasonId);
  if (!season) throw new AppError('VALIDATION_FAILED', { key: 'slots.seasonUnknown' }, { fields: { seasonId: 'Choose a season' } });
  const fieldRows = await findFields(db, input.fieldIds);
  const missing = input.fieldIds.filter((id) => !fieldRows.some((f) => f.id === id && f.active));
  if (missing.length > 0) {
    throw new AppError('VALIDATION_FAILED', { key: 'slots.fieldsUnknown' }, { fields: { fieldIds: 'Choose active fields' } });
  }
  // Counted before anything is built: a request for every field, every day, all day is refused in a few ms.
  const wouldCreate = countPlannedSlots(input, season);
  if (wouldCreate > MAX_GENERATED_SLOTS) throw tooManySlots(wouldCreate);
  const result = generateSlots({ ...input, timeZone }, season);
  const slotsList = result.slots;
  const first = slotsList[0];
  const last = slotsList[slotsList.length - 1];
  const existing = first && last ? await repo.liveIntervals(db, input.fieldIds, first.startsAt, last.endsAt) : [];
  return { result, fieldNames: new Map(fieldRows.map((f) => [f.id, f.name])), marked: markOverlaps(slotsList, existing) };
}

export async function previewSlots({ db, league }: ServerContext, input: GeneratorRequest): Promise<GeneratorPreview> {
  const { result, fieldNames, marked } = await plan(db, input, await league.timeZone());
  const perField = [...new Set(input.fieldIds)].map((fieldId) => {
    const mine = marked.filter((m) => m.candidate.fieldId === fieldId);
    const overlapsCount = mine.filter((m) => m.clash).length;
    return { fieldId, fieldName: fieldNames.get(fieldId) ?? '', create: mine.length - overlapsCount, overlaps: overlapsCount };
  });
  return {
    range: result.range,
    dailyTimes: result.dailyTimes,
    total: perField.reduce((n, f) => n + f.create, 0),
    perField,
    overlaps: marked
      .filter((m) => m.clash)
      .map((m) => ({ fieldId: m.candidate.fieldId, fieldName: fieldNames.get(m.candidate.fieldId) ?? '', startsAt: m.candidate.startsAt.toISOString(), endsAt: m.candidate.endsAt.toISOString() })),
    skipped: result.skipped,
  };
}

/** Checks the request (so errors come back as plain JSON before any streaming starts). */
export async function validateGeneration({ db, league }: ServerContext, input: GeneratorRequest): Promise<Plan> {
  return plan(db, input, await league.timeZone());
}

/**
 * Creates the planned slots in one transaction, in batches, reporting progress. Slots that overlap a live
 * slot (found in the plan or created meanwhile by someone else) are skipped by the database, never duplicated.
 */
export function createPlannedSlots(
  { db, live }: ServerContext,
  ctx: AuditContext,
  input: GeneratorRequest,
  planned: Plan,
  onProgress: (done: number, total: number) => void,
): Promise<{ created: number; skippedOverlaps: number; skipped: number }> {
  // Open pages reload their weeks once the slots are committed and the planner statistics refreshed.
  return publishAfter(live, async () => ({ value: await insertPlanned(db, ctx, input, planned, onProgress), slots: 'all' }));
}

async function insertPlanned(
  db: Database,
  ctx: AuditContext,
  input: GeneratorRequest,
  planned: Plan,
  onProgress: (done: number, total: number) => void,
): Promise<{ created: number; skippedOverlaps: number; skipped: number }> {
  const rows = planned.result.slots.map((s) => ({ seasonId: input.seasonId, fieldId: s.fieldId, startsAt: s.startsAt, endsAt: s.endsAt }));
  const total = rows.length;
  const summary = await db.transaction(async (tx) => {
    let created = 0;
    onProgress(0, total);
    for (let i = 0; i < rows.length; i += INSERT_BATCH) {
      // A resolved query continues as a microtask, so without this the whole run would be one long turn of the
      // event loop on PGlite: let timers and other requests run before each batch.
      await yieldToEventLoop();
      created += await repo.insertSlotsSkippingOverlaps(tx, rows.slice(i, i + INSERT_BATCH));
      onProgress(Math.min(i + INSERT_BATCH, total), total);
    }
    // New slots inside an active field or facility block are born blocked, with its reason.
    const first = rows[0];
    if (first) await repo.applyActiveBlocks(tx, { fieldIds: [...new Set(input.fieldIds)], start: first.startsAt, end: rows[rows.length - 1]!.endsAt });
    const summary = { created, skippedOverlaps: total - created, skipped: planned.result.skipped.length };
    await recordAudit(tx, ctx, {
      action: 'slot.generate',
      entityType: 'season',
      entityId: input.seasonId,
      summary: `Generated ${created} slots on ${new Set(input.fieldIds).size} field(s), ${planned.result.range?.from ?? ''} to ${planned.result.range?.to ?? ''}; ${summary.skippedOverlaps} overlapping skipped`,
      after: { request: input, ...summary },
    });
    return summary;
  });
  if (summary.created > 0) await repo.analyzeSlots(db);
  return summary;
}

const slotGone = () => new AppError('NOT_FOUND', { key: 'slots.gone' });

function bookedMessage(slot: Slot, what: 'changeTime' | 'delete'): AppError {
  return new AppError('CONFLICT', { key: what === 'delete' ? 'slots.bookedDelete' : 'slots.bookedChangeTime', params: { team: slot.teamName ?? { key: 'bookings.aTeam' } } });
}

/** A slot's day must lie inside its season (league time zone); the field error names the season's dates. */
async function refuseOutsideSeason(db: Database, seasonId: string, startsAt: Date, timeZone: string): Promise<void> {
  const season = await findSeason(db, seasonId);
  const day = localDate(startsAt, timeZone);
  if (!season || (day >= season.startsOn && day <= season.endsOn)) return;
  throw new AppError('VALIDATION_FAILED', { key: 'slots.outsideSeason', params: { season: season.name, from: season.startsOn, to: season.endsOn } }, {
    fields: { startsAt: `Choose a day from ${season.startsOn} to ${season.endsOn} (the season's dates)` },
  });
}

export async function editSlot(
  { db, live, league }: ServerContext,
  ctx: AuditContext,
  id: string,
  input: { startsAt: string; endsAt: string; notes?: string | null | undefined },
): Promise<Slot> {
  const timeZone = await league.timeZone();
  try {
    return await commitThenPublish(db, live, async (tx) => {
      if (!(await repo.lockSlot(tx, id))) throw slotGone();
      const before = (await repo.findSlot(tx, id))!;
      const startsAt = new Date(input.startsAt);
      const endsAt = new Date(input.endsAt);
      const timeChanged = startsAt.getTime() !== Date.parse(before.startsAt) || endsAt.getTime() !== Date.parse(before.endsAt);
      if (timeChanged && before.status === 'booked') throw bookedMessage(before, 'changeTime');
      if (timeChanged) await refuseOutsideSeason(tx, before.seasonId, startsAt, timeZone);
      await repo.updateSlot(tx, id, { startsAt, endsAt, notes: input.notes === undefined ? before.notes : input.notes });
      if (timeChanged) await repo.applyActiveBlocks(tx, { slotIds: [id] });
      const moved = (await repo.findSlot(tx, id))!;
      // Moved into a block: a hold on it ends (its team waits again, first in line); out of one: offered to the line.
      if (timeChanged && moved.status === 'blocked') await repo.releaseHolds(tx, [id]);
      if (timeChanged && moved.status === 'open') await repo.holdNext(tx, id, new Date());
      const after = (await repo.findSlot(tx, id))!;
      await recordAudit(tx, ctx, { action: 'slot.update', entityType: 'slot', entityId: id, summary: `Edited the slot on ${after.fieldName}`, before, after });
      // A new time can move the slot into another week, which no event naming its id would reach: reload all.
      return { value: after, slots: timeChanged ? 'all' : [id] };
    });
  } catch (err) {
    if (sqlState(err) === '23P01') throw new AppError('CONFLICT', { key: 'slots.overlapEdit' });
    throw err;
  }
}

export async function deleteSlot({ db, live }: ServerContext, ctx: AuditContext, id: string): Promise<void> {
  await commitThenPublish(db, live, async (tx) => {
    if (!(await repo.lockSlot(tx, id))) throw slotGone();
    const slot = (await repo.findSlot(tx, id))!;
    if (slot.status === 'booked') throw bookedMessage(slot, 'delete');
    await repo.softDeleteSlot(tx, id);
    // Nobody can wait on a slot that is gone: its waits end, and a hold on it with them.
    await repo.endWaitsOf(tx, id);
    await recordAudit(tx, ctx, { action: 'slot.delete', entityType: 'slot', entityId: id, summary: `Deleted the slot on ${slot.fieldName} at ${slot.startsAt}`, before: slot });
    return { value: undefined, slots: [id] };
  });
}

/** Slots starting on the given local days (league time zone), read from the database. */
export async function querySlots({ db, league }: ServerContext, q: SlotQuery): Promise<Slot[]> {
  const { start, end } = localDayRange(q.from, q.to, await league.timeZone());
  return repo.querySlots(db, { start, end, seasonId: q.seasonId, facilityId: q.facilityId, fieldId: q.fieldId });
}

export const slotsByIds = repo.slotsByIds;

const slotView = (slots: Slot[]): CachedSlotView => ({ response: readyJson({ slots }), slotIds: slots.map((s) => s.id) });
const slotTags = (view: CachedSlotView) => [tags.slotViews, ...view.slotIds.map(tags.slot)];

/**
 * The week view, ready to send: from this server's cache until a change touches one of its slots (or any slot
 * view: a generated season, a block, a closed field).
 */
export function slotsResponse(deps: ServerContext, q: SlotQuery): Promise<ReadyResponse> {
  const key = `week|${q.from}|${q.to}|${q.seasonId ?? ''}|${q.facilityId ?? ''}|${q.fieldId ?? ''}`;
  return deps.cache.slotViews
    .get(key, async () => slotView(await querySlots(deps, q)), { joinTags: [tags.anySlot], tagsOf: slotTags })
    .then((view) => view.response);
}

/** The slots a live event named, ready to send (every open page asks for the same ones at once). */
export function slotsByIdsResponse({ db, cache }: ServerContext, ids: string[]): Promise<ReadyResponse> {
  const sorted = [...ids].sort();
  const joinTags = [tags.slotViews, ...sorted.map(tags.slot)];
  return cache.slotViews
    .get(`ids|${sorted.join(',')}`, async () => slotView(await repo.slotsByIds(db, sorted)), {
      joinTags,
      // The ids asked for, found or not: a slot that comes back (a field reopened) is a change to these ids.
      tagsOf: () => joinTags,
    })
    .then((view) => view.response);
}

// For the blocks and bookings modules: the slot row lock everything that changes a slot takes, and the block state.
export const findSlot = repo.findSlot;
export const lockSlot = repo.lockSlot;
/** After a bulk load (the demo league): PGlite runs no autovacuum. */
export const analyzeSlots = repo.analyzeSlots;
export const lockCoveredSlots = repo.lockCoveredSlots;
export const markSlotsBlocked = repo.markSlotsBlocked;
export const slotsOnFieldsBetween = repo.slotsOnFieldsBetween;
export const reopenSlotsOf = repo.reopenSlotsOf;
export const holdNext = repo.holdNext;
export const releaseHolds = repo.releaseHolds;
export const bookedForTeam = repo.bookedForTeam;
export const endHold = repo.endHold;
export const settleHolds = repo.settleHolds;
export type { BlockTarget } from './slots.repository';

/**
 * Creates one slot in the caller's transaction (a practice request approved with a slot made for it): on an
 * active field, on a day of the active season, never overlapping another slot on the field (the database
 * refuses: a clear 409). A slot inside an active field or facility block is born blocked, as generated ones are.
 */
export async function createSlotInTransaction(
  tx: Database,
  ctx: AuditContext,
  input: { fieldId: string; startsAt: Date; endsAt: Date },
  timeZone: string,
): Promise<Slot> {
  const season = await findActiveSeason(tx);
  if (!season) throw new AppError('CONFLICT', { key: 'slots.noActiveSeason' });
  const [field] = await findFields(tx, [input.fieldId]);
  if (!field?.active) throw new AppError('VALIDATION_FAILED', { key: 'slots.fieldUnknown' }, { fields: { fieldId: 'Choose an active field' } });
  await refuseOutsideSeason(tx, season.id, input.startsAt, timeZone);
  let id: string;
  try {
    id = await repo.insertSlot(tx, { seasonId: season.id, fieldId: input.fieldId, startsAt: input.startsAt, endsAt: input.endsAt });
  } catch (err) {
    if (sqlState(err) === '23P01') throw new AppError('CONFLICT', { key: 'slots.overlapCreate', params: { field: field.name } }, { rule: 'SLOT_OVERLAP' });
    throw err;
  }
  await repo.applyActiveBlocks(tx, { slotIds: [id] });
  const slot = (await repo.findSlot(tx, id))!;
  await recordAudit(tx, ctx, { action: 'slot.create', entityType: 'slot', entityId: id, summary: `Created a slot on ${slot.fieldName} at ${slot.startsAt}`, after: slot });
  return slot;
}
