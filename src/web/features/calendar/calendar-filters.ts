import type { Season } from '../../../shared/seasons/seasons.schemas';
import { addDays, formatDay, formatLongDay, formatMonthDay, isIsoDate, startOfWeek } from '../../lib/dates';
import { intlLocale } from '../../lib/i18n';

/**
 * The public calendar's state, kept in the URL so a view can be shared and Back works:
 * ?view=month|week|day|list&date=<YYYY-MM-DD>&season=<id>&facility=<id>&field=<id>&team=<id>.
 * Values that cannot be right (not an id, not a date, an unknown view) read as not set; an unset view is the
 * list (agenda) on a phone and the week elsewhere, an unset date is today (or the season's first day).
 */
export const CALENDAR_VIEWS = ['month', 'week', 'day', 'list'] as const;
export type CalendarView = (typeof CALENDAR_VIEWS)[number];

export interface CalendarFilters {
  view: CalendarView | '';
  date: string;
  season: string;
  facility: string;
  field: string;
  team: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const id = (value: string | null) => (value && UUID.test(value) ? value : '');
const date = (value: string | null) => (isIsoDate(value) ? value : '');
const view = (value: string | null): CalendarView | '' => ((CALENDAR_VIEWS as readonly string[]).includes(value ?? '') ? (value as CalendarView) : '');

export function readCalendarFilters(params: URLSearchParams): CalendarFilters {
  return {
    view: view(params.get('view')),
    date: date(params.get('date')),
    season: id(params.get('season')),
    facility: id(params.get('facility')),
    field: id(params.get('field')),
    team: id(params.get('team')),
  };
}

/** The URL with these filters changed ('' removes one), keeping anything else. */
export function withCalendarFilters(params: URLSearchParams, changes: Partial<CalendarFilters>): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const [key, value] of Object.entries(changes)) {
    if (value) next.set(key, value);
    else next.delete(key);
  }
  return next;
}

/** FullCalendar's name for each view (the list is a week's agenda, Monday first, like the week view). */
export const FULLCALENDAR_VIEW: Record<CalendarView, string> = {
  month: 'dayGridMonth',
  week: 'timeGridWeek',
  day: 'timeGridDay',
  list: 'listWeek',
};


/** The view shown: the URL's, else the agenda list on a phone and the week elsewhere. */
export const pickView = (fromUrl: CalendarView | '', phone: boolean): CalendarView => fromUrl || (phone ? 'list' : 'week');

export { pickSeason } from '../../app/current-season/pick-season';

/** The date the calendar opens on: the URL's, else today, unless the season is not under way: then its first day. */
export function pickDate(fromUrl: string, today: string, season: Pick<Season, 'startsOn' | 'endsOn'> | null): string {
  if (fromUrl) return fromUrl;
  if (season && (today < season.startsOn || today > season.endsOn)) return season.startsOn;
  return today;
}

const firstOfMonth = (isoDate: string) => `${isoDate.slice(0, 7)}-01`;

/** The first of the month `months` after the one `isoDate` is in. */
export function addMonths(isoDate: string, months: number): string {
  const [y, m] = isoDate.split('-').map(Number) as [number, number];
  const index = y * 12 + (m - 1) + months;
  return `${String(Math.floor(index / 12)).padStart(4, '0')}-${String((index % 12) + 1).padStart(2, '0')}-01`;
}

/**
 * The league dates a view shows around a date, both inclusive, as FullCalendar draws them with Monday first:
 * the month grid is always six weeks (42 days, within the API's 62-day limit), the week and the list Monday to
 * Sunday, the day itself.
 */
export function visibleRange(calendarView: CalendarView, isoDate: string): { from: string; to: string } {
  switch (calendarView) {
    case 'month': {
      const from = startOfWeek(firstOfMonth(isoDate));
      return { from, to: addDays(from, 41) };
    }
    case 'day':
      return { from: isoDate, to: isoDate };
    default: {
      const from = startOfWeek(isoDate);
      return { from, to: addDays(from, 6) };
    }
  }
}

/** The date one period before (-1) or after (1): a month (its first day), a week or a day. */
export function stepDate(calendarView: CalendarView, isoDate: string, step: -1 | 1): string {
  if (calendarView === 'month') return addMonths(isoDate, step);
  if (calendarView === 'day') return addDays(isoDate, step);
  return addDays(startOfWeek(isoDate), 7 * step);
}

const monthYear = new Map<string, Intl.DateTimeFormat>();
/** "May 2027" / "mayo de 2027", in the active language. */
function formatMonthYear(date: Date): string {
  const locale = intlLocale();
  let format = monthYear.get(locale);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric', timeZone: 'UTC' });
    monthYear.set(locale, format);
  }
  return format.format(date);
}

/** What the period is called in the page: "May 2027", "May 3 – 9, 2027"-like, "Tuesday, May 4, 2027". */
export function periodTitle(calendarView: CalendarView, isoDate: string): string {
  if (calendarView === 'month') return formatMonthYear(new Date(`${firstOfMonth(isoDate)}T00:00:00Z`));
  if (calendarView === 'day') return formatLongDay(isoDate);
  const { from, to } = visibleRange(calendarView, isoDate);
  return `${formatMonthDay(from)} – ${formatDay(to)}`;
}

/** Words for the next and previous buttons: "Next month", "Previous week"… */
/** The period a view steps by, as the catalogue's messages select on it ("Previous week"). */
export const PERIOD: Record<CalendarView, 'month' | 'week' | 'day'> = {
  month: 'month',
  week: 'week',
  day: 'day',
  list: 'week',
};
