import type { MessageKey } from '../../../shared/i18n/catalogues';
import type { AUDIT_ENTITY_TYPES } from '../../../shared/audit/audit-log.schemas';
import type { Translate } from '../../lib/i18n';

/** The catalogue key of each kind of thing an entry can name: a new type without words fails the type check. */
const ENTITY_TYPE_KEY: Record<keyof typeof AUDIT_ENTITY_TYPES, MessageKey<'audit-log'>> = {
  announcement: 'entityType.announcement',
  block: 'entityType.block',
  booking: 'entityType.booking',
  clinic: 'entityType.clinic',
  clinic_registration: 'entityType.clinicRegistration',
  contact_message: 'entityType.contactMessage',
  division: 'entityType.division',
  facility: 'entityType.facility',
  field: 'entityType.field',
  import: 'entityType.import',
  invitation: 'entityType.invitation',
  league: 'entityType.league',
  mail_message: 'entityType.mailMessage',
  opening_round: 'entityType.openingRound',
  practice_request: 'entityType.practiceRequest',
  season: 'entityType.season',
  slot: 'entityType.slot',
  stored_file: 'entityType.storedFile',
  swap: 'entityType.swap',
  team: 'entityType.team',
  user: 'entityType.user',
};

/** An entry's entity type in words ("Booking"); a type this build does not know (newer server) as its code. */
export function entityTypeLabel(t: Translate<'audit-log'>, type: string): string {
  const key = Object.hasOwn(ENTITY_TYPE_KEY, type) ? ENTITY_TYPE_KEY[type as keyof typeof ENTITY_TYPE_KEY] : undefined;
  return key ? t(key) : type;
}

/** The entity types for a picker, in the active language: [code, words]. */
export function entityTypeOptions(t: Translate<'audit-log'>): Array<[string, string]> {
  return (Object.keys(ENTITY_TYPE_KEY) as Array<keyof typeof ENTITY_TYPE_KEY>).map((type) => [type, t(ENTITY_TYPE_KEY[type])]);
}
