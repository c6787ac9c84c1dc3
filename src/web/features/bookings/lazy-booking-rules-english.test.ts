import { renderHook, waitFor } from '@testing-library/react';
import { afterAll, describe, expect, it } from 'vitest';
import { DEFAULT_BOOKING_RULES, type BookingCheck } from '../../../shared/bookings/booking-rules';
import { activate, isLoaded } from '../../lib/i18n';
import { useBookingRulesCheck } from './lazy-booking-rules';

/*
 * An English coach's rules come without the errors catalogue (9.7 kB off the first screen of /slots, measured by
 * `npm run bench:web`; the tests' setup loads every English catalogue, so this file cannot see that part): the rules'
 * own words are the English ones. A switch to Spanish brings the catalogue, and the page is asked to draw again.
 */
const check: BookingCheck = {
  rules: DEFAULT_BOOKING_RULES,
  season: { startsOn: '2027-03-01', endsOn: '2027-06-30' },
  slot: { startsAt: new Date('2027-03-09T23:00:00Z'), endsAt: new Date('2027-03-10T00:30:00Z'), status: 'open' },
  teamBookings: [],
  teamName: 'Hawks',
  now: new Date('2027-03-10T18:00:00Z'),
  timeZone: 'America/Chicago',
};

afterAll(() => activate('en', ['common']));

describe('the booking rules for an English coach', () => {
  it('word a refusal in English, and in Spanish once the person switches', async () => {
    await activate('en', ['common']);
    const { result } = renderHook(() => useBookingRulesCheck(true));
    await waitFor(() => expect(result.current.status).toBe('ready'));
    const ready = () => result.current as Extract<typeof result.current, { status: 'ready' }>;
    expect(ready().checkBooking(check)).toEqual({ ok: false, code: 'SLOT_PAST', message: 'This practice time has already started or passed.' });

    await activate('es', ['common']);
    const before = result.current;
    // English until the Spanish words arrive; then the hook hands the page a new state, and the words are Spanish.
    expect(ready().checkBooking(check)).toMatchObject({ message: 'This practice time has already started or passed.' });
    await waitFor(() => expect(result.current).not.toBe(before));
    expect(isLoaded('es', 'errors')).toBe(true);
    expect(ready().checkBooking(check)).toEqual({ ok: false, code: 'SLOT_PAST', message: 'Este horario de práctica ya empezó o ya pasó.' });
  });
});
