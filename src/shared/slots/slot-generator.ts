import { Temporal } from 'temporal-polyfill';

/**
 * The slot generator: fields × days of week × a daily local-time window cut into slots of a length with a
 * gap, over a date range clamped to the season, minus skipped dates. Times are wall-clock times in the
 * league's zone, so a 6:00 pm slot is 6:00 pm on both sides of a daylight-saving change. A slot whose start
 * or end does not exist that day (spring forward), happens twice (fall back), or whose real length differs
 * from the asked length because a change falls inside it, is not generated and is reported instead.
 */
export interface GeneratorInput {
  fieldIds: readonly string[];
  /** ISO days of week: 1 = Monday … 7 = Sunday. */
  daysOfWeek: readonly number[];
  /** "HH:MM", local. */
  firstStart: string;
  /** "HH:MM", local; the last slot ends at or before this. */
  lastEnd: string;
  lengthMinutes: number;
  gapMinutes: number;
  /** "YYYY-MM-DD", inclusive. */
  startDate: string;
  endDate: string;
  skipDates: readonly string[];
  timeZone: string;
}

export interface SeasonDates {
  startsOn: string;
  endsOn: string;
}

export interface GeneratedSlot {
  fieldId: string;
  date: string;
  localStart: string;
  localEnd: string;
  startsAt: Date;
  endsAt: Date;
}

export type SkipReason = 'skipped-date' | 'dst-gap' | 'dst-repeat' | 'dst-shift';

export interface SkippedTime {
  date: string;
  localStart: string;
  reason: SkipReason;
}

export interface GeneratorResult {
  /** The range actually used: the request clamped to the season; null when they do not meet. */
  range: { from: string; to: string } | null;
  /** Local start/end pairs of one day, before dates and fields multiply them. */
  dailyTimes: Array<{ start: string; end: string }>;
  slots: GeneratedSlot[];
  /** Per date and time, not per field: the same skip applies to every field. */
  skipped: SkippedTime[];
}

export function minutesOf(hhmm: string): number {
  const [h, m] = hhmm.split(':').map(Number);
  return (h ?? 0) * 60 + (m ?? 0);
}

