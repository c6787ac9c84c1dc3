import { toCsv } from '../../csv';
import type { RosterEntry } from '../../../shared/clinics/clinics.schemas';

const COLUMNS = [
  'status',
  'waitlist_position',
  'participant',
  'age',
  'emergency_contact',
  'registrant_email',
  'registered_at_local',
  'promoted_at_local',
] as const;

/**
 * A clinic's roster for the admin's spreadsheet: places first, then the waitlist in order. Names and emergency
 * contacts are typed by families, so every cell goes through `toCsv`'s spreadsheet-safe escaping (decision 011).
 */
export function clinicRosterCsv(entries: RosterEntry[], timeZone: string): string {
  const local = (iso: string | null) => (iso ? new Date(iso).toLocaleString('en-CA', { timeZone, hour12: false }).replace(',', '') : '');
  return toCsv(
    COLUMNS,
    entries.map((e) => ({
      status: e.status,
      waitlist_position: e.waitlistPosition,
      participant: e.participantName,
      age: e.participantAge,
      emergency_contact: e.emergencyContact,
      registrant_email: e.registrantEmail ?? '',
      registered_at_local: local(e.createdAt),
      promoted_at_local: local(e.promotedAt),
    })),
  );
}
