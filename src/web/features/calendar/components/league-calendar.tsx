import type { EventContentArg, MoreLinkArg } from '@fullcalendar/core';
import dayGridPlugin from '@fullcalendar/daygrid';
import listPlugin from '@fullcalendar/list';
import FullCalendar from '@fullcalendar/react';
import timeGridPlugin from '@fullcalendar/timegrid';
import esLocale from '@fullcalendar/core/locales/es-us';
import { useEffect, useMemo, useRef } from 'react';
import { formatTimeRangeShort, formatWeekdayDate, formatWeekdayDay } from '../../../lib/dates';
import { intlLocale, useLocale } from '../../../lib/i18n';
import { timeWindow, wallClock, type CalendarEvent } from '../calendar-events';
import { FULLCALENDAR_VIEW, type CalendarView } from '../calendar-filters';
import './league-calendar.css';

const PLUGINS = [dayGridPlugin, timeGridPlugin, listPlugin];

export interface LeagueCalendarProps {
  view: CalendarView;
  /** A league date in the period shown. */
  date: string;
  events: CalendarEvent[];
  timeZone: string;
  /** What an empty period says, in the person's language. */
  noEvents: string;
  /** A day's "+3 more" in the month: open that day. */
  onOpenDay: (date: string) => void;
}

/**
 * FullCalendar, driven by the page: its own toolbar is off (the page draws one, with the period in the URL), and
 * the view and date follow the props. Read-only: nothing is clickable, dragged or selected.
 *
 * Time zone: the events come with league wall times (calendar-events.ts says why) and the calendar is told its
 * zone is UTC, so it draws every time, day and "today" exactly as the league's clock reads, in any browser zone.
 */
export function LeagueCalendar({ view, date, events, timeZone, noEvents, onOpenDay }: LeagueCalendarProps) {
  const { locale } = useLocale();
  const ref = useRef<FullCalendar>(null);
  const hours = useMemo(() => timeWindow(events), [events]);

  useEffect(() => {
    ref.current?.getApi().changeView(FULLCALENDAR_VIEW[view], date);
  }, [view, date]);

  return (
    <div className="league-calendar">
      <FullCalendar
        ref={ref}
        plugins={PLUGINS}
        initialView={FULLCALENDAR_VIEW[view]}
        initialDate={date}
        headerToolbar={false}
        // FullCalendar's own words ("+3 more", the list's day names) in the person's language.
        locales={[esLocale]}
        locale={locale === 'es' ? 'es-us' : 'en'}
        timeZone="UTC"
        now={() => wallClock(new Date().toISOString(), timeZone)}
        firstDay={1}
        height="auto"
        events={events}
        eventDisplay="block"
        eventContent={(arg) => <EventBody arg={arg} timeZone={timeZone} />}
        allDaySlot={false}
        slotMinTime={hours.slotMinTime}
        slotMaxTime={hours.slotMaxTime}
        slotDuration="00:30:00"
        expandRows
        nowIndicator
        dayMaxEvents={4}
        moreLinkClick={(arg: MoreLinkArg) => {
          // The marker is the league day (the calendar's zone is UTC): the URL follows, and so does the calendar.
          onOpenDay(arg.date.toISOString().slice(0, 10));
          return FULLCALENDAR_VIEW.day;
        }}
        // FullCalendar draws "+3 more" as an <a> with no href, focusable and pressed by Enter, with aria-expanded: axe
        // refuses aria-expanded on a link (aria-allowed-attr). It acts as a button (it opens the day), so it says so.
        moreLinkDidMount={(arg) => {
          arg.el.setAttribute('role', 'button');
          arg.el.removeAttribute('aria-controls');
        }}
        dayHeaderContent={(arg) => dayHeader(view, arg.date)}
        // WCAG 2.5.3 Label in Name (axe's label-content-name-mismatch): FullCalendar names a month's day cell by its
        // day number alone (aria-labelledby), while the cell also shows that day's practices; without the label the
        // cell is named by all it shows, the day number first.
        dayCellDidMount={(arg) => arg.el.removeAttribute('aria-labelledby')}
        slotLabelFormat={{
          hour: 'numeric',
          minute: '2-digit',
          meridiem: 'short',
        }}
        eventTimeFormat={{
          hour: 'numeric',
          minute: '2-digit',
          meridiem: 'short',
        }}
        listDayFormat={{ weekday: 'long', month: 'long', day: 'numeric' }}
        listDaySideFormat={false}
        noEventsContent={noEvents}
      />
    </div>
  );
}

const weekdays = new Map<string, Intl.DateTimeFormat>();
const weekday = (date: Date) => {
  const tag = intlLocale();
  let format = weekdays.get(tag);
  if (!format) {
    format = new Intl.DateTimeFormat(tag, { weekday: 'short', timeZone: 'UTC' });
    weekdays.set(tag, format);
  }
  return format.format(date);
};

/** A column's heading: "Mon" over a month, "Mon 7" over a week, "Tue Dec 8" over a day. (`date` is the league day at UTC midnight.) */
function dayHeader(view: CalendarView, date: Date): string {
  const iso = date.toISOString().slice(0, 10);
  if (view === 'month') return weekday(date);
  return view === 'day' ? formatWeekdayDay(iso) : formatWeekdayDate(iso);
}

/**
 * One event as words, for the eye and for a screen reader alike: the time (the list has its own time column),
 * what it is, the field, and the facility.
 */
function EventBody({ arg, timeZone }: { arg: EventContentArg; timeZone: string }) {
  const props = arg.event.extendedProps as CalendarEvent['extendedProps'];
  const list = arg.view.type.startsWith('list');
  const time = formatTimeRangeShort(props.startsAt, props.endsAt, timeZone);
  if (props.kind === 'clinic') {
    // A clinic: its place and the places left, in place of a field and facility.
    return list ? (
      <span className="flex flex-wrap items-baseline gap-x-2">
        <span className="font-semibold text-slate-900">{arg.event.title}</span>
        <span className="text-slate-700">
          {props.location} · {props.places}
        </span>
      </span>
    ) : (
      <span className="block overflow-hidden px-1 py-0.5 text-xs leading-snug">
        <span className="block truncate">{time}</span>
        <span className="block truncate font-semibold">{arg.event.title}</span>
        <span className="block truncate">
          {props.location}
          <span className="sr-only">, {props.places}</span>
        </span>
      </span>
    );
  }
  if (list) {
    return (
      <span className="flex flex-wrap items-baseline gap-x-2">
        <span className="font-semibold text-slate-900">{arg.event.title}</span>
        <span className="text-slate-700">
          {props.fieldName} · {props.facilityName}
        </span>
      </span>
    );
  }
  return (
    <span className="block overflow-hidden px-1 py-0.5 text-xs leading-snug">
      <span className="block truncate">{time}</span>
      <span className="block truncate font-semibold">{arg.event.title}</span>
      <span className="block truncate">
        {props.fieldName}
        <span className="sr-only">, {props.facilityName}</span>
      </span>
    </span>
  );
}
