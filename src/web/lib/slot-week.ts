import type { Slot } from '../../shared/slots/slots.schemas';
import { addDays, dateInZone, formatTime, formatWeekdayDayAt, isIsoDate, startOfWeek } from './dates';
import { translate } from './i18n/i18n';

/** A Monday-to-Sunday week of calendar dates in the league's zone. */
export interface Week {
  from: string;
  to: string;
}

export function weekOf(date: string): Week {
  const from = startOfWeek(date);
  return { from, to: addDays(from, 6) };
}

/**
 * The week a slot list opens on: the one named in the URL if it is a date, else this week, unless the
 * season has not started or is over, then the season's first week, so the list opens on its slots.
 */
export function initialWeekStart(fromUrl: string | null, today: string, season: { startsOn: string; endsOn: string } | null | undefined): string {
  if (isIsoDate(fromUrl)) return startOfWeek(fromUrl);
  if (season && (today < season.startsOn || today > season.endsOn)) return startOfWeek(season.startsOn);
  return startOfWeek(today);
}

export interface SlotDay {
  date: string;
  slots: Slot[];
}

/** Slots by the league day they start on, days and slots in time order (then by field name). */
export function groupSlotsByDay(slots: readonly Slot[], timeZone: string): SlotDay[] {
  const sorted = [...slots].sort(
    (a, b) => Date.parse(a.startsAt) - Date.parse(b.startsAt) || a.fieldName.localeCompare(b.fieldName, undefined, { numeric: true }),
  );
  const days = new Map<string, Slot[]>();
  for (const slot of sorted) {
    const date = dateInZone(slot.startsAt, timeZone);
    const list = days.get(date);
    if (list) list.push(slot);
    else days.set(date, [slot]);
  }
  return [...days].map(([date, list]) => ({ date, slots: list }));
}

export const isPast = (slot: Pick<Slot, 'endsAt'>, now: Date = new Date()) => Date.parse(slot.endsAt) < now.getTime();

/**
 * "the 6:00 pm slot on Tue Mar 3 at Field 3" ("el horario del mar 3 mar, 6:00 p.m., en Campo 3"), for confirm
 * messages and accessible names; lower case, to sit inside a sentence.
 */
export function describeSlot(slot: Pick<Slot, 'startsAt' | 'fieldName'>, timeZone: string): string {
  return translate('common', 'slot.describe', { time: formatTime(slot.startsAt, timeZone), day: formatWeekdayDayAt(slot.startsAt, timeZone), field: slot.fieldName });
}
