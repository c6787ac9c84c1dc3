import { Temporal } from 'temporal-polyfill';

/** The instant a calendar day starts in a time zone (not always midnight: some zones skip it). */
export function startOfDay(date: string, timeZone: string): Date {
  const zdt = Temporal.PlainDate.from(date).toZonedDateTime({ timeZone });
  return new Date(zdt.epochMilliseconds);
}

/** [start of `from`, start of the day after `to`) in the zone: the instants of those whole local days. */
export function localDayRange(from: string, to: string, timeZone: string): { start: Date; end: Date } {
  const next = Temporal.PlainDate.from(to).add({ days: 1 }).toString();
  return { start: startOfDay(from, timeZone), end: startOfDay(next, timeZone) };
}

/** The local calendar date ("YYYY-MM-DD") of an instant in a zone. */
export function localDate(instant: Date, timeZone: string): string {
  return Temporal.Instant.fromEpochMilliseconds(instant.getTime()).toZonedDateTimeISO(timeZone).toPlainDate().toString();
}

/** The whole local day an instant falls in, and the rest of its local week (Monday to Sunday) from that instant on. */
export function todayAndRestOfWeek(now: Date, timeZone: string): { today: { start: Date; end: Date }; restOfWeek: { start: Date; end: Date } } {
  const today = localDate(now, timeZone);
  const date = Temporal.PlainDate.from(today);
  const sunday = date.add({ days: 7 - date.dayOfWeek }).toString();
  return { today: localDayRange(today, today, timeZone), restOfWeek: { start: now, end: localDayRange(sunday, sunday, timeZone).end } };
}
