import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  time,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { BLOCK_CATEGORIES, BLOCK_SCOPES } from '../../shared/blocks/blocks.schemas';
import { BOOKING_STATUSES } from '../../shared/bookings/bookings.schemas';
import { ANNOUNCEMENT_AUDIENCES, ANNOUNCEMENT_SEVERITIES } from '../../shared/announcements/announcements.schemas';
import { CLINIC_REGISTRATION_STATUSES } from '../../shared/clinics/clinics.schemas';
import { ROLES } from '../../shared/constants';
import { LOCALES } from '../../shared/i18n/locales';
import { CONTACT_MESSAGE_STATUSES } from '../../shared/contact/contact.schemas';
import { PRACTICE_REQUEST_STATUSES } from '../../shared/practice-requests/practice-requests.schemas';
import { SURFACES } from '../../shared/facilities/facilities.schemas';
import { drawWeightings } from '../../shared/opening/opening.schemas';
import { STORED_SLOT_STATUSES } from '../../shared/slots/slots.schemas';
import { SWAP_KINDS, SWAP_STATES } from '../../shared/swaps/swaps.schemas';
import { WAIT_STATES } from '../../shared/waitlist/waitlist.schemas';

/** Where a queued email stands (the mail worker's states; no other module reads them). */
export const MAIL_STATUSES = ['pending', 'sending', 'sent', 'failed'] as const;

/**
 * `column IN (…)`, for a CHECK constraint: the database refuses a role, status or kind the application does not
 * know, whatever writes it (issue 10). The values are the shared constants the API validates against; changing a
 * list means a migration that replaces the constraint.
 */
function oneOf(column: AnyPgColumn, values: readonly string[]) {
  return sql`${column} in (${sql.raw(values.map((v) => `'${v.replace(/'/g, "''")}'`).join(', '))})`;
}

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

// ---- Authentication (owned by better-auth; property names are its field names) ----

export const authUser = pgTable('auth_user', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  email: text('email').notNull().unique(),
  emailVerified: boolean('email_verified').notNull().default(false),
  image: text('image'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
  /** Claims asserted by an identity provider (spec §6 "admin claim"); null for password accounts. */
  claims: jsonb('claims').$type<Record<string, unknown>>(),
});

