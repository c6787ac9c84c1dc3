import { placesLeft } from '../../../shared/clinics/clinic-rules';
import { translate } from '../../lib/i18n';
import type { Clinic } from '../../../shared/clinics/clinics.schemas';
import type { Slot } from '../../../shared/slots/slots.schemas';
import { toLocalInput } from '../../lib/dates';

/**
 * What the public calendar shows of the slots the API answers: every confirmed practice ("Blue Jays practice")
 * and every closure ("Closed: Lightning"), never an open slot. Visitors see team, field and facility names only
 * (the API gives no names of people or emails).
 *
 * Times: FullCalendar is given the league's wall-clock times and told its zone is UTC. Without a time-zone
 * plugin FullCalendar cannot compute a named zone's offsets (it would draw browser-local or UTC times), and
 * the luxon/moment plugins would add a date library to the page for what Intl already does. So each instant is
 * turned into the wall time it has in the league's zone (Intl, DST included: dates.ts `toLocalInput`) and
 * written without an offset; with `timeZone: 'UTC'` FullCalendar places and labels it at exactly that wall
 * time, on the league's day, whatever the browser's zone. Nothing is computed back from these shifted values:
 * the true instants travel along in `extendedProps` for the words we write ourselves.
 */
export type CalendarEventKind = 'practice' | 'closed' | 'clinic';

export interface CalendarEvent {
  id: string;
  title: string;
  /** League wall time, no offset: "2027-05-04T17:00:00". */
  start: string;
  end: string;
  backgroundColor: string;
  borderColor: string;
  textColor: string;
  classNames: string[];
  extendedProps: {
    kind: CalendarEventKind;
    fieldId: string;
    fieldName: string;
    fieldColor: string;
    facilityName: string;
    teamName: string | null;
    reason: string | null;
    /** A clinic's place in words and its places left ("7 of 12 places left"); null for practices and closures. */
    location?: string | null;
    places?: string | null;
    /** The real instants (ISO, from the API). */
    startsAt: string;
    endsAt: string;
  };
}

export interface EventOptions {
  /** Only this team's practices (closures are left out: they are no team's). */
  teamId?: string;
}

/** The wall time of an instant in the zone, as FullCalendar reads a zone-less date-time. */
export const wallClock = (instant: string, timeZone: string): string => `${toLocalInput(instant, timeZone)}:00`;

/** "Blue Jays practice", "Closed: Lightning in the area", or null for a slot the calendar does not show. */
export function eventTitle(slot: Pick<Slot, 'status' | 'teamName' | 'blockReason'>): string | null {
  // The words of the page's namespace, which the calendar page has loaded before it builds events.
  if (slot.status === 'booked') return slot.teamName ? translate('calendar', 'event.practice', { team: slot.teamName }) : translate('calendar', 'event.practiceNoTeam');
  if (slot.status === 'blocked') {
    const reason = slot.blockReason?.trim();
    return reason ? translate('calendar', 'event.closed', { reason }) : translate('calendar', 'event.closedNoReason');
  }
  return null;
}

const channel = (value: number) => {
  const c = value / 255;
  return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
};

function luminance(hex: string): number | null {
  const match = /^#?([0-9a-f]{6})$/i.exec(hex.trim());
  if (!match) return null;
  const n = Number.parseInt(match[1]!, 16);
  return 0.2126 * channel((n >> 16) & 255) + 0.7152 * channel((n >> 8) & 255) + 0.0722 * channel(n & 255);
}

/** Black or white, whichever has more contrast on the colour: one of them always reaches WCAG AA (4.5:1). */
export function readableTextColor(background: string): '#000000' | '#ffffff' {
  const l = luminance(background);
  if (l === null) return '#ffffff';
  return (l + 0.05) / 0.05 >= 1.05 / (l + 0.05) ? '#000000' : '#ffffff';
}

const FALLBACK_COLOR = '#1e2a4a';
const validColor = (color: string) => (luminance(color) === null ? FALLBACK_COLOR : color);

/**
 * The calendar's events for a list of slots, in time order. A practice is filled with its field's colour; a
 * closure is pale with the field's colour as its border (and striped in CSS). Back-to-back closed slots of one
 * field for the same reason (a block closes a whole day) are one event.
 */
export function slotsToEvents(slots: readonly Slot[], timeZone: string, options: EventOptions = {}): CalendarEvent[] {
  const sorted = [...slots].sort(
    (a, b) => Date.parse(a.startsAt) - Date.parse(b.startsAt) || a.fieldName.localeCompare(b.fieldName, undefined, { numeric: true }),
  );
  const events: CalendarEvent[] = [];
  const lastClosed = new Map<string, CalendarEvent>();
  for (const slot of sorted) {
    const title = eventTitle(slot);
    if (!title) continue;
    if (options.teamId && (slot.status !== 'booked' || slot.teamId !== options.teamId)) continue;
    const color = validColor(slot.fieldColor);
    if (slot.status === 'blocked') {
      const previous = lastClosed.get(slot.fieldId);
      if (previous && previous.title === title && Date.parse(previous.extendedProps.endsAt) >= Date.parse(slot.startsAt)) {
        if (Date.parse(slot.endsAt) > Date.parse(previous.extendedProps.endsAt)) {
          previous.extendedProps.endsAt = slot.endsAt;
          previous.end = wallClock(slot.endsAt, timeZone);
        }
        continue;
      }
    }
    const practice = slot.status === 'booked';
    const event: CalendarEvent = {
      id: slot.id,
      title,
      start: wallClock(slot.startsAt, timeZone),
      end: wallClock(slot.endsAt, timeZone),
      backgroundColor: practice ? color : '#f1f5f9',
      borderColor: color,
      textColor: practice ? readableTextColor(color) : '#0f172a',
      classNames: [practice ? 'cal-practice' : 'cal-closed'],
      extendedProps: {
        kind: practice ? 'practice' : 'closed',
        fieldId: slot.fieldId,
        fieldName: slot.fieldName,
        fieldColor: color,
        facilityName: slot.facilityName,
        teamName: practice ? slot.teamName : null,
        reason: practice ? null : slot.blockReason,
        startsAt: slot.startsAt,
        endsAt: slot.endsAt,
      },
    };
    if (!practice) lastClosed.set(slot.fieldId, event);
    events.push(event);
  }
  return events;
}

