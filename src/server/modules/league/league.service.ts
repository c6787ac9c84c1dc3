import type { Database } from '../../db/client';
import type { LeagueSettings } from '../../../shared/league/league.schemas';
import { recordAudit, type AuditContext } from '../audit/audit.service';
import { commitThenPublish, type Live } from '../live/live.service';
import * as repo from './league.repository';

/**
 * The league's settings, read once and held in memory: every request that needs the time zone or the name
 * asks here instead of the database. An edit on any app server reaches every server's copy through the live
 * bus; the copy is also re-read after `maxAgeMs`, in case a server missed that event (a dropped LISTEN connection).
 */
export interface LeagueSettingsService {
  get(): Promise<LeagueSettings>;
  timeZone(): Promise<string>;
  update(ctx: AuditContext, input: LeagueSettings): Promise<LeagueSettings>;
  /** Stops listening for changes (the server is closing). */
  close(): void;
}

export function createLeagueSettings(deps: { db: Database; live: Live; defaults: LeagueSettings; maxAgeMs?: number }): LeagueSettingsService {
  const { db, live, defaults, maxAgeMs = 5 * 60_000 } = deps;
  let cached: { value: Promise<LeagueSettings>; readAt: number } | null = null;
  const forget = () => {
    cached = null;
  };
  const unsubscribe = live.watch((event) => {
    if (event.type === 'league' || event.type === 'resync') forget();
  });

  const get = (): Promise<LeagueSettings> => {
    if (!cached || Date.now() - cached.readAt > maxAgeMs) {
      const value = repo.getLeagueSettings(db, defaults);
      cached = { value, readAt: Date.now() };
      // A failed read is not kept: the next request tries the database again.
      value.catch(() => {
        if (cached?.value === value) forget();
      });
    }
    return cached.value;
  };

  return {
    get,
    timeZone: async () => (await get()).timeZone,
    update: async (ctx, input) => {
      const after = await commitThenPublish(db, live, async (tx) => {
        const before = await repo.getLeagueSettings(tx, defaults);
        const after = await repo.updateLeagueSettings(tx, input);
        await recordAudit(tx, ctx, {
          action: 'league.update',
          entityType: 'league',
          entityId: '1',
          summary: before.timeZone !== after.timeZone ? `Edited league settings (time zone ${before.timeZone} → ${after.timeZone})` : 'Edited league settings',
          before,
          after,
        });
        return { value: after, league: true };
      });
      forget();
      return after;
    },
    close: unsubscribe,
  };
}
