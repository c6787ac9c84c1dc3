/*
 * Dates and times as the league sees them. Two kinds of value:
 * - a calendar date ("2027-03-01") has no time zone: it is read and formatted in UTC so it never shifts;
 * - an instant (an ISO timestamp from the API) is shown, and days and weeks are computed, in the league's
 *   time zone, never the browser's (product.md: "Every date shown … uses the league time zone").
 * Words follow the active language (decision 038): "Tue Mar 3, 6:00 pm" in English, "mar 3 mar, 6:00 p.m." in
 * Spanish (day before month, lower-case names without a dot, no "de"), as shared/time/date-words.ts writes them
 * for the server. Intl only, so every page can format dates without loading a Temporal polyfill.
 */
import { INTL_LOCALE, type Locale } from '../../shared/i18n/locales';
import type { ClosureWhenWords } from '../../shared/rain-outs/closure-words';
import { activeLocale, translate } from './i18n/i18n';

const DAY_MS = 86_400_000;

const formatters = new Map<string, Intl.DateTimeFormat>();

/** `locale` 'en' for the numbers the code reads (wall times); the person's language for words. */
function formatter(timeZone: string, options: Intl.DateTimeFormatOptions, locale: Locale = activeLocale()): Intl.DateTimeFormat {
  const key = `${locale}|${timeZone}|${JSON.stringify(options)}`;
  let format = formatters.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(INTL_LOCALE[locale], { ...options, timeZone });
    formatters.set(key, format);
  }
  return format;
}

/** The named parts of a date in the active language; Spanish names lower case and without an abbreviation's dot. */
function partsOf(date: Date, timeZone: string, options: Intl.DateTimeFormatOptions, locale: Locale): Partial<Record<Intl.DateTimeFormatPartTypes, string>> {
  const out: Partial<Record<Intl.DateTimeFormatPartTypes, string>> = {};
  for (const part of formatter(timeZone, options, locale).formatToParts(date)) {
    let value = part.value.replace(/[\u202f\u00a0]/g, ' ');
    if (locale !== 'en' && (part.type === 'weekday' || part.type === 'month')) value = value.toLocaleLowerCase(INTL_LOCALE[locale]).replace(/\.$/, '');
    out[part.type] = value;
  }
  return out;
}

function parseDate(isoDate: string): Date | null {
  const [y, m, d] = isoDate.split('-').map(Number);
  if (!y || !m || !d) return null;
  return new Date(Date.UTC(y, m - 1, d));
}

/* ---------- Calendar dates ---------- */

/** "2027-03-01" → "Mar 1, 2027"; "1 mar 2027" in Spanish. */
export function formatDay(isoDate: string): string {
  const date = parseDate(isoDate);
  if (!date) return isoDate;
  const locale = activeLocale();
  const options = { month: 'short', day: 'numeric', year: 'numeric' } as const;
  if (locale === 'en') return formatter('UTC', options, locale).format(date);
  const p = partsOf(date, 'UTC', options, locale);
  return `${p.day} ${p.month} ${p.year}`;
}

export function formatDayRange(startsOn: string, endsOn: string): string {
  return `${formatDay(startsOn)} – ${formatDay(endsOn)}`;
}

/** "2027-03-02" → "Mar 2"; "2 mar" in Spanish. */
export function formatMonthDay(isoDate: string): string {
  const date = parseDate(isoDate);
  if (!date) return isoDate;
  const locale = activeLocale();
  const options = { month: 'short', day: 'numeric' } as const;
  if (locale === 'en') return formatter('UTC', options, locale).format(date);
  const p = partsOf(date, 'UTC', options, locale);
  return `${p.day} ${p.month}`;
}

/** The short weekday: "Tue"; "mar" in Spanish. */
function shortWeekday(date: Date): string {
  const locale = activeLocale();
  return partsOf(date, 'UTC', { weekday: 'short' }, locale).weekday ?? '';
}

/** "2027-03-03" → "Tue Mar 3"; "mié 3 mar" in Spanish. */
export function formatWeekdayDay(isoDate: string): string {
  const date = parseDate(isoDate);
  if (!date) return isoDate;
  return `${shortWeekday(date)} ${formatMonthDay(isoDate)}`;
}

/** "2027-03-03" → "Tue 3" (a day inside a known week); "mié 3" in Spanish. */
export function formatWeekdayDate(isoDate: string): string {
  const date = parseDate(isoDate);
  return date ? `${shortWeekday(date)} ${date.getUTCDate()}` : isoDate;
}

/** "2027-03-03" → "Tuesday, March 3, 2027" (for headings read aloud); "miércoles, 3 de marzo de 2027" in Spanish. */
export function formatLongDay(isoDate: string): string {
  const date = parseDate(isoDate);
  return date ? formatter('UTC', { weekday: 'long', month: 'long', day: 'numeric', year: 'numeric' }).format(date).replace(/[\u202f\u00a0]/g, ' ') : isoDate;
}

export function addDays(isoDate: string, days: number): string {
  const date = parseDate(isoDate);
  if (!date) return isoDate;
  return new Date(date.getTime() + days * DAY_MS).toISOString().slice(0, 10);
}

