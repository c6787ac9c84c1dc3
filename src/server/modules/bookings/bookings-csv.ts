import { toCsv } from '../../csv';
import type { Booking } from '../../../shared/bookings/bookings.schemas';

const COLUMNS = ['date_time_local', 'ends_local', 'team', 'facility', 'field', 'status', 'booked_by', 'override', 'override_reason', 'cancel_reason', 'booking_id'] as const;

/**
 * The admin's bookings export: one row a booking, times in the league's zone as a spreadsheet reads them. Reasons
 * and names are typed by coaches and admins, so every cell goes through `toCsv`'s spreadsheet-safe escaping.
 */
export function bookingsCsv(bookings: Booking[], timeZone: string): string {
  const local = (iso: string) => new Date(iso).toLocaleString('en-CA', { timeZone, hour12: false }).replace(',', '');
  const rows = bookings.map((b) => ({
    date_time_local: local(b.startsAt),
    ends_local: local(b.endsAt),
    team: b.teamName,
    facility: b.facilityName,
    field: b.fieldName,
    status: b.status,
    booked_by: b.bookedByEmail ?? '',
    override: b.override ? 'yes' : '',
    override_reason: b.overrideReason ?? '',
    cancel_reason: b.cancelReason ?? '',
    booking_id: b.id,
  }));
  return toCsv(COLUMNS, rows);
}