export function hhmmOf(minutes: number): string {
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

/** The start and end of each slot of one day, in local minutes. */
export function dailyWindows(firstStart: string, lastEnd: string, lengthMinutes: number, gapMinutes: number): Array<[number, number]> {
  const out: Array<[number, number]> = [];
  const last = minutesOf(lastEnd);
  if (lengthMinutes <= 0 || gapMinutes < 0) return out;
  for (let start = minutesOf(firstStart); start + lengthMinutes <= last; start += lengthMinutes + gapMinutes) {
    out.push([start, start + lengthMinutes]);
  }
  return out;
}

export function clampToSeason(startDate: string, endDate: string, season: SeasonDates): { from: string; to: string } | null {
  const from = startDate > season.startsOn ? startDate : season.startsOn;
  const to = endDate < season.endsOn ? endDate : season.endsOn;
  return from <= to ? { from, to } : null;
}

type Resolved = { instant: Temporal.Instant } | { problem: 'dst-gap' | 'dst-repeat' };

/** The one instant a local wall time names in a zone, or why there is not exactly one. */
export function resolveLocal(date: Temporal.PlainDate, minutes: number, timeZone: string): Resolved {
  const wall = date.toPlainDateTime({ hour: Math.floor(minutes / 60), minute: minutes % 60 });
  const earlier = wall.toZonedDateTime(timeZone, { disambiguation: 'earlier' });
  const later = wall.toZonedDateTime(timeZone, { disambiguation: 'later' });
  if (!earlier.toPlainDateTime().equals(wall)) return { problem: 'dst-gap' };
  if (earlier.epochMilliseconds !== later.epochMilliseconds) return { problem: 'dst-repeat' };
  return { instant: earlier.toInstant() };
}

/**
 * Most slots one generator request may create. A whole season of evening slots on 20 fields (125 days × 4 slots
 * × 20 fields) is 10,000; anything bigger is split into several runs. The server refuses a bigger request before
 * building a single slot (`countPlannedSlots`), so a request for every field, every day, all day cannot hold
 * the server.
 */
export const MAX_GENERATED_SLOTS = 10_000;

/**
 * How many slots `generateSlots` would make at most, computed from the counts alone (days in the clamped range
 * on the chosen weekdays and not skipped × slots a day × distinct fields), without building any. Daylight-saving
 * skips can only make the real number smaller.
 */
export function countPlannedSlots(input: Omit<GeneratorInput, 'timeZone'>, season: SeasonDates): number {
  const perDay = dailyWindows(input.firstStart, input.lastEnd, input.lengthMinutes, input.gapMinutes).length;
  const range = clampToSeason(input.startDate, input.endDate, season);
  if (!range || perDay === 0) return 0;
  const days = new Set(input.daysOfWeek);
  const skip = new Set(input.skipDates);
  const last = Temporal.PlainDate.from(range.to);
  let dates = 0;
  for (let date = Temporal.PlainDate.from(range.from); Temporal.PlainDate.compare(date, last) <= 0; date = date.add({ days: 1 })) {
    if (days.has(date.dayOfWeek) && !skip.has(date.toString())) dates += 1;
  }
  return dates * perDay * new Set(input.fieldIds).size;
}

const DAY_MS = 86_400_000;

/**
 * Resolves the wall times of one day. On the days no clock change comes near (all but a handful a year) the
 * whole day has one UTC offset, found once: a season of 15-minute slots then costs a few Temporal calls a day,
 * not four a slot (10,000 slots took 120 ms of blocking work the slow way). Near a change, each time is resolved
 * on its own by `resolveLocal`.
 */
type ResolvedMs = { ms: number } | { problem: 'dst-gap' | 'dst-repeat' };

function dayResolver(date: Temporal.PlainDate, timeZone: string): (minutes: number) => ResolvedMs {
  const midnightUtc = Date.UTC(date.year, date.month - 1, date.day);
  // Local times of this day lie within ±14 h of its UTC midnight; look a whole day further each way.
  const before = Temporal.Instant.fromEpochMilliseconds(midnightUtc - 2 * DAY_MS).toZonedDateTimeISO(timeZone);
  const change = before.getTimeZoneTransition('next');
  if (change && change.epochMilliseconds < midnightUtc + 3 * DAY_MS) {
    return (minutes) => {
      const resolved = resolveLocal(date, minutes, timeZone);
      return 'instant' in resolved ? { ms: resolved.instant.epochMilliseconds } : resolved;
    };
  }
  const offsetMs = before.offsetNanoseconds / 1_000_000;
  return (minutes) => ({ ms: midnightUtc + minutes * 60_000 - offsetMs });
}

export function generateSlots(input: GeneratorInput, season: SeasonDates): GeneratorResult {
  const windows = dailyWindows(input.firstStart, input.lastEnd, input.lengthMinutes, input.gapMinutes);
  const dailyTimes = windows.map(([s, e]) => ({ start: hhmmOf(s), end: hhmmOf(e) }));
  const range = clampToSeason(input.startDate, input.endDate, season);
  const result: GeneratorResult = { range, dailyTimes, slots: [], skipped: [] };
  if (!range || windows.length === 0) return result;

  const fields = [...new Set(input.fieldIds)];
  const days = new Set(input.daysOfWeek);
  const skip = new Set(input.skipDates);
  const last = Temporal.PlainDate.from(range.to);
  for (let date = Temporal.PlainDate.from(range.from); Temporal.PlainDate.compare(date, last) <= 0; date = date.add({ days: 1 })) {
    if (!days.has(date.dayOfWeek)) continue;
    const iso = date.toString();
    const resolve = dayResolver(date, input.timeZone);
    for (const [startMin, endMin] of windows) {
      const localStart = hhmmOf(startMin);
      if (skip.has(iso)) {
        result.skipped.push({ date: iso, localStart, reason: 'skipped-date' });
        continue;
      }
      const start = resolve(startMin);
      const end = resolve(endMin);
      const problem = 'problem' in start ? start.problem : 'problem' in end ? end.problem : null;
      if (problem) {
        result.skipped.push({ date: iso, localStart, reason: problem });
        continue;
      }
      const startsAt = new Date((start as { ms: number }).ms);
      const endsAt = new Date((end as { ms: number }).ms);
      if (endsAt.getTime() - startsAt.getTime() !== (endMin - startMin) * 60_000) {
        result.skipped.push({ date: iso, localStart, reason: 'dst-shift' });
        continue;
      }
      for (const fieldId of fields) {
        result.slots.push({ fieldId, date: iso, localStart, localEnd: hhmmOf(endMin), startsAt, endsAt });
      }
    }
  }
  return result;
}
