import type { Slot } from '../../shared/slots/slots.schemas';

/** An open 90-minute slot on Field 1 at Riverside Park, as GET /api/slots answers it; tests override what they need. */
export function testSlot(over: Partial<Slot> = {}): Slot {
  return {
    id: 'slot',
    seasonId: 'season',
    fieldId: 'f1',
    fieldName: 'Field 1',
    fieldColor: '#1d4ed8',
    facilityId: 'fac',
    facilityName: 'Riverside Park',
    startsAt: '2027-05-04T22:00:00.000Z',
    endsAt: '2027-05-04T23:30:00.000Z',
    status: 'open',
    blockReason: null,
    bookingId: null,
    teamId: null,
    teamName: null,
    notes: null,
    ...over,
  };
}