/** How clinics look: the league's amber, the same on every field (a clinic is no field's). */
export const CLINIC_COLOR = '#b45309';

export interface ClinicEventOptions {
  /** League days, both included: the period shown. */
  from: string;
  to: string;
  /** Only clinics at this facility (a clinic with a typed place is at none). */
  facilityId?: string;
}

/** "7 of 12 places left", or "Full — join the waitlist (3 waiting)", in the active language. */
function clinicPlaces(clinic: Pick<Clinic, 'capacity' | 'registeredCount' | 'waitlistCount'>): string {
  const left = placesLeft(clinic.capacity, clinic.registeredCount);
  return left > 0
    ? translate('calendar', 'places.left', { left, capacity: clinic.capacity })
    : translate('calendar', 'places.full', { waiting: clinic.waitlistCount });
}

/**
 * The published, not cancelled clinics starting in the period, as events ("Clinic: Pitching basics") with their
 * place and the places left. Admins get unpublished clinics from the same list; the public calendar leaves them out.
 */
export function clinicsToEvents(clinics: readonly Clinic[], timeZone: string, options: ClinicEventOptions): CalendarEvent[] {
  return clinics
    .filter((c) => c.published && !c.cancelledAt)
    .filter((c) => !options.facilityId || c.facilityId === options.facilityId)
    .filter((c) => {
      const day = wallClock(c.startsAt, timeZone).slice(0, 10);
      return day >= options.from && day <= options.to;
    })
    .map((c) => ({
      id: `clinic-${c.id}`,
      title: translate('calendar', 'event.clinic', { title: c.title }),
      start: wallClock(c.startsAt, timeZone),
      end: wallClock(c.endsAt, timeZone),
      backgroundColor: '#fef3c7',
      borderColor: CLINIC_COLOR,
      textColor: '#0f172a',
      classNames: ['cal-clinic'],
      extendedProps: {
        kind: 'clinic' as const,
        fieldId: '',
        fieldName: '',
        fieldColor: CLINIC_COLOR,
        facilityName: '',
        teamName: null,
        reason: null,
        location: c.location,
        places: clinicPlaces(c),
        startsAt: c.startsAt,
        endsAt: c.endsAt,
      },
    }));
}

/** Practices, closures and clinics together, in time order (a stable sort keeps the practices' own order at one time). */
export function byStart(a: CalendarEvent, b: CalendarEvent): number {
  return Date.parse(a.extendedProps.startsAt) - Date.parse(b.extendedProps.startsAt);
}

/** The fields the events are on, once each, in the order they first appear: the colour key under the calendar. */
export function fieldLegend(events: readonly CalendarEvent[]): Array<{ id: string; name: string; facilityName: string; color: string }> {
  const seen = new Map<string, { id: string; name: string; facilityName: string; color: string }>();
  for (const { extendedProps: p } of events) {
    if (p.kind === 'clinic') continue;
    if (!seen.has(p.fieldId))
      seen.set(p.fieldId, {
        id: p.fieldId,
        name: p.fieldName,
        facilityName: p.facilityName,
        color: p.fieldColor,
      });
  }
  return [...seen.values()].sort((a, b) => a.facilityName.localeCompare(b.facilityName) || a.name.localeCompare(b.name, undefined, { numeric: true }));
}

/**
 * The hours the week and day grids show: from the hour of the earliest start to the hour after the latest end
 * among the events (wall times), at least four hours, so an evening league does not scroll through an empty
 * morning; 8:00 to 21:00 when there is nothing.
 */
const MIN_HOURS = 4;

export function timeWindow(events: readonly Pick<CalendarEvent, 'start' | 'end'>[]): { slotMinTime: string; slotMaxTime: string } {
  if (events.length === 0) return { slotMinTime: '08:00:00', slotMaxTime: '21:00:00' };
  let min = 24;
  let max = 0;
  for (const event of events) {
    const startHour = Number(event.start.slice(11, 13));
    const endDay = event.end.slice(0, 10);
    const endHour = endDay > event.start.slice(0, 10) ? 24 : Number(event.end.slice(11, 13)) + (event.end.slice(14, 16) === '00' ? 0 : 1);
    min = Math.min(min, startHour);
    max = Math.max(max, endHour);
  }
  // At least four hours, so a lone practice is drawn tall enough to read.
  max = Math.min(24, Math.max(max, min + MIN_HOURS));
  min = Math.max(0, Math.min(min, max - MIN_HOURS));
  const pad = (h: number) => `${String(h).padStart(2, '0')}:00:00`;
  return { slotMinTime: pad(min), slotMaxTime: pad(max) };
}
