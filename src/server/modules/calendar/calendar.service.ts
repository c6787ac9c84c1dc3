import type { EventAttributes } from 'ics';
import type { Locale } from '../../../shared/i18n/locales';
import { words } from '../../i18n/words';
import { bookingUid, icsLibrary } from './calendar-feed';

/** A practice as a calendar shows it. */
export interface PracticeEvent {
  bookingId: string;
  teamName: string;
  fieldName: string;
  facilityName: string;
  facilityAddress: string | null;
  mapUrl: string | null;
  startsAt: string;
  endsAt: string;
  confirmed: boolean;
}

function eventOf(p: PracticeEvent, mapUrl: string | null, locale: Locale): EventAttributes {
  const booked = words(locale, 'feeds', 'practice.booked');
  return {
    uid: bookingUid(p.bookingId),
    title: words(locale, 'feeds', 'practice.title', { team: p.teamName, field: p.fieldName }),
    start: Date.parse(p.startsAt),
    end: Date.parse(p.endsAt),
    startInputType: 'utc',
    endInputType: 'utc',
    location: [p.facilityName, p.fieldName, p.facilityAddress].filter(Boolean).join(', '),
    description: mapUrl ? `${booked} ${words(locale, 'feeds', 'practice.map', { url: mapUrl })}` : booked,
    status: p.confirmed ? 'CONFIRMED' : 'CANCELLED',
    ...(mapUrl ? { url: mapUrl } : {}),
  };
}

/**
 * One practice as an iCalendar file (.ics), with a stable UID so a re-import updates the same event. The
 * facility's map link is optional decoration: a link the calendar library refuses (saved before links were
 * checked, or one its stricter rules reject) is left out rather than failing the whole file. In `locale`, the
 * language of the person who downloads it.
 */
export function practiceIcs(p: PracticeEvent, locale: Locale = 'en'): string {
  const { createEvent } = icsLibrary();
  let built = createEvent(eventOf(p, p.mapUrl, locale));
  if ((built.error || !built.value) && p.mapUrl) built = createEvent(eventOf(p, null, locale));
  if (built.error || !built.value) throw built.error ?? new Error('could not build the calendar file');
  return built.value;
}
