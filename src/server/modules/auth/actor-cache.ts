import { createHash } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import type { Actor } from '../../context';
import type { Database } from '../../db/client';
import { DEFAULT_ADMIN_CLAIM, decideAdmin } from '../../../shared/users/admin-rule';
import type { Live } from '../live/live.service';
import { findSignedInPerson } from '../users/users.service';
import type { Auth } from './auth';
import { createSessionTokenReader } from './session-cookie';
import { endSession, isPastLifetime } from './sessions';

export type { Actor } from '../../context';

/**
 * Who is behind a session cookie, from memory: every request that needs the caller asks here instead of reading
 * the session, the profile and the claims (four statements) each time.
 *
 * An entry never outlives what it stands for:
 * - every change to a session, an account, a role, a team assignment or a team (sign-out, a session ended or
 *   revoked, a password reset, a disabled account, a rename) publishes a `people` event after its commit
 *   (docs/decisions/013); this server hears it before the change's response goes out, other servers through the
 *   bus, and drops those people's entries (all of them for an empty list or a `resync`);
 * - an entry is valid until the session's expiry or its absolute lifetime (SESSION_MAX_AGE_DAYS), whichever
 *   comes first, and at most `maxAgeMs` (a backstop for a change made by hand in the database, or an event lost
 *   in transit);
 * - a load that was in flight when any `people` event arrived is not stored (it may have read the old rows), and
 *   requests arriving after the event do not join it.
 *
 * Keys are a SHA-256 of the request's Cookie header: the actor is a function of that header alone (nothing else
 * the client sends reaches better-auth from here), and no session token is held as a key or ever logged.
 */
export interface ActorSource {
  /** The person behind this Cookie header, or null (no session, ended, expired, disabled account). */
  actorOf(cookie: string | undefined): Promise<Actor | null>;
  /** How many sessions are held (tests). */
  readonly size: number;
  /** Stops listening for changes (the server is closing). */
  close(): void;
}

export interface ActorSourceDeps {
  auth: Auth;
  db: Database;
  live: Live;
  /** SESSION_MAX_AGE_DAYS in milliseconds: the absolute lifetime of a session. */
  sessionMaxAgeMs: number;
  /** The league's admin-claim rule (OIDC_ADMIN_CLAIM); `admin` when not given. */
  adminClaim?: string | undefined;
}

export interface ActorCacheOptions {
  /** The longest an entry is trusted without an event (default 30 s). 0 turns the cache off. */
  maxAgeMs?: number;
  /** Sessions held at most, least recently used dropped first (default 10,000). */
  maxEntries?: number;
  /** The clock entries are judged by (tests move it on). */
  now?: () => number;
}

export const ACTOR_CACHE_MAX_AGE_MS = 30_000;
export const ACTOR_CACHE_MAX_ENTRIES = 10_000;

interface Entry {
  actor: Actor;
  userId: string;
  /** The time (ms since the epoch) from which the entry is not used. */
  validUntil: number;
}

interface Loaded {
  actor: Actor;
  /** When the session ends: its expiry or its absolute lifetime, whichever is first. */
  endsAt: number;
  /** False when the claim check failed: that answer is for this request only. */
  cacheable: boolean;
}

export function createActorSource(deps: ActorSourceDeps, options: ActorCacheOptions = {}): ActorSource {
  const { auth, db, live, sessionMaxAgeMs } = deps;
  const maxAgeMs = options.maxAgeMs ?? ACTOR_CACHE_MAX_AGE_MS;
  const now = options.now ?? Date.now;
  const entries = new LRUCache<string, Entry>({ max: options.maxEntries ?? ACTOR_CACHE_MAX_ENTRIES });
  const flights = new Map<string, Promise<Actor | null>>();
  /** Moves on with every `people` event: a load that began in an older epoch is not stored. */
  let epoch = 0;

  const forget = (userIds: readonly string[] | 'all') => {
    epoch += 1;
    flights.clear();
    if (userIds === 'all') {
      entries.clear();
      return;
    }
    const people = new Set(userIds);
    const gone: string[] = [];
    for (const [key, entry] of entries.entries()) if (people.has(entry.userId)) gone.push(key);
    for (const key of gone) entries.delete(key);
  };
  const unwatch = live.watch((event) => {
    if (event.type === 'people') forget(event.userIds.length > 0 ? event.userIds : 'all');
    else if (event.type === 'resync') forget('all');
  });

  const sessionToken = createSessionTokenReader(auth);

  /**
   * The person behind a cookie: its signature checked as better-auth checks it, then the session, the account,
   * the profile and the claims in one prepared statement. What better-auth's session read refuses is refused
   * here too: no or a badly signed cookie, no such session, an expired one.
   */
  async function load(cookie: string): Promise<Loaded | null> {
    const token = await sessionToken(cookie);
    if (!token) return null;
    const found = await findSignedInPerson(db, token);
    if (!found || found.expiresAt.getTime() <= Date.now()) return null;
    // The absolute lifetime (SESSION_MAX_AGE_DAYS): a session older than that is over, whatever its expiry says.
    if (isPastLifetime(found.createdAt, sessionMaxAgeMs)) {
      await endSession({ db, live }, token);
      return null;
    }
    const { profile } = found;
    if (!profile || profile.disabled) return null;
    const admin = await decideAdmin(async () => found.claims, profile.role, deps.adminClaim ?? DEFAULT_ADMIN_CLAIM);
    // Shared by every request of this session while cached: nobody may change it in place.
    const actor: Actor = Object.freeze({
      userId: found.userId,
      email: found.email,
      profile: Object.freeze({ ...profile }),
      admin: Object.freeze({ ...admin }),
    });
    const endsAt = Math.min(found.expiresAt.getTime(), found.createdAt.getTime() + sessionMaxAgeMs);
    return { actor, endsAt, cacheable: !admin.claimCheckFailed };
  }

  function actorOf(cookie: string | undefined): Promise<Actor | null> {
    if (!cookie) return Promise.resolve(null);
    // Off, or deaf to other servers' changes for now (the database's LISTEN connection is down): read through.
    if (maxAgeMs <= 0 || !live.hearsEverything()) return load(cookie).then((loaded) => loaded?.actor ?? null);
    const key = createHash('sha256').update(cookie).digest('base64url');
    const hit = entries.get(key);
    if (hit) {
      if (now() < hit.validUntil) return Promise.resolve(hit.actor);
      entries.delete(key);
    }
    const joined = flights.get(key);
    if (joined) return joined;

    const startedIn = epoch;
    const flight = load(cookie)
      .then((loaded) => {
        if (!loaded) return null;
        const validUntil = Math.min(now() + maxAgeMs, loaded.endsAt);
        if (loaded.cacheable && epoch === startedIn && validUntil > now() && live.hearsEverything()) {
          entries.set(key, { actor: loaded.actor, userId: loaded.actor.userId, validUntil });
        }
        return loaded.actor;
      })
      .finally(() => {
        if (flights.get(key) === flight) flights.delete(key);
      });
    flights.set(key, flight);
    return flight;
  }

  return {
    actorOf,
    get size() {
      return entries.size;
    },
    close: unwatch,
  };
}