/** ISO day of week: 1 = Monday … 7 = Sunday. */
export function isoDayOfWeek(isoDate: string): number {
  const date = parseDate(isoDate);
  return date ? ((date.getUTCDay() + 6) % 7) + 1 : 1;
}

/** The Monday of the week (Monday to Sunday) a date is in. */
export function startOfWeek(isoDate: string): string {
  return addDays(isoDate, 1 - isoDayOfWeek(isoDate));
}

export function isIsoDate(value: string | null | undefined): value is string {
  return typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value) && parseDate(value)?.toISOString().slice(0, 10) === value;
}

/* ---------- Instants in a time zone ---------- */

interface WallTime {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

function wallTime(instant: Date, timeZone: string): WallTime {
  const parts = formatter(
    timeZone,
    {
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    },
    'en',
  ).formatToParts(instant);
  const get = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return { year: get('year'), month: get('month'), day: get('day'), hour: get('hour') % 24, minute: get('minute'), second: get('second') };
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** How far the zone's wall clock is ahead of UTC at an instant, in milliseconds (-5 h → -18 000 000). */
export function zoneOffsetMs(instant: Date, timeZone: string): number {
  const w = wallTime(instant, timeZone);
  const asUtc = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second);
  // The wall time has whole seconds, so compare it with the instant cut to whole seconds too.
  return asUtc - Math.floor(instant.getTime() / 1000) * 1000;
}

const toDate = (instant: Date | string) => (typeof instant === 'string' ? new Date(instant) : instant);

/** The calendar date an instant falls on in the zone. */
export function dateInZone(instant: Date | string, timeZone: string): string {
  const w = wallTime(toDate(instant), timeZone);
  return `${pad(w.year, 4)}-${pad(w.month)}-${pad(w.day)}`;
}

/** Today's date in the zone. */
export function todayInZone(timeZone: string, now: Date = new Date()): string {
  return dateInZone(now, timeZone);
}

/** "6:00 pm"; "6:00 p.m." in Spanish. */
export function formatTime(instant: Date | string, timeZone: string): string {
  const p = partsOf(toDate(instant), timeZone, { hour: 'numeric', minute: '2-digit', hour12: true }, activeLocale());
  return `${p.hour ?? ''}:${p.minute ?? ''} ${(p.dayPeriod ?? '').toLowerCase()}`.trim();
}

/** "6:00 pm – 7:30 pm" */
export function formatTimeRange(start: Date | string, end: Date | string, timeZone: string): string {
  return `${formatTime(start, timeZone)} – ${formatTime(end, timeZone)}`;
}

/**
 * "5:00–6:30 pm" when both share am/pm, else "11:00 am – 1:00 pm": for narrow places such as a week grid
 * ("5:00–6:30 p.m." in Spanish).
 */
export function formatTimeRangeShort(start: Date | string, end: Date | string, timeZone: string): string {
  const from = formatTime(start, timeZone);
  const to = formatTime(end, timeZone);
  const [fromClock, fromPeriod] = from.split(' ');
  return fromPeriod && to.endsWith(` ${fromPeriod}`) ? `${fromClock}–${to}` : `${from} – ${to}`;
}

/**
 * The words `closureWhen` (shared/rain-outs/closure-words.ts) reads a closure's time with, in the person's language:
 * undefined in English (its own "today 4–9 pm"); in Spanish "hoy", "mañana", "mar 8 dic" and "4:00 p.m.".
 */
export function closureWhenWords(timeZone: string): ClosureWhenWords | undefined {
  const locale = activeLocale();
  if (locale === 'en') return undefined;
  const relative = new Intl.RelativeTimeFormat(INTL_LOCALE[locale], { numeric: 'auto' });
  return { relativeDay: (offset) => relative.format(offset, 'day'), day: formatWeekdayDay, time: (at) => formatTime(at, timeZone) };
}

/** "Tue Mar 3" for an instant, in the zone ("mar 3 mar"). */
export function formatWeekdayDayAt(instant: Date | string, timeZone: string): string {
  return formatWeekdayDay(dateInZone(instant, timeZone));
}

/** "Tue Mar 3, 6:00 pm"; "mar 3 mar, 6:00 p.m." in Spanish. */
export function formatDateTime(instant: Date | string, timeZone: string): string {
  return `${formatWeekdayDayAt(instant, timeZone)}, ${formatTime(instant, timeZone)}`;
}

/**
 * A range of two instants: "Tue Mar 3, 6:00 pm – 7:30 pm" on one day,
 * "Tue Mar 3, 6:00 pm – Thu Mar 5, 9:00 am" across days.
 */
export function formatDateTimeRange(start: Date | string, end: Date | string, timeZone: string): string {
  if (dateInZone(start, timeZone) === dateInZone(end, timeZone)) {
    return `${formatWeekdayDayAt(start, timeZone)}, ${formatTimeRange(start, end, timeZone)}`;
  }
  return `${formatDateTime(start, timeZone)} – ${formatDateTime(end, timeZone)}`;
}

/** A wall-clock "17:30" (no date, no zone) as "5:30 pm"; "5:30 p.m." in Spanish. */
export function formatClock(hhmm: string): string {
  const [h, m] = hhmm.split(':').map(Number);
  if (h === undefined || m === undefined || Number.isNaN(h) || Number.isNaN(m)) return hhmm;
  if (activeLocale() !== 'en') return formatTime(new Date(Date.UTC(2000, 0, 1, h, m)), 'UTC');
  const period = h < 12 ? 'am' : 'pm';
  return `${h % 12 === 0 ? 12 : h % 12}:${pad(m)} ${period}`;
}

/** An instant as the value of an <input type="datetime-local"> showing the zone's wall time. */
export function toLocalInput(instant: Date | string, timeZone: string): string {
  const w = wallTime(toDate(instant), timeZone);
  return `${pad(w.year, 4)}-${pad(w.month)}-${pad(w.day)}T${pad(w.hour)}:${pad(w.minute)}`;
}

/** An instant as ISO 8601 with the zone's offset at that instant: "2027-03-14T03:30:00-05:00". */
export function toIsoWithOffset(instant: Date, timeZone: string): string {
  const offset = Math.round(zoneOffsetMs(instant, timeZone) / 60_000);
  const wall = new Date(instant.getTime() + offset * 60_000).toISOString().slice(0, 19);
  const sign = offset < 0 ? '-' : '+';
  const abs = Math.abs(offset);
  return `${wall}${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}

export interface ZonedInput {
  /** ISO 8601 with offset, ready for the API. */
  iso: string;
  /**
   * null when the wall time names exactly one instant. 'dst-gap': it does not exist that day (clocks
   * spring forward), so the clock time after the change is used (2:30 → 3:30). 'dst-repeat': it happens
   * twice (clocks fall back), so the first one is used. The same disambiguation as Temporal's 'compatible'.
   */
  issue: null | 'dst-gap' | 'dst-repeat';
}

const LOCAL_INPUT = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/;

/** The value of an <input type="datetime-local"> read as a wall time in the zone; null when not a date-time. */
export function fromLocalInput(value: string, timeZone: string): ZonedInput | null {
  const match = LOCAL_INPUT.exec(value.trim());
  if (!match) return null;
  const [y, mo, d, h, mi, s] = match.slice(1).map((part) => Number(part ?? 0)) as [number, number, number, number, number, number];
  const wall = Date.UTC(y, mo - 1, d, h, mi, s);
  if (new Date(wall).getUTCDate() !== d || h > 23 || mi > 59) return null;

  // Zones change offset at most a few times a year: the offsets a day either side cover both candidates.
  const before = zoneOffsetMs(new Date(wall - DAY_MS), timeZone);
  const after = zoneOffsetMs(new Date(wall + DAY_MS), timeZone);
  const matches = [...new Set([before, after])]
    .map((offset) => wall - offset)
    .filter((t) => {
      const w = wallTime(new Date(t), timeZone);
      return Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second) === wall;
    })
    .sort((a, b) => a - b);
  const first = matches[0];
  if (first === undefined) return { iso: toIsoWithOffset(new Date(wall - before), timeZone), issue: 'dst-gap' };
  return { iso: toIsoWithOffset(new Date(first), timeZone), issue: matches.length > 1 ? 'dst-repeat' : null };
}

/**
 * A datetime-local value read in the zone, with the message to show at the field when it cannot be used:
 * empty, not a date-time, or a wall time that does not exist that day (clocks spring forward). A time
 * that happens twice (clocks fall back) is taken as its first occurrence.
 */
export function parseLocalInput(value: string, timeZone: string): { iso: string } | { error: string } {
  if (!value.trim()) return { error: translate('common', 'dates.chooseDateTime') };
  const result = fromLocalInput(value, timeZone);
  if (!result) return { error: translate('common', 'dates.useFormat') };
  if (result.issue === 'dst-gap') {
    const [date = '', time = ''] = value.split('T');
    return { error: translate('common', 'dates.dstGap', { time: formatClock(time.slice(0, 5)), day: formatWeekdayDay(date) }) };
  }
  return { iso: result.iso };
}

/** "America/Chicago" → "Central Daylight Time" or "Central Standard Time" at that instant ("hora de verano central"). */
export function timeZoneName(timeZone: string, at: Date = new Date()): string {
  try {
    const part = formatter(timeZone, { timeZoneName: 'long' })
      .formatToParts(at)
      .find((p) => p.type === 'timeZoneName');
    return part?.value ?? timeZone;
  } catch {
    return timeZone;
  }
}

/** Every IANA zone this browser knows, for a picker; `current` is kept even when the browser lacks it. */
export function timeZoneOptions(current?: string): string[] {
  let zones: string[];
  try {
    zones = Intl.supportedValuesOf('timeZone');
  } catch {
    zones = [];
  }
  const all = new Set(zones);
  if (current) all.add(current);
  if (!all.has('UTC')) all.add('UTC');
  return [...all].sort((a, b) => a.localeCompare(b));
}

export function browserTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone;
  } catch {
    return 'unknown';
  }
}
