import type { Database } from './db/client';
import type { BookingRules, DivisionRuleOverrides } from '../shared/bookings/booking-rules';
import type { Role } from '../shared/constants';
import type { Locale } from '../shared/i18n/locales';
import type { LeagueSettings, LeagueSettingsUpdate } from '../shared/league/league.schemas';
import type { StoredFileMetadata } from '../shared/storage/storage.schemas';
import type { AdminDecision } from '../shared/users/admin-rule';

/**
 * What every route plugin and service is handed: the database, the live-update publisher, the league
 * settings held in memory, the caches of frequent reads, the file storage and the admin-claim rule. Built once in app.ts, the
 * composition root, which imports the modules that implement these services.
 *
 * This file holds types only and imports nothing from src/server/modules: modules import the types they need
 * from here (and re-export their own service's), so no module and the context ever import each other in a
 * circle (src/server/import-cycles.test.ts fails when one comes back).
 */
/** What Book a Field's context caches per team (ISO instants). */
export interface TeamDivisionFacts {
  divisionId: string | null;
  divisionName: string | null;
  overrides: DivisionRuleOverrides | null;
}

export interface TeamBookingFacts {
  starts: readonly string[];
  credits: readonly string[];
}

export interface ServerContext {
  db: Database;
  live: Live;
  league: LeagueSettingsService;
  cache: ReadCaches;
  storage: StorageService;
  /**
   * The league's admin rule for ID-token claims (OIDC_ADMIN_CLAIM, `admin` when unset): with the profile role it
   * decides who the league's admins are (spec §6), for access and for every "tell the admins" mail.
   */
  adminClaim: string;
}

// ---- Who is asking (plugins/access.ts builds it; auth/actor-cache.ts holds it) ----

/** A person's profile as the signed-in person and the user lists read it (users.repository). */
export interface ProfileRow {
  id: string;
  email: string;
  displayName: string;
  role: Role;
  teamId: string | null;
  teamName: string | null;
  photoURL: string | null;
  disabled: boolean;
  /** The person's chosen language, or null (the browser's). */
  locale: Locale | null;
}

/** The signed-in person behind a request. */
export interface Actor {
  userId: string;
  email: string;
  profile: ProfileRow;
  admin: AdminDecision;
}

/** Who made a change and from where: taken once from the request, written with every audit entry (module audit). */
export interface AuditContext {
  actorId: string | null;
  actorEmail: string | null;
  ip: string | null;
  userAgent: string | null;
}

/** One entry of the append-only audit log, as a module hands it to `recordAudit` (module audit). */
export interface AuditEntry {
  action: string;
  entityType: string;
  entityId: string | null;
  summary: string;
  before?: unknown;
  after?: unknown;
}

// ---- Live updates (module live) ----

/**
 * What changed, for every app server and every open page:
 * - `slots`: slot ids whose status, booking or block may be different now (empty: reload the visible weeks);
 * - `league`: the league settings changed (each server drops its cached copy);
 * - `seasons`: a season or its booking rules changed (cached booking contexts are dropped);
 * - `people`: these people's sign-in, role, team or account changed (empty: anyone's); cached sessions are dropped;
 * - `clinics`: a clinic or its places changed (created, edited, cancelled, a registration); the league's calendar
 *   feed, which lists clinics, is dropped;
 * - `resync`: this server's LISTEN connection broke, or came back after a break, so it may have missed events:
 *   every cache drops everything and open pages reload their weeks. Never sent between servers.
 */
export type LiveEvent =
  | { type: 'slots'; slotIds: string[] }
  | { type: 'league' }
  | { type: 'seasons' }
  | { type: 'people'; userIds: string[] }
  | { type: 'clinics' }
  | { type: 'resync' };

/** What a change did to the slots that open pages show: these slots, or any of them (reload the weeks). */
export type SlotChanges = string[] | 'all';

/** The result of a unit of work and what it changed, so one step can publish it after the commit. */
export interface Changed<T> {
  value: T;
  slots?: SlotChanges;
  league?: boolean;
  /** A season or its booking rules. */
  seasons?: boolean;
  /** People whose sessions, role, team or account changed ('all': anyone's, e.g. a team renamed). */
  people?: string[] | 'all';
  /** A clinic or its places (the league's calendar feed lists clinics). */
  clinics?: boolean;
}

/** Live updates as the services see them: they publish only what a committed transaction changed. */
export interface Live {
  publish(changes: Omit<Changed<unknown>, 'value'>): Promise<void>;
  /** Every event from every app server, this one included (open pages, through the bus). */
  subscribe(listener: (event: LiveEvent) => void): () => void;
  /**
   * For in-memory caches: hears this server's own changes at once, before the response to the change goes out
   * (so the writer's next read is fresh), and other servers' through the bus. An event may be heard twice.
   */
  watch(listener: (event: LiveEvent) => void): () => void;
  /**
   * Whether this server hears every change now (its LISTEN connection is up; always on PGlite). While it does
   * not, a cache must not keep what it reads: another server's change would not reach it.
   */
  hearsEverything(): boolean;
}

// ---- The league settings held in memory (module league) ----

/**
 * The league's settings, read once and held in memory: every request that needs the time zone or the name
 * asks here instead of the database. An edit on any app server reaches every server's copy through the live
 * bus; the copy is also re-read after a while, in case a server missed that event (a dropped LISTEN connection).
 */
