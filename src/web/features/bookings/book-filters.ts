import { addDays, isIsoDate, isoDayOfWeek, startOfWeek } from '../../lib/dates';
import { initialWeekStart, type Week } from '../../lib/slot-week';

/**
 * Book a Field's filters, kept in the URL so a view can be shared and Back works:
 * ?season=<id>&facility=<id>&field=<id>&week=<Monday>&day=<date>&fields=all (day: the phone's day tab; fields=all: "Show every
 * field", the fields of other divisions too, issue 29).
 * Values that cannot be right (not an id, not a date) read as not set.
 */
export interface BookFilters {
  season: string;
  facility: string;
  field: string;
  week: string;
  day: string;
  /** 'all': every field, those the team may not use greyed out; '': only the team's. */
  fields: '' | 'all';
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const id = (value: string | null) => (value && UUID.test(value) ? value : '');
const date = (value: string | null) => (isIsoDate(value) ? value : '');

export function readBookFilters(params: URLSearchParams): BookFilters {
  return {
    season: id(params.get('season')),
    facility: id(params.get('facility')),
    field: id(params.get('field')),
    week: date(params.get('week')),
    day: date(params.get('day')),
    fields: params.get('fields') === 'all' ? 'all' : '',
  };
}

/** The URL with these filters changed ('' removes one), keeping anything else. */
export function withBookFilters(params: URLSearchParams, changes: Partial<BookFilters>): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const [key, value] of Object.entries(changes)) {
    if (value) next.set(key, value);
    else next.delete(key);
  }
  return next;
}

export { pickSeason } from '../../app/current-season/pick-season';

/** The seven dates of a week, Monday first. */
export const weekDates = (week: Week): string[] => Array.from({ length: 7 }, (_, i) => addDays(week.from, i));

/**
 * The phone's day tab: the one in the URL if it is in the week; else the first day with slots from today
 * on (this week) or from Monday (another week); else today, or Monday.
 */
export function pickDay(week: Week, fromUrl: string, today: string, daysWithSlots: readonly string[]): string {
  const inWeek = (d: string) => d >= week.from && d <= week.to;
  if (fromUrl && inWeek(fromUrl)) return fromUrl;
  const start = inWeek(today) ? today : week.from;
  return [...daysWithSlots].sort().find((d) => inWeek(d) && d >= start) ?? start;
}

/**
 * The week Book a Field opens on: the URL's, else as every slot list opens (this week, or the season's first
 * week when it is not under way), except on a Sunday, when this week is all but over: then the coming week.
 */
export function bookWeekStart(fromUrl: string, today: string, season: { startsOn: string; endsOn: string } | null): string {
  const week = initialWeekStart(fromUrl || null, today, season);
  if (fromUrl || week !== startOfWeek(today) || isoDayOfWeek(today) !== 7) return week;
  const next = addDays(week, 7);
  return season && next > season.endsOn ? week : next;
}
