import { describe, expect, it } from 'vitest';
import type { Booking } from '../../../shared/bookings/bookings.schemas';
import { splitReservations } from './reservations';

const booking = (id: string, startsAt: string, endsAt: string, status: Booking['status'] = 'confirmed'): Booking => ({
  id,
  slotId: id,
  seasonId: 's',
  teamId: 't',
  teamName: 'Blue Jays',
  status,
  startsAt,
  endsAt,
  fieldId: 'f',
  fieldName: 'Field 1',
  facilityName: 'Riverside Park',
  facilityAddress: null,
  mapUrl: null,
  bookedByEmail: null,
  createdAt: startsAt,
  cancelledAt: null,
  cancelReason: null,
  override: false,
  overrideReason: null,
});

describe('splitReservations', () => {
  it('lists what is not over soonest first (in progress and cancelled included), and the past latest first', () => {
    const now = new Date('2026-11-22T12:00:00Z');
    const list = [
      booking('past-1', '2026-11-01T23:00:00Z', '2026-11-02T00:30:00Z'),
      booking('later', '2026-11-30T23:00:00Z', '2026-12-01T00:30:00Z'),
      booking('now', '2026-11-22T11:00:00Z', '2026-11-22T12:30:00Z'),
      booking('bumped', '2026-11-25T23:00:00Z', '2026-11-26T00:30:00Z', 'cancelled'),
      booking('past-2', '2026-11-20T23:00:00Z', '2026-11-21T00:30:00Z'),
    ];
    const { upcoming, past } = splitReservations(list, now);
    expect(upcoming.map((b) => b.id)).toEqual(['now', 'bumped', 'later']);
    expect(past.map((b) => b.id)).toEqual(['past-2', 'past-1']);
  });
});
