import type { LeagueSettingsService } from '../../context';
import type { Database } from '../../db/client';
import type { LeagueSettings } from '../../../shared/league/league.schemas';
import { recordAudit } from '../audit/audit.service';
import { commitThenPublish, type Live } from '../live/live.service';
import * as repo from './league.repository';

export type { LeagueSettingsService } from '../../context';

/** The changes an admin's audit entry names in its summary (the rest are in its before and after). */
function settingsChanges(before: LeagueSettings, after: LeagueSettings): string {
  const named = [
    ...(before.timeZone !== after.timeZone ? [`time zone ${before.timeZone} → ${after.timeZone}`] : []),
    ...(before.swapsEnabled !== after.swapsEnabled ? [`practice swaps turned ${after.swapsEnabled ? 'on' : 'off'}`] : []),
  ];
  return named.length ? ` (${named.join('; ')})` : '';
}

export function createLeagueSettings(deps: { db: Database; live: Live; defaults: LeagueSettings; maxAgeMs?: number }): LeagueSettingsService {
  const { db, live, defaults, maxAgeMs = 5 * 60_000 } = deps;
  let cached: { value: Promise<LeagueSettings>; readAt: number } | null = null;
  let signUp: { value: Promise<boolean>; readAt: number } | null = null;
  const forget = () => {
    cached = null;
    signUp = null;
  };
  const unsubscribe = live.watch((event) => {
    if (event.type === 'league' || event.type === 'resync') forget();
  });

  const get = (): Promise<LeagueSettings> => {
    // Deaf to other servers' edits for now (the database's LISTEN connection is down): read through.
    if (!live.hearsEverything()) return repo.getLeagueSettings(db, defaults);
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

  const passwordSignUp = (): Promise<boolean> => {
    if (!live.hearsEverything()) return repo.getPasswordSignUp(db);
    if (!signUp || Date.now() - signUp.readAt > maxAgeMs) {
      const value = repo.getPasswordSignUp(db);
      signUp = { value, readAt: Date.now() };
      value.catch(() => {
        if (signUp?.value === value) signUp = null;
      });
    }
    return signUp.value;
  };

  return {
    get,
    timeZone: async () => (await get()).timeZone,
    passwordSignUp,
    setPasswordSignUp: async (ctx, on) => {
      await commitThenPublish(db, live, async (tx) => {
        // The row is made on first read; switching before anything else read it must not find it missing.
        await repo.getLeagueSettings(tx, defaults);
        const before = await repo.setPasswordSignUp(tx, on);
        if (before !== on) {
          await recordAudit(tx, ctx, {
            action: 'league.password_sign_up.change',
            entityType: 'league',
            entityId: '1',
            summary: on
              ? 'Switched password sign-up on: anyone can create an account with an email and a password'
              : 'Switched password sign-up off: new accounts come only from invitations or the identity provider',
            before: { passwordSignUp: before },
            after: { passwordSignUp: on },
          });
        }
        return { value: undefined, league: before !== on };
      });
      forget();
      // Read again now, outside any transaction: a caller that asks for the settings inside its own transaction
      // (an invitation's email) must not be the one to reload them (on PGlite's one connection it would wait on itself).
      await Promise.all([get(), passwordSignUp()]);
      return on;
    },
    update: async (ctx, input) => {
      const after = await commitThenPublish(db, live, async (tx) => {
        const before = await repo.getLeagueSettings(tx, defaults);
        const after = await repo.updateLeagueSettings(tx, input);
        await recordAudit(tx, ctx, {
          action: 'league.update',
          entityType: 'league',
          entityId: '1',
          summary: `Edited league settings${settingsChanges(before, after)}`,
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
