import type { ServerContext } from '../../context';
import type { Database } from '../../db/client';
import { AppError } from '../../errors';
import type { GameImportPreview, GameImportRequest, GameImportRow, GameImportTotals } from '../../../shared/schedule-import/schedule-import.schemas';
import { recordAudit, type AuditContext } from '../audit/audit.service';
import { alreadyImportedRule, createBlock, existingImportKeys } from '../blocks/blocks.service';
import { confirmedBookingsOn } from '../bookings/bookings.service';
import { listFacilities } from '../facilities/facilities.service';
import { slotsOnFieldsBetween } from '../slots/slots.service';
import { coachesOfTeam } from '../users/users.service';
import { fieldDisplayName, parseGameFile, planGames, type FieldChoice, type PlannedGame } from './game-file';

/**
 * The game-schedule import (decision 016). Preview and apply derive the same plan from the same file and the
 * league as it is: each game matched to an active field; a game already imported (its key on any block, lifted
 * or not) changes nothing; every other good game becomes a field block that cancels the bookings it covers.
 */

interface Plan {
  preview: GameImportPreview;
  /** The games to block, in file order, with what each becomes. */
  toBlock: Array<{ game: PlannedGame; row: GameImportRow }>;
}

const gameReason = (title: string | null) => `Game: ${title ?? 'league game'}`;

async function activeFields(db: Database): Promise<FieldChoice[]> {
  return (await listFacilities(db, false)).flatMap((facility) => facility.fields.map((f) => ({ id: f.id, name: f.name, facilityName: facility.name })));
}

async function plan(deps: ServerContext, input: GameImportRequest): Promise<Plan> {
  const { db } = deps;
  const timeZone = await deps.league.timeZone();
  const file = parseGameFile(input.filename, input.content, timeZone);
  const totals: GameImportTotals = { rows: file.entries.length, block: 0, already: 0, problem: 0, slots: 0, bookings: 0 };
  if (file.fileError) return { preview: { fileError: file.fileError, format: file.format, timeZone, rows: [], totals }, toBlock: [] };

  const games = planGames(file, await activeFields(db));
  const good = games.filter((g) => g.importKey);
  const done = await existingImportKeys(db, good.map((g) => g.importKey!));

  // The slots every new game covers, in one query over the file's time span, then the bookings on them.
  const fresh = good.filter((g) => !done.has(g.importKey!));
  const span = fresh.length
    ? { from: new Date(Math.min(...fresh.map((g) => g.startsAt!.getTime()))), to: new Date(Math.max(...fresh.map((g) => g.endsAt!.getTime()))) }
    : null;
  const slots = span ? await slotsOnFieldsBetween(db, [...new Set(fresh.map((g) => g.field!.id))], span.from, span.to) : [];
  const booked = await confirmedBookingsOn(db, slots.map((s) => s.id));
  const coachNames = new Map<string, string[]>();
  for (const teamId of new Set(booked.map((b) => b.teamId))) {
    coachNames.set(teamId, (await coachesOfTeam(db, teamId)).map((c) => c.displayName).sort((a, b) => a.localeCompare(b)));
  }
  // A booking two games cover is cancelled by the first; the second finds it gone.
  const cancelled = new Set<string>();

  const toBlock: Plan['toBlock'] = [];
  const rows = games.map((g): GameImportRow => {
    const row: GameImportRow = {
      line: g.line,
      status: 'problem',
      fieldName: g.field ? fieldDisplayName(g.field) : g.fieldText,
      fieldId: g.field?.id ?? null,
      startsAt: g.startsAt?.toISOString() ?? null,
      endsAt: g.endsAt?.toISOString() ?? null,
      title: g.title,
      reason: g.problem,
      slots: [],
      bookings: [],
    };
    if (!g.importKey) {
      totals.problem++;
      return row;
    }
    if (done.has(g.importKey)) {
      totals.already++;
      return { ...row, status: 'already', reason: 'Already imported: this game’s block exists (or was lifted), so nothing changes.' };
    }
    const covered = slots.filter((s) => s.fieldId === g.field!.id && s.startsAt < g.endsAt! && s.endsAt > g.startsAt!);
    const ids = new Set(covered.map((s) => s.id));
    const hit = booked.filter((b) => ids.has(b.slotId) && !cancelled.has(b.bookingId));
    for (const b of hit) cancelled.add(b.bookingId);
    const blockRow: GameImportRow = {
      ...row,
      status: 'block',
      reason: null,
      slots: covered.map((s) => ({ id: s.id, startsAt: s.startsAt.toISOString(), endsAt: s.endsAt.toISOString() })),
      bookings: hit.map((b) => ({ teamName: b.teamName, startsAt: b.startsAt.toISOString(), coaches: coachNames.get(b.teamId) ?? [] })),
    };
    totals.block++;
    totals.slots += covered.length;
    totals.bookings += hit.length;
    toBlock.push({ game: g, row: blockRow });
    return blockRow;
  });
  return { preview: { fileError: null, format: file.format, timeZone, rows, totals }, toBlock };
}

