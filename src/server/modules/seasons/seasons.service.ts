import type { ServerContext } from '../../context';
import type { Database } from '../../db/client';
import { onUniqueViolation } from '../../db/unique-violation';
import { AppError } from '../../errors';
import { recordAudit, type AuditContext } from '../audit/audit.service';
import { commitThenPublish } from '../live/live.service';
import type { Season, SeasonInput } from '../../../shared/seasons/seasons.schemas';
import * as repo from './seasons.repository';

function notFound(): AppError {
  return new AppError('NOT_FOUND', { key: 'seasons.gone' });
}

function duplicateName(name: string): AppError {
  return new AppError('CONFLICT', { key: 'seasons.nameTaken', params: { name } }, {
    fields: { name: 'A season with this name already exists' },
  });
}

function uniqueName<T>(name: string, work: () => Promise<T>): Promise<T> {
  return onUniqueViolation(work, () => duplicateName(name));
}

export const listSeasons = (db: Database) => repo.listSeasons(db);

/** The one way to find a season, for every module. */
export const findSeason = (db: Database, id: string) => repo.findSeason(db, id);
export const findActiveSeason = (db: Database) => repo.findActiveSeason(db);

// Every season change is published: each app server drops its cached booking contexts.

export function createSeason({ db, live }: ServerContext, ctx: AuditContext, input: SeasonInput): Promise<Season> {
  return uniqueName(input.name, () =>
    commitThenPublish(db, live, async (tx) => {
      const season = await repo.insertSeason(tx, input);
      await recordAudit(tx, ctx, {
        action: 'season.create',
        entityType: 'season',
        entityId: season.id,
        summary: `Created season "${season.name}" (${season.startsOn} to ${season.endsOn})`,
        after: season,
      });
      return { value: season, seasons: true };
    }),
  );
}

export function editSeason({ db, live }: ServerContext, ctx: AuditContext, id: string, input: SeasonInput): Promise<Season> {
  return uniqueName(input.name, () =>
    commitThenPublish(db, live, async (tx) => {
      const before = await repo.findSeason(tx, id);
      if (!before) throw notFound();
      const after = (await repo.updateSeason(tx, id, input))!;
      await recordAudit(tx, ctx, {
        action: 'season.update',
        entityType: 'season',
        entityId: id,
        summary: `Edited season "${after.name}"`,
        before,
        after,
      });
      return { value: after, seasons: true };
    }),
  );
}

export function activateSeason({ db, live }: ServerContext, ctx: AuditContext, id: string): Promise<Season> {
  return commitThenPublish(db, live, async (tx) => {
    const before = await repo.findSeason(tx, id);
    if (!before) throw notFound();
    const previous = (await repo.listSeasons(tx)).find((s) => s.active) ?? null;
    await repo.activateSeason(tx, id);
    const after = { ...before, active: true };
    await recordAudit(tx, ctx, {
      action: 'season.activate',
      entityType: 'season',
      entityId: id,
      summary: previous && previous.id !== id
        ? `Made "${after.name}" the active season (was "${previous.name}")`
        : `Made "${after.name}" the active season`,
      before: { activeSeason: previous },
      after: { activeSeason: after },
    });
    return { value: after, seasons: true };
  });
}
