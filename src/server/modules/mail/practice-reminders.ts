import { Temporal } from 'temporal-polyfill';
import type { Database } from '../../db/client';
import { localDayRange } from '../../../shared/time/zoned';
import { confirmedPracticesStartingBetween } from '../bookings/bookings.service';
import { notification, queueNotifications } from '../notifications/notifications.service';

/** From this hour (league time) the day before, a practice's reminder is queued. */
export const REMINDER_HOUR = 18;

/**
 * Queues the evening-before reminder of every confirmed practice tomorrow (league time), once it is
 * REMINDER_HOUR or later today. Safe to run on every pass and every server: the dedupe key
 * `reminder:<bookingId>` makes the second insert of the same reminder a no-op. Returns how many practices
 * tomorrow were considered (0 before the hour).
 */
export async function queueDueReminders(db: Database, timeZone: string, now: Date, hour = REMINDER_HOUR): Promise<number> {
  const local = Temporal.Instant.fromEpochMilliseconds(now.getTime()).toZonedDateTimeISO(timeZone);
  if (local.hour < hour) return 0;
  const tomorrow = local.toPlainDate().add({ days: 1 }).toString();
  const { start, end } = localDayRange(tomorrow, tomorrow, timeZone);
  const practices = await confirmedPracticesStartingBetween(db, start, end);
  await queueNotifications(
    db,
    practices.map((p) => ({
      ...notification('booking.reminder', { teamId: p.teamId, userId: null }, {
        bookingId: p.bookingId,
        teamName: p.teamName,
        fieldName: p.fieldName,
        facilityName: p.facilityName,
        facilityAddress: p.facilityAddress,
        startsAt: p.startsAt,
        endsAt: p.endsAt,
      }),
      dedupeKey: `reminder:${p.bookingId}`,
    })),
  );
  return practices.length;
}
