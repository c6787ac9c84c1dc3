import type { Database } from './db/client';
import type { LeagueSettingsService } from './modules/league/league.service';
import type { Live } from './modules/live/live.service';
import type { ReadCaches } from './modules/read-cache/read-cache.service';
import type { StorageService } from './modules/storage/storage.types';

/**
 * What every route plugin and service is handed: the database, the live-update publisher, the league
 * settings held in memory, the caches of frequent reads and the file storage. Built once in app.ts.
 */
export interface ServerContext {
  db: Database;
  live: Live;
  league: LeagueSettingsService;
  cache: ReadCaches;
  storage: StorageService;
}
