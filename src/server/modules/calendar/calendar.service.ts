import { createEvent } from 'ics';

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

/** One practice as an iCalendar file (.ics), with a stable UID so a re-import updates the same event. */
export function practiceIcs(p: PracticeEvent): string {
  const { error, value } = createEvent({
    uid: `booking-${p.bookingId}@cgsl-practice-scheduler`,
    title: `${p.teamName} practice – ${p.fieldName}`,
    start: Date.parse(p.startsAt),
    end: Date.parse(p.endsAt),
    startInputType: 'utc',
    endInputType: 'utc',
    location: [p.facilityName, p.fieldName, p.facilityAddress].filter(Boolean).join(', '),
    description: `Practice booked with the CGSL Practice Scheduler.${p.mapUrl ? ` Map: ${p.mapUrl}` : ''}`,
    status: p.confirmed ? 'CONFIRMED' : 'CANCELLED',
    ...(p.mapUrl ? { url: p.mapUrl } : {}),
  });
  if (error || !value) throw error ?? new Error('could not build the calendar file');
  return value;
}