export const authSession = pgTable(
  'auth_session',
  {
    id: text('id').primaryKey(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    token: text('token').notNull().unique(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    userId: text('user_id')
      .notNull()
      .references(() => authUser.id, { onDelete: 'cascade' }),
  },
  (t) => [index('auth_session_user_id_idx').on(t.userId)],
);

export const authAccount = pgTable(
  'auth_account',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id').notNull(),
    providerId: text('provider_id').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => authUser.id, { onDelete: 'cascade' }),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    idToken: text('id_token'),
    accessTokenExpiresAt: timestamp('access_token_expires_at', { withTimezone: true }),
    refreshTokenExpiresAt: timestamp('refresh_token_expires_at', { withTimezone: true }),
    scope: text('scope'),
    password: text('password'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('auth_account_user_id_idx').on(t.userId)],
);

export const authVerification = pgTable(
  'auth_verification',
  {
    id: text('id').primaryKey(),
    identifier: text('identifier').notNull(),
    value: text('value').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('auth_verification_identifier_idx').on(t.identifier)],
);

export const authRateLimit = pgTable('auth_rate_limit', {
  id: text('id').primaryKey(),
  key: text('key').notNull().unique(),
  count: bigint('count', { mode: 'number' }).notNull(),
  lastRequest: bigint('last_request', { mode: 'number' }).notNull(),
});

// ---- League ----

/**
 * A division or age group of the league (issue 29, decision 035): "8U", "10U"... in the league's order. Each team is in
 * at most one; fields may be limited to some; booking rules and the opening may differ per division.
 */
export const divisions = pgTable(
  'divisions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    position: integer('position').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('divisions_name_idx').on(sql`lower(${t.name})`)],
);

export const teams = pgTable('teams', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull().unique(),
  divisionId: uuid('division_id').references(() => divisions.id),
  active: boolean('active').notNull().default(true),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** The spec's `users` profile, keyed by the auth user id. */
export const users = pgTable(
  'users',
  {
    id: text('id')
      .primaryKey()
      .references(() => authUser.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    displayName: text('display_name').notNull(),
    role: text('role', { enum: ROLES }).notNull().default('member'),
    teamId: uuid('team_id').references(() => teams.id, { onDelete: 'set null' }),
    photoUrl: text('photo_url'),
    disabled: boolean('disabled').notNull().default(false),
    /** Which non-security emails the person gets (security mail such as a reset always goes out). */
    notifyBookingChanges: boolean('notify_booking_changes').notNull().default(true),
    notifyReminders: boolean('notify_reminders').notNull().default(true),
    /** The language the person chose (decision 038): their screens and emails. Null: the browser's. */
    locale: text('locale', { enum: LOCALES }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    lastSignInAt: timestamp('last_sign_in_at', { withTimezone: true }),
  },
  (t) => [
    check('users_role_valid', oneOf(t.role, ROLES)),
    check('users_locale_valid', oneOf(t.locale, LOCALES)),
    index('users_team_id_idx').on(t.teamId),
    index('users_role_idx').on(t.role),
    // The user manager searches and pages 10,000+ people by name and email.
    index('users_display_name_idx').on(sql`lower(${t.displayName})`, t.id),
    index('users_email_lower_idx').on(sql`lower(${t.email})`),
  ],
);

/** An admin's invitation to join as a role (and team). Only a hash of the link's token is stored. */
export const invitations = pgTable(
  'invitations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    displayName: text('display_name'),
    role: text('role', { enum: ROLES }).notNull(),
    teamId: uuid('team_id').references(() => teams.id, { onDelete: 'set null' }),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    invitedBy: text('invited_by'),
    createdAt: createdAt(),
    lastSentAt: timestamp('last_sent_at', { withTimezone: true }).notNull().defaultNow(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    acceptedBy: text('accepted_by'),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [
    check('invitations_role_valid', oneOf(t.role, ROLES)),
    // One open invitation per address: inviting again replaces the link (resend).
    uniqueIndex('invitations_one_open_per_email_idx').on(sql`lower(${t.email})`).where(sql`${t.acceptedAt} is null and ${t.revokedAt} is null`),
  ],
);

export const seasons = pgTable(
  'seasons',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull().unique(),
    startsOn: date('starts_on', { mode: 'string' }).notNull(),
    endsOn: date('ends_on', { mode: 'string' }).notNull(),
    active: boolean('active').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  // At most one active season: the database enforces it.
  (t) => [uniqueIndex('seasons_one_active_idx').on(t.active).where(sql`${t.active}`)],
);

/**
 * Append-only: triggers in the migrations refuse UPDATE, DELETE and TRUNCATE, even for the table's owner (the role
 * the app connects as), and 0006 revokes those rights from PUBLIC (docs/decisions/011).
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    actorId: text('actor_id'),
    actorEmail: text('actor_email'),
    action: text('action').notNull(),
    entityType: text('entity_type').notNull(),
    entityId: text('entity_id'),
    summary: text('summary').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
    ip: text('ip'),
    userAgent: text('user_agent'),
  },
  // The audit-log screen's reads (decision 020): newest first over (at, id) with keyset paging, each filter by an
  // index that ends in (at, id), and the summary's full-text search.
  (t) => [
    index('audit_log_at_id_idx').on(t.at, t.id),
    index('audit_log_entity_idx').on(t.entityType, t.entityId, t.at, t.id),
    index('audit_log_entity_type_idx').on(t.entityType, t.at, t.id),
    index('audit_log_action_idx').on(t.action, t.at, t.id),
    index('audit_log_actor_idx').on(sql`lower(${t.actorEmail})`, t.at, t.id),
    index('audit_log_summary_search_idx').using('gin', sql`to_tsvector('simple', ${t.summary})`),
  ],
);

/** One-time links that create the league's first admin. Only a hash of the token is stored. */
export const setupTokens = pgTable('setup_tokens', {
  id: uuid('id').primaryKey().defaultRandom(),
  tokenHash: text('token_hash').notNull().unique(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
  createdAt: createdAt(),
});

/** One row (id 1): the league's name, short name, time zone and contact address. */
export const leagueSettings = pgTable(
  'league_settings',
  {
    id: integer('id').primaryKey().default(1),
    name: text('name').notNull(),
    shortName: text('short_name').notNull(),
    timeZone: text('time_zone').notNull(),
    contactEmail: text('contact_email'),
    /** Off: new accounts come only through the identity provider or an invitation (issue 16). */
    passwordSignUp: boolean('password_sign_up').notNull().default(true),
    /** A rain-out's make-up credit is used by the end of this many days after the closure's day (issue 28). */
    makeupDays: integer('makeup_days').notNull().default(14),
    /** How many booked slots a team may wait on at once, and how long a freed slot is held for a waiting team (issue 28). */
    maxWaits: integer('max_waits').notNull().default(3),
    holdMinutes: integer('hold_minutes').notNull().default(120),
    /** Off: coaches cannot offer or accept practice swaps (issue 29). */
    swapsEnabled: boolean('swaps_enabled').notNull().default(true),
    updatedAt: updatedAt(),
  },
  (t) => [check('league_settings_single_row', sql`${t.id} = 1`), check('league_settings_makeup_days_valid', sql`${t.makeupDays} between 1 and 60`),
    check('league_settings_max_waits_valid', sql`${t.maxWaits} between 1 and 20`),
    check('league_settings_hold_minutes_valid', sql`${t.holdMinutes} between 10 and 1440`),
  ],
);

export const facilities = pgTable('facilities', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull().unique(),
  address: text('address'),
  mapUrl: text('map_url'),
  notes: text('notes'),
  active: boolean('active').notNull().default(true),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const fields = pgTable(
  'fields',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    facilityId: uuid('facility_id')
      .notNull()
      .references(() => facilities.id),
    name: text('name').notNull(),
    surface: text('surface', { enum: SURFACES }).notNull().default('grass'),
    lights: boolean('lights').notNull().default(false),
    color: text('color').notNull().default('#1e40af'),
    active: boolean('active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('fields_facility_name_idx').on(t.facilityId, t.name), check('fields_surface_valid', oneOf(t.surface, SURFACES))],
);

/** A field limited to some divisions (issue 29): a field with no row here is open to every team. */
export const fieldDivisions = pgTable(
  'field_divisions',
  {
    fieldId: uuid('field_id')
      .notNull()
      .references(() => fields.id),
    divisionId: uuid('division_id')
      .notNull()
      .references(() => divisions.id),
  },
  (t) => [primaryKey({ columns: [t.fieldId, t.divisionId] }), index('field_divisions_division_idx').on(t.divisionId)],
);

/** A time range on a field that can be booked. Live = not deleted; live slots of a field never overlap (see 0003). */
export const slots = pgTable(
  'slots',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    seasonId: uuid('season_id')
      .notNull()
      .references(() => seasons.id),
    fieldId: uuid('field_id')
      .notNull()
      .references(() => fields.id),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    status: text('status', { enum: STORED_SLOT_STATUSES }).notNull().default('open'),
    blockId: uuid('block_id').references(() => blocks.id),
    blockReason: text('block_reason'),
    notes: text('notes'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    /**
     * A freed slot held for the first team waiting on it (issue 28, decision 034) until `held_until`: nobody else can
     * book it meanwhile. Set and cleared by the database's hold functions (migration 0018) under the slot's lock.
     */
    heldForTeamId: uuid('held_for_team_id'),
    heldUntil: timestamp('held_until', { withTimezone: true }),
    holdWaitId: uuid('hold_wait_id'),
  },
  (t) => [
    check('slots_ends_after_start', sql`${t.endsAt} > ${t.startsAt}`),
    index('slots_held_until_idx').on(t.heldUntil).where(sql`${t.heldUntil} is not null`),
    check('slots_status_valid', oneOf(t.status, STORED_SLOT_STATUSES)),
    index('slots_live_starts_at_idx').on(t.startsAt).where(sql`${t.deletedAt} is null`),
    index('slots_live_field_starts_at_idx').on(t.fieldId, t.startsAt).where(sql`${t.deletedAt} is null`),
    index('slots_block_id_idx').on(t.blockId),
  ],
);

/** Closes a slot, a field or a whole facility for a time range, with a reason. Lifting it reopens the slots. */
export const blocks = pgTable(
  'blocks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    scope: text('scope', { enum: BLOCK_SCOPES }).notNull(),
    slotId: uuid('slot_id'),
    fieldId: uuid('field_id').references(() => fields.id),
    facilityId: uuid('facility_id').references(() => facilities.id),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    category: text('category', { enum: BLOCK_CATEGORIES }).notNull(),
    reason: text('reason').notNull(),
    createdBy: text('created_by'),
    createdAt: createdAt(),
    liftedAt: timestamp('lifted_at', { withTimezone: true }),
    liftedBy: text('lifted_by'),
    /** A game-schedule import's row: sha256 of fieldId|startsAt|endsAt, so importing the same game again changes nothing (decision 016). */
    importKey: text('import_key').unique('blocks_import_key_unique'),
    /** A rain-out's block (issue 28): lifted together when the closure is reopened. */
    closureId: uuid('closure_id').references((): AnyPgColumn => closures.id),
  },
  (t) => [
    check('blocks_ends_after_start', sql`${t.endsAt} > ${t.startsAt}`),
    check('blocks_scope_valid', oneOf(t.scope, BLOCK_SCOPES)),
    check('blocks_category_valid', oneOf(t.category, BLOCK_CATEGORIES)),
    index('blocks_active_idx').on(t.startsAt).where(sql`${t.liftedAt} is null`),
  ],
);

/** A team's booking of a slot. At most one confirmed booking per slot: the database refuses a second. */
export const bookings = pgTable(
  'bookings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    slotId: uuid('slot_id')
      .notNull()
      .references(() => slots.id),
    teamId: uuid('team_id')
      .notNull()
      .references(() => teams.id),
    bookedBy: text('booked_by').references(() => users.id, { onDelete: 'set null' }),
    status: text('status', { enum: BOOKING_STATUSES }).notNull().default('confirmed'),
    createdAt: createdAt(),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    cancelledBy: text('cancelled_by'),
    cancelReason: text('cancel_reason'),
    override: boolean('override').notNull().default(false),
    overrideReason: text('override_reason'),
    /**
     * The iCalendar SEQUENCE of the booking's event: a trigger (migration 0007) adds one each time its status or
     * slot changes (cancelled, moved) and sets `changed_at`, so calendar feeds update the event in place.
     */
    sequence: integer('sequence').notNull().default(0),
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
    /** The rain-out that cancelled it (issue 28): reopening the closure restores it if its slot is still free. */
    closureId: uuid('closure_id').references((): AnyPgColumn => closures.id),
    /** The swap that cancelled it, or that booked it (issue 29): a swap's cancellation is no late cancellation. */
    swapId: uuid('swap_id').references((): AnyPgColumn => swapOffers.id),
  },
  (t) => [
    check('bookings_status_valid', oneOf(t.status, BOOKING_STATUSES)),
    uniqueIndex('bookings_one_confirmed_per_slot_idx').on(t.slotId).where(sql`${t.status} = 'confirmed'`),
    index('bookings_team_idx').on(t.teamId, t.status),
  ],
);

/**
 * A rain-out (issue 28, decision 033): a weather closure of a facility, or some of its fields, over a time range. It
 * is made of blocks (one for the facility, or one per field) that carry its id; reopening lifts them all and puts back
 * the bookings it cancelled whose slots are still free.
 */
export const closures = pgTable(
  'closures',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    facilityId: uuid('facility_id')
      .notNull()
      .references(() => facilities.id),
    /** The fields closed; null: every field of the facility. */
    fieldIds: uuid('field_ids').array(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    reason: text('reason').notNull(),
    createdBy: text('created_by'),
    createdAt: createdAt(),
    reopenedAt: timestamp('reopened_at', { withTimezone: true }),
    reopenedBy: text('reopened_by'),
  },
  (t) => [check('closures_ends_after_start', sql`${t.endsAt} > ${t.startsAt}`), index('closures_open_idx').on(t.endsAt).where(sql`${t.reopenedAt} is null`)],
);

/**
 * A make-up credit (issue 28): the team may book one practice outside its weekly and daily limits until `expires_at`.
 * A rain-out grants one per practice it cancelled (`source_booking_id`); an admin may grant or remove one. It is used
 * while `used_booking_id` names a confirmed booking: a make-up practice cancelled later gives the credit back.
 */
export const makeupCredits = pgTable(
  'makeup_credits',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /**
     * No foreign key on purpose: checking one share-locks the team's row, which a booking holds FOR UPDATE while it
     * waits for a slot a rain-out has locked; the rain-out would then wait for the team, a deadlock (teams are never
     * deleted, only deactivated).
     */
    teamId: uuid('team_id').notNull(),
    closureId: uuid('closure_id').references(() => closures.id),
    sourceBookingId: uuid('source_booking_id')
      .references(() => bookings.id)
      .unique('makeup_credits_source_booking_unique'),
    reason: text('reason').notNull(),
    grantedBy: text('granted_by'),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedBookingId: uuid('used_booking_id').references(() => bookings.id),
    usedAt: timestamp('used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedBy: text('revoked_by'),
  },
  (t) => [index('makeup_credits_team_idx').on(t.teamId, t.expiresAt).where(sql`${t.revokedAt} is null`), index('makeup_credits_used_booking_idx').on(t.usedBookingId)],
);

/**
 * A team waiting on a booked slot (issue 28, decision 034), in the order teams joined. When the slot frees it is
 * offered (held) to the first one waiting; taking it books it, passing or letting the hold run out moves it on.
 */
export const slotWaits = pgTable(
  'slot_waits',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    slotId: uuid('slot_id')
      .notNull()
      .references(() => slots.id),
    /** No foreign key, as makeup_credits.team_id: a hold is given under the slot's lock while bookings hold teams' rows. */
    teamId: uuid('team_id').notNull(),
    userId: text('user_id'),
    state: text('state', { enum: WAIT_STATES }).notNull().default('waiting'),
    createdAt: createdAt(),
    offeredAt: timestamp('offered_at', { withTimezone: true }),
    holdUntil: timestamp('hold_until', { withTimezone: true }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (t) => [
    check('slot_waits_state_valid', oneOf(t.state, WAIT_STATES)),
    uniqueIndex('slot_waits_one_live_per_team_idx').on(t.slotId, t.teamId).where(sql`${t.state} in ('waiting', 'offered')`),
    index('slot_waits_queue_idx').on(t.slotId, t.createdAt).where(sql`${t.state} = 'waiting'`),
    index('slot_waits_team_idx').on(t.teamId, t.state),
  ],
);

/**
 * A practice offered by one team to another (issue 29, decision 036): in trade for one of `wanted_booking_ids` (all
 * the other team's), or given away. It expires at the earlier practice's cancellation cutoff.
 */
export const swapOffers = pgTable(
  'swap_offers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind', { enum: SWAP_KINDS }).notNull(),
    bookingId: uuid('booking_id')
      .notNull()
      .references((): AnyPgColumn => bookings.id),
    /** No foreign keys on team ids, as slot_waits: an acceptance writes under slot locks while bookings hold teams' rows. */
    fromTeamId: uuid('from_team_id').notNull(),
    toTeamId: uuid('to_team_id').notNull(),
    /** The other team's practices it would take in trade (`swap`); empty for a gift. */
    wantedBookingIds: uuid('wanted_booking_ids').array().notNull().default(sql`'{}'::uuid[]`),
    note: text('note'),
    state: text('state', { enum: SWAP_STATES }).notNull().default('open'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdBy: text('created_by'),
    createdAt: createdAt(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decidedBy: text('decided_by'),
    /** The practice the other team gave in trade, when accepted. */
    acceptedBookingId: uuid('accepted_booking_id').references((): AnyPgColumn => bookings.id),
  },
  (t) => [
    check('swap_offers_kind_valid', oneOf(t.kind, SWAP_KINDS)),
    check('swap_offers_state_valid', oneOf(t.state, SWAP_STATES)),
    check('swap_offers_teams_differ', sql`${t.fromTeamId} <> ${t.toTeamId}`),
    check('swap_offers_wanted', sql`(${t.kind} = 'give') = (cardinality(${t.wantedBookingIds}) = 0) and cardinality(${t.wantedBookingIds}) <= 10`),
    // A practice is on offer once at a time: a second offer of it is refused.
    uniqueIndex('swap_offers_one_open_per_booking_idx').on(t.bookingId).where(sql`${t.state} = 'open'`),
    index('swap_offers_from_idx').on(t.fromTeamId, t.state),
    index('swap_offers_to_idx').on(t.toTeamId, t.state),
  ],
);

/** A coach put the rain-out's banner away (issue 28): it is shown on each visit until then. */
export const closureDismissals = pgTable(
  'closure_dismissals',
  {
    closureId: uuid('closure_id')
      .notNull()
      .references(() => closures.id),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    dismissedAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.closureId, t.userId] })],
);

/**
 * Domain events to tell people about, written in the same transaction as the change. The mail worker turns each
 * into one `mail_messages` row per recipient and sets `sent_at` (handed to mail) in that same transaction.
 */
export const notificationOutbox = pgTable(
  'notification_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind').notNull(),
    recipientUserId: text('recipient_user_id'),
    teamId: uuid('team_id'),
    payload: jsonb('payload').notNull(),
    /** Set for events that must be queued once only (a practice's reminder: `reminder:<bookingId>`). */
    dedupeKey: text('dedupe_key').unique(),
    createdAt: createdAt(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [index('notification_outbox_unsent_idx').on(t.createdAt).where(sql`${t.sentAt} is null`)],
);

/** A season's booking rules (product.md defaults apply while a season has no row). */
export const bookingRules = pgTable('booking_rules', {
  seasonId: uuid('season_id')
    .primaryKey()
    .references(() => seasons.id),
  bookingOpen: boolean('booking_open').notNull().default(true),
  pausedMessage: text('paused_message'),
  windowOpensAt: timestamp('window_opens_at', { withTimezone: true }),
  windowClosesAt: timestamp('window_closes_at', { withTimezone: true }),
  maxPerWeek: integer('max_per_week').notNull().default(2),
  maxPerDay: integer('max_per_day').notNull().default(1),
  maxUpcoming: integer('max_upcoming').notNull().default(4),
  minLeadHours: integer('min_lead_hours').notNull().default(12),
  maxAheadDays: integer('max_ahead_days').notNull().default(21),
  cancelCutoffHours: integer('cancel_cutoff_hours').notNull().default(24),
  updatedAt: updatedAt(),
});

/**
 * A division's own booking rules in a season (issue 29): each column left null is the season's. `window_opens_at` is
 * the staged opening: the division's teams book from then on.
 */
export const divisionRules = pgTable(
  'division_rules',
  {
    seasonId: uuid('season_id')
      .notNull()
      .references(() => seasons.id),
    divisionId: uuid('division_id')
      .notNull()
      .references(() => divisions.id),
    windowOpensAt: timestamp('window_opens_at', { withTimezone: true }),
    windowClosesAt: timestamp('window_closes_at', { withTimezone: true }),
    maxPerWeek: integer('max_per_week'),
    maxPerDay: integer('max_per_day'),
    maxUpcoming: integer('max_upcoming'),
    minLeadHours: integer('min_lead_hours'),
    maxAheadDays: integer('max_ahead_days'),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.seasonId, t.divisionId] })],
);

/**
 * One email to one address, rendered once. The worker claims it (status `sending`, `claimed_at`), sends it with
 * its fixed `message_id`, and marks it `sent`; a claim left behind by a crash is taken again after a timeout,
 * so a message is never lost and a second copy carries the same Message-ID.
 */
export const mailMessages = pgTable(
  'mail_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    notificationId: uuid('notification_id').references(() => notificationOutbox.id),
    kind: text('kind').notNull(),
    toAddress: text('to_address').notNull(),
    toUserId: text('to_user_id'),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body').notNull(),
    messageId: text('message_id').notNull().unique(),
    status: text('status', { enum: MAIL_STATUSES }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: createdAt(),
  },
  (t) => [
    check('mail_messages_status_valid', oneOf(t.status, MAIL_STATUSES)),
    uniqueIndex('mail_messages_one_per_recipient_idx').on(t.notificationId, t.toAddress),
    index('mail_messages_due_idx').on(t.nextAttemptAt).where(sql`${t.status} in ('pending', 'sending')`),
  ],
);

/**
 * A team's secret calendar feed link (one per team; docs/decisions/015). The token is derived from the server
 * secret and `token_salt` (so the coach can see the link again), and only its SHA-256 is stored for the lookup:
 * the database alone does not give the link away. Regenerating replaces the salt and the hash; the old link 404s.
 */
export const teamCalendarFeeds = pgTable('team_calendar_feeds', {
  teamId: uuid('team_id')
    .primaryKey()
    .references(() => teams.id),
  tokenHash: text('token_hash').notNull().unique(),
  tokenSalt: text('token_salt').notNull(),
  createdAt: createdAt(),
  createdBy: text('created_by'),
});

/**
 * What each calendar feed last looked like (its ETag, a hash of the body) and since when: the feed's
 * Last-Modified, the same on every app server and across restarts. Written only when the body changes.
 */
export const calendarFeedVersions = pgTable('calendar_feed_versions', {
  feedKey: text('feed_key').primaryKey(),
  etag: text('etag').notNull(),
  changedAt: timestamp('changed_at', { withTimezone: true }).notNull(),
});

// ---- The league's conversations with coaches and families (issue 13) ----

/**
 * A coach's request for a practice the slots do not offer. Approval books a slot for the team in the same
 * transaction (`booking_id`); the pending cap per team is kept by the service under the team's row lock.
 */
export const practiceRequests = pgTable(
  'practice_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    teamId: uuid('team_id')
      .notNull()
      .references(() => teams.id),
    requestedBy: text('requested_by').references(() => users.id, { onDelete: 'set null' }),
    /** One to three dates (league calendar days), most wanted first. */
    preferredDates: date('preferred_dates', { mode: 'string' }).array().notNull(),
    /** The time window the practice may fall in, league local time. */
    windowStart: time('window_start').notNull(),
    windowEnd: time('window_end').notNull(),
    durationMinutes: integer('duration_minutes').notNull(),
    facilityId: uuid('facility_id').references(() => facilities.id),
    fieldId: uuid('field_id').references(() => fields.id),
    notes: text('notes'),
    status: text('status', { enum: PRACTICE_REQUEST_STATUSES }).notNull().default('pending'),
    /** The admin's words to the coach: the decline reason, or a note with the approval. */
    response: text('response'),
    decidedBy: text('decided_by'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    bookingId: uuid('booking_id').references(() => bookings.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('practice_requests_status_valid', oneOf(t.status, PRACTICE_REQUEST_STATUSES)),
    check('practice_requests_dates_count', sql`cardinality(${t.preferredDates}) between 1 and 3`),
    check('practice_requests_window_order', sql`${t.windowEnd} > ${t.windowStart}`),
    check('practice_requests_duration_range', sql`${t.durationMinutes} between 15 and 480`),
    index('practice_requests_team_idx').on(t.teamId, t.status),
    index('practice_requests_queue_idx').on(t.status, t.createdAt),
  ],
);

/** A league clinic: published ones are listed on /clinics; capacity is kept under the clinic's row lock. */
export const clinics = pgTable(
  'clinics',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    title: text('title').notNull(),
    description: text('description'),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    /** Where: one of the league's facilities, or free text ("Lincoln Middle School gym"). */
    facilityId: uuid('facility_id').references(() => facilities.id),
    locationText: text('location_text'),
    ageGroup: text('age_group'),
    capacity: integer('capacity').notNull(),
    registrationOpensAt: timestamp('registration_opens_at', { withTimezone: true }),
    registrationClosesAt: timestamp('registration_closes_at', { withTimezone: true }),
    published: boolean('published').notNull().default(false),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    cancelledBy: text('cancelled_by'),
    cancelReason: text('cancel_reason'),
    createdBy: text('created_by'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('clinics_ends_after_start', sql`${t.endsAt} > ${t.startsAt}`),
    check('clinics_capacity_positive', sql`${t.capacity} > 0`),
    check('clinics_has_location', sql`${t.facilityId} is not null or ${t.locationText} is not null`),
    check('clinics_registration_window', sql`${t.registrationClosesAt} is null or ${t.registrationOpensAt} is null or ${t.registrationClosesAt} > ${t.registrationOpensAt}`),
    index('clinics_starts_idx').on(t.startsAt),
  ],
);

/**
 * One participant's place in a clinic. `seq` is taken at insert, under the clinic's row lock, so the waitlist
 * promotes strictly in the order people joined it, whatever the clocks of parallel transactions say.
 */
export const clinicRegistrations = pgTable(
  'clinic_registrations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    seq: bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity(),
    clinicId: uuid('clinic_id')
      .notNull()
      .references(() => clinics.id),
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    participantName: text('participant_name').notNull(),
    participantAge: integer('participant_age').notNull(),
    emergencyContact: text('emergency_contact').notNull(),
    status: text('status', { enum: CLINIC_REGISTRATION_STATUSES }).notNull(),
    createdAt: createdAt(),
    promotedAt: timestamp('promoted_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    cancelledBy: text('cancelled_by'),
  },
  (t) => [
    check('clinic_registrations_status_valid', oneOf(t.status, CLINIC_REGISTRATION_STATUSES)),
    check('clinic_registrations_age_range', sql`${t.participantAge} between 3 and 99`),
    // The same person cannot put the same participant in one clinic twice (cancelled places do not count).
    uniqueIndex('clinic_registrations_one_per_participant_idx')
      .on(t.clinicId, t.userId, sql`lower(${t.participantName})`)
      .where(sql`${t.status} <> 'cancelled'`),
    index('clinic_registrations_clinic_idx').on(t.clinicId, t.status, t.seq),
    index('clinic_registrations_user_idx').on(t.userId),
  ],
);

/** A message to the league from /contact; admins read it in the inbox on /admin. */
export const contactMessages = pgTable(
  'contact_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    status: text('status', { enum: CONTACT_MESSAGE_STATUSES }).notNull().default('new'),
    /** The signed-in sender, if any; the address the message came from (for the rate limit). */
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    ip: text('ip'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('contact_messages_status_valid', oneOf(t.status, CONTACT_MESSAGE_STATUSES)),
    index('contact_messages_inbox_idx').on(t.status, t.createdAt),
    index('contact_messages_email_idx').on(sql`lower(${t.email})`, t.createdAt),
    index('contact_messages_ip_idx').on(t.ip, t.createdAt),
  ],
);

/** A notice from the league, shown to its audience between `publish_at` and `expires_at`. */
export const announcements = pgTable(
  'announcements',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    title: text('title').notNull(),
    /** Markdown, rendered without raw HTML; links only http, https and mailto. */
    body: text('body').notNull(),
    audience: text('audience', { enum: ANNOUNCEMENT_AUDIENCES }).notNull().default('everyone'),
    severity: text('severity', { enum: ANNOUNCEMENT_SEVERITIES }).notNull().default('info'),
    pinned: boolean('pinned').notNull().default(false),
    publishAt: timestamp('publish_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    createdBy: text('created_by'),
    updatedBy: text('updated_by'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('announcements_audience_valid', oneOf(t.audience, ANNOUNCEMENT_AUDIENCES)),
    check('announcements_severity_valid', oneOf(t.severity, ANNOUNCEMENT_SEVERITIES)),
    check('announcements_expires_after_publish', sql`${t.expiresAt} is null or ${t.expiresAt} > ${t.publishAt}`),
    index('announcements_window_idx').on(t.publishAt, t.expiresAt),
  ],
);

/** A signed-in person's "dismiss" of an urgent announcement's banner (visitors keep theirs in the browser). */
export const announcementDismissals = pgTable(
  'announcement_dismissals',
  {
    announcementId: uuid('announcement_id')
      .notNull()
      .references(() => announcements.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    dismissedAt: timestamp('dismissed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.announcementId, t.userId] })],
);

/**
 * A stored file's metadata, the fields of spec §3. The bytes live in the storage backend (local disk under
 * DATA_DIR, or an S3-compatible bucket) at `bucket/full_path`; this row is what a metadata GET answers.
 * `owner_id` is whose quota the file counts against (the person whose prefix it is under).
 */
export const storedFiles = pgTable(
  'stored_files',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    bucket: text('bucket').notNull(),
    fullPath: text('full_path').notNull(),
    name: text('name').notNull(),
    ownerId: text('owner_id').references(() => users.id, { onDelete: 'set null' }),
    size: bigint('size', { mode: 'number' }).notNull(),
    /** Changes with every write of the object (the backend's key includes it, so an old URL never shows new bytes). */
    generation: bigint('generation', { mode: 'number' }).notNull(),
    /** Changes with every metadata update of the same generation. */
    metageneration: integer('metageneration').notNull().default(1),
    md5Hash: text('md5_hash').notNull(),
    contentType: text('content_type').notNull(),
    cacheControl: text('cache_control'),
    contentDisposition: text('content_disposition'),
    contentEncoding: text('content_encoding'),
    contentLanguage: text('content_language'),
    customMetadata: jsonb('custom_metadata').$type<Record<string, string>>().notNull().default({}),
    /** The secret of the object's download URL (a `token` query parameter, as the spec's download URLs carry). */
    downloadToken: text('download_token').notNull(),
    timeCreated: timestamp('time_created', { withTimezone: true }).notNull().defaultNow(),
    updated: timestamp('updated', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('stored_files_bucket_path_key').on(t.bucket, t.fullPath),
    index('stored_files_owner_idx').on(t.ownerId),
    check('stored_files_size_nonnegative', sql`${t.size} >= 0`),
  ],
);

// ---- The opening round (issue 26, decision 030) ----

/**
 * A season's opening round: coaches rank slots of `[covers_from, covers_to]` (league days) between `opens_at` and
 * `closes_at`; the draw at `draw_at` books them. The status is derived, never stored (shared/opening
 * `openingStatus`). `seed` is secret until the draw (only `seed_hash` is shown); the draw writes `drawn_at`,
 * `result` (the DrawResult) and `inputs` (the DrawInput, seed included) in the transaction that books the picks.
 */
export const openingRounds = pgTable(
  'opening_rounds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    seasonId: uuid('season_id')
      .notNull()
      .references(() => seasons.id),
    coversFrom: date('covers_from', { mode: 'string' }).notNull(),
    coversTo: date('covers_to', { mode: 'string' }).notNull(),
    opensAt: timestamp('opens_at', { withTimezone: true }).notNull(),
    closesAt: timestamp('closes_at', { withTimezone: true }).notNull(),
    drawAt: timestamp('draw_at', { withTimezone: true }).notNull(),
    maxPreferences: integer('max_preferences').notNull(),
    firstComeAfter: boolean('first_come_after').notNull(),
    weighting: text('weighting', { enum: drawWeightings }).notNull(),
    seed: text('seed').notNull(),
    seedHash: text('seed_hash').notNull(),
    drawnAt: timestamp('drawn_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    result: jsonb('result'),
    inputs: jsonb('inputs'),
    createdAt: createdAt(),
    createdBy: text('created_by'),
  },
  (t) => [
    check('opening_rounds_covers_order', sql`${t.coversFrom} <= ${t.coversTo}`),
    check('opening_rounds_times_order', sql`${t.opensAt} < ${t.closesAt} and ${t.closesAt} <= ${t.drawAt}`),
    check('opening_rounds_max_preferences_range', sql`${t.maxPreferences} between 1 and 50`),
    check('opening_rounds_weighting_valid', oneOf(t.weighting, drawWeightings)),
    check('opening_rounds_drawn_or_cancelled', sql`${t.drawnAt} is null or ${t.cancelledAt} is null`),
    check('opening_rounds_drawn_has_result', sql`(${t.drawnAt} is null) = (${t.result} is null) and (${t.drawnAt} is null) = (${t.inputs} is null)`),
    // At most one round per season waiting for its draw.
    uniqueIndex('opening_rounds_one_pending_per_season_idx').on(t.seasonId).where(sql`${t.drawnAt} is null and ${t.cancelledAt} is null`),
    // The worker's question on every pass: a round due for its draw.
    index('opening_rounds_due_idx').on(t.drawAt).where(sql`${t.drawnAt} is null and ${t.cancelledAt} is null`),
  ],
);

/** A division's own time to start saving lists in an opening round (issue 29's staged opening); else the round's. */
export const openingRoundDivisions = pgTable(
  'opening_round_divisions',
  {
    roundId: uuid('round_id')
      .notNull()
      .references(() => openingRounds.id),
    divisionId: uuid('division_id')
      .notNull()
      .references(() => divisions.id),
    opensAt: timestamp('opens_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.roundId, t.divisionId] })],
);

/**
 * A team's ranked preferences in a round: one row per team, its slot ids rank 1 first. A save is one upsert of the
 * team's own row (no row of another team, no slot row and no index entry per preference): on the night the window
 * opens a thousand saves cost a thousand single-row writes. The slots are checked when the list is saved and again
 * by the draw, which gives only a slot it read and locked.
 */
export const openingLists = pgTable(
  'opening_lists',
  {
    roundId: uuid('round_id')
      .notNull()
      .references(() => openingRounds.id),
    teamId: uuid('team_id')
      .notNull()
      .references(() => teams.id),
    slotIds: uuid('slot_ids').array().notNull(),
    savedAt: timestamp('saved_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.roundId, t.teamId] }),
    // A saved list names 1 to 50 slots (the round's own limit is checked when it is saved).
    check('opening_lists_length', sql`cardinality(${t.slotIds}) between 1 and 50`),
  ],
);