export interface LeagueSettingsService {
  get(): Promise<LeagueSettings>;
  timeZone(): Promise<string>;
  update(ctx: AuditContext, input: LeagueSettingsUpdate): Promise<LeagueSettings>;
  /** Whether a visitor may create an account with a password; invitations and the identity provider always can. */
  passwordSignUp(): Promise<boolean>;
  /** An admin switches password sign-up on or off (audit-logged); returns the new value. */
  setPasswordSignUp(ctx: AuditContext, on: boolean): Promise<boolean>;
  /** Stops listening for changes (the server is closing). */
  close(): void;
}

// ---- The caches of frequent reads (module read-cache) ----

/** Tags to drop, or everything. */
export type Invalidation = readonly string[] | 'all';

export interface LoadSpec<T> {
  /** Tags that, if invalidated after this load began, mean a new request must not share it. */
  joinTags: readonly string[];
  /** Tags the loaded value depends on (known only once loaded: the slot ids it holds). */
  tagsOf: (value: T) => Iterable<string>;
}

/** One cache of tagged entries (read-cache/read-cache.ts implements it). */
export interface TaggedCache<T> {
  readonly size: number;
  /** The cached value of `key`, or `load()`'s, stored unless a change touching it committed meanwhile. */
  get(key: string, load: () => Promise<T>, spec: LoadSpec<T>): Promise<T>;
  /** Drops every entry holding one of these tags (or everything), and marks in-flight loads touching them stale. */
  invalidate(tags: Invalidation): void;
}

/**
 * A JSON answer serialized once, with its entity tag and, made on first demand, its compressed forms: what a
 * cached read sends to every client until the next change.
 */
export interface ReadyResponse {
  readonly body: Buffer;
  readonly etag: string;
  /** Filled lazily, once per entry and encoding. */
  readonly encoded: { br?: Buffer; gzip?: Buffer };
}

/** A slot view ready to send, with the slot ids it holds (its tags). */
export interface CachedSlotView {
  response: ReadyResponse;
  slotIds: readonly string[];
}

/** A calendar feed ready to send (module calendar): its text, its tag, since when it is this text. */
export interface CachedFeed {
  body: string;
  etag: string;
  lastModified: Date;
  ready: ReadyResponse;
}

export interface CachedSeason {
  season: { id: string; name: string; startsOn: string; endsOn: string } | null;
  rules: BookingRules | null;
}

export interface ReadCaches {
  slotViews: TaggedCache<CachedSlotView>;
  seasons: TaggedCache<CachedSeason>;
  /** A team's confirmed bookings' starts and its free make-up credits' expiries (Book a Field's context). */
  teamBookings: TaggedCache<TeamBookingFacts>;
  /** A team's division and the division's own rules in a season (issue 29), dropped by any season or division change. */
  teamDivisions: TaggedCache<TeamDivisionFacts>;
  /** Calendar feeds ready to send (module calendar), dropped by any slot change (`tags.anySlot`); the league's also by a clinic change. */
  feeds: TaggedCache<CachedFeed>;
  /** Drops everything (after data was written behind the app's back: a test fixture, a manual SQL fix). */
  clear(): void;
  /** Stops listening (the server is closing). */
  close(): void;
}

// ---- File storage (module storage, decision 023) ----

/** What a module hands the storage service to keep (the users module's profile photos, for one). */
export interface PutObjectInput {
  bucket?: string;
  /** The object's path in the bucket, e.g. `users/<uid>/profile/photo-512.webp`; checked like an upload's `name`. */
  fullPath: string;
  /** Whose quota it counts against; null for league files. */
  ownerId: string | null;
  bytes: Buffer;
  contentType: string;
  cacheControl?: string;
  contentDisposition?: string;
  contentLanguage?: string;
  customMetadata?: Record<string, string>;
}

export interface StorageProbe {
  ok: boolean;
  latencyMs: number;
  /** In words, when not ok (never a secret). */
  error?: string;
}

/**
 * The one way any module keeps or reads a file (decision 023). Two backends behind it: local disk under
 * DATA_DIR/storage (the default) and an S3-compatible bucket; the metadata of spec §3 lives in `stored_files`.
 */
export interface StorageService {
  readonly backend: 'local' | 's3';
  readonly bucket: string;
  /** Stores the bytes and their metadata (a new generation when the path exists); refuses over quota with 402. */
  put(input: PutObjectInput): Promise<StoredFileMetadata>;
  getMetadata(fullPath: string, bucket?: string): Promise<StoredFileMetadata | null>;
  /** The app's download address of an object (`…/o/<path>?alt=media&token=…`), stable for a generation. */
  downloadUrl(fullPath: string, bucket?: string): Promise<string | null>;
  remove(fullPath: string, bucket?: string, options?: RemoveOptions): Promise<boolean>;
  /**
   * What a download address answers (`…?alt=media&token=…`): null when there is no such object or the token is
   * not the current generation's; 304 when `ifNoneMatch` names its ETag; else the bytes (local disk) or a
   * redirect to a presigned address (S3). The headers are the ones to send.
   */
  download(fullPath: string, token: string, options?: { bucket?: string; ifNoneMatch?: string }): Promise<ObjectDownload | null>;
  /** Writes, reads back and deletes a small object: what /diag shows. */
  probe(): Promise<StorageProbe>;
  close(): Promise<void>;
}

export interface RemoveOptions {
  /** Records `storage.delete` in the deleting transaction (an admin removing another person's file). */
  audit?: AuditContext;
}

export type ObjectDownload =
  | { status: 200; headers: Record<string, string>; body: Buffer }
  | { status: 302; headers: Record<string, string>; location: string }
  | { status: 304; headers: Record<string, string> };