export async function previewGameImport(deps: ServerContext, input: GameImportRequest): Promise<GameImportPreview> {
  return (await plan(deps, input)).preview;
}

/** The file's problem in the CSV reader's words (English), inside ours. */
const cannotImport = (problem: string) => new AppError('VALIDATION_FAILED', { key: 'scheduleImport.fileCannotImport', params: { problem } });

/** Refuses a file that cannot be imported at all, before any progress is streamed. */
export async function checkGameImport(deps: ServerContext, input: GameImportRequest): Promise<void> {
  const { preview } = await plan(deps, input);
  if (preview.fileError) throw cannotImport(preview.fileError);
}

/**
 * Derives the plan again and blocks each new game in its own transaction (its slots, its bookings cancelled
 * with their coaches' notifications queued, its audit entry), reporting progress; then one audit entry for the
 * whole import. A game another import blocked meanwhile counts as already imported.
 */
export async function applyGameImport(
  deps: ServerContext,
  ctx: AuditContext,
  input: GameImportRequest,
  onProgress: (done: number, total: number) => void,
): Promise<GameImportTotals> {
  const { preview, toBlock } = await plan(deps, input);
  if (preview.fileError) throw cannotImport(preview.fileError);
  const totals: GameImportTotals = { ...preview.totals, block: 0, slots: 0, bookings: 0 };
  let done = 0;
  onProgress(done, toBlock.length);
  for (const { game } of toBlock) {
    try {
      const result = await createBlock(
        deps,
        ctx,
        { scope: 'field', fieldId: game.field!.id, startsAt: game.startsAt!.toISOString(), endsAt: game.endsAt!.toISOString(), category: 'event', reason: gameReason(game.title), onBookings: 'cancel' },
        { importKey: game.importKey! },
      );
      totals.block++;
      totals.slots += result.slotsBlocked;
      totals.bookings += result.bookingsCancelled;
    } catch (err) {
      // Another import of the same game got there first (its check, or the unique key at insert): nothing to do.
      const raced = err instanceof AppError && (err.details as { rule?: string } | undefined)?.rule === alreadyImportedRule;
      if (!raced && !(await existingImportKeys(deps.db, [game.importKey!])).has(game.importKey!)) throw err;
      totals.already++;
    }
    onProgress(++done, toBlock.length);
  }
  await deps.db.transaction((tx) =>
    recordAudit(tx, ctx, {
      action: 'block.import',
      entityType: 'import',
      entityId: null,
      summary: `Game schedule import (${input.filename}): ${totals.block} game(s) blocked, ${totals.bookings} booking(s) cancelled, ${totals.already} already imported, ${totals.problem} row(s) with a problem`,
      after: { filename: input.filename, totals, problemLines: preview.rows.filter((r) => r.status === 'problem').map((r) => r.line) },
    }),
  );
  return totals;
}
