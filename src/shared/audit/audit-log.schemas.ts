import { z } from 'zod';
import { boundedIsoDate } from '../time/date-bounds';

/** Entries per page on /admin-audit-log; the API accepts up to AUDIT_PAGE_MAX. */
export const AUDIT_PAGE_SIZE = 50;
export const AUDIT_PAGE_MAX = 200;
/** The most entries one CSV export holds (newest first); the screen and decision 020 say so. */
export const AUDIT_EXPORT_MAX = 50_000;

/** `actor=system`: entries no signed-in person made (setup, imports, jobs). */
export const SYSTEM_ACTOR = 'system';

/**
 * The actions the app writes today, for the filter's suggestions. The filter takes any action (older entries may
 * name one the app no longer writes), so this list only helps people pick.
 */
export const AUDIT_ACTIONS = [
  'announcement.create',
  'announcement.delete',
  'announcement.update',
  'block.import',
  'booking-rules.update',
  'booking.bump',
  'booking.cancel',
  'booking.cancel.admin',
  'booking.create',
  'booking.move',
  'booking.override',
  'clinic.cancel',
  'clinic.create',
  'clinic.registration.cancel',
  'clinic.update',
  'contact.archived',
  'contact.new',
  'contact.read',
  'division-rules.update',
  'division.create',
  'division.delete',
  'division.reorder',
  'division.update',
  'facility.create',
  'field.create',
  'field.deactivate',
  'field.reactivate',
  'field.update',
  'invitation.accept',
  'invitation.create',
  'invitation.import',
  'invitation.resend',
  'invitation.revoke',
  'league.password_sign_up.change',
  'league.update',
  'mail.resend',
  'opening.cancel',
  'opening.create',
  'opening.draw',
  'opening.open_rest',
  'opening.update',
  'practice-request.approve',
  'practice-request.create',
  'practice-request.decline',
  'practice-request.withdraw',
  'season.activate',
  'season.create',
  'season.update',
  'slot.block',
  'slot.create',
  'slot.delete',
  'slot.generate',
  'slot.unblock',
  'slot.update',
  'storage.delete',
  'swap.accept',
  'swap.decline',
  'swap.offer',
  'swap.withdraw',
  'team.calendar_feed.regenerate',
  'team.create',
  'user.disable',
  'user.enable',
  'user.password.change',
  'user.password.reset',
  'user.provider.link',
  'user.role.change',
  'user.sessions.revoke_others',
  'user.sign_in.locked',
  'user.team.change',
] as const;

/** The kinds of thing an entry can name (its `entityType`), with the words the screen shows. */
export const AUDIT_ENTITY_TYPES = {
  announcement: 'Announcement',
  block: 'Block',
  booking: 'Booking',
  clinic: 'Clinic',
  clinic_registration: 'Clinic registration',
  contact_message: 'Contact message',
  division: 'Division',
  facility: 'Facility',
  field: 'Field',
  import: 'Import',
  invitation: 'Invitation',
  league: 'League settings',
  mail_message: 'Email',
  opening_round: 'Opening round',
  practice_request: 'Practice request',
  season: 'Season',
  slot: 'Slot',
  stored_file: 'File',
  swap: 'Practice swap',
  team: 'Team',
  user: 'Person',
} as const satisfies Record<string, string>;

const optionalText = (max: number, message: string) =>
  z
    .string()
    .trim()
    .max(max, message)
    .optional()
    .transform((v) => v || undefined);

/**
 * GET /api/admin/audit-log (and its .csv): every filter optional, combined with AND. `from`/`to` are league days
 * (inclusive, in the league's time zone); `q` is a full-text search of the summary (words, "a phrase", -not, or);
 * `cursor` is the opaque `nextCursor` of the page before (keyset paging, newest first).
 */
export const auditLogQuerySchema = z
  .object({
    actor: optionalText(254, 'Use at most 254 characters for the actor'),
    action: optionalText(100, 'Use at most 100 characters for the action'),
    entityType: optionalText(50, 'Use at most 50 characters for the entity type'),
    entityId: optionalText(100, 'Use at most 100 characters for the entity id'),
    from: boundedIsoDate('Use a start date like 2027-03-01').optional(),
    to: boundedIsoDate('Use an end date like 2027-03-31').optional(),
    q: optionalText(200, 'Use at most 200 characters in the search'),
    cursor: z.string().max(200, 'That page link is too long').optional(),
    limit: z.coerce.number().int().min(1).max(AUDIT_PAGE_MAX).default(AUDIT_PAGE_SIZE),
  })
  .refine((f) => !f.entityId || f.entityType, { message: 'Choose the entity type as well as its id', path: ['entityType'] })
  .refine((f) => !f.from || !f.to || f.from <= f.to, { message: 'The end date is before the start date', path: ['to'] });
export type AuditLogQuery = z.infer<typeof auditLogQuerySchema>;

export const auditEntrySchema = z.object({
  id: z.string(),
  /** ISO 8601 in UTC with microseconds, as the database keeps it. */
  at: z.string(),
  actorId: z.string().nullable(),
  /** Null: a change the system made. */
  actorEmail: z.string().nullable(),
  action: z.string(),
  entityType: z.string(),
  entityId: z.string().nullable(),
  /** The email of the person an entry about a person names, for a link to them; null otherwise. */
  entityLabel: z.string().nullable(),
  summary: z.string(),
  before: z.unknown(),
  after: z.unknown(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditPageSchema = z.object({
  entries: z.array(auditEntrySchema),
  /** Pass it back as `cursor` for the next page; null on the last page. */
  nextCursor: z.string().nullable(),
});
export type AuditPage = z.infer<typeof auditPageSchema>;
