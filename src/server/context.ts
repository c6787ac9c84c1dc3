import type { Database } from './db/client';
import type { LeagueSettingsService } from './modules/league/league.service';
import type { Live } from './modules/live/live.service';

/**
 * What every route plugin and service is handed: the database, the live-update publisher and the league
 * settings held in memory. Built once in app.ts.
 */
export interface ServerContext {
  db: Database;
  live: Live;
  league: LeagueSettingsService;
}
