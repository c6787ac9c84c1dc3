import { afterAll, describe, expect, it } from 'vitest';
import { DEFAULT_BOOKING_RULES, type BookingCheck } from '../../../shared/bookings/booking-rules';
import { activate } from '../../lib/i18n';
import { loadBookingRules, useBookingRulesCheck, type RulesState } from './lazy-booking-rules';
import { renderHook, waitFor } from '@testing-library/react';

/*
 * Issue 30: Book a Field explains a rule before the click in the person's language. The rules load with the errors
 * catalogue, and a refusal is worded from its key: Spanish for a Spanish reader, the server's English words otherwise.
 */
const NOW = new Date('2027-03-10T18:00:00Z');
const check = (startsAt: string, teamBookings: Date[] = []): BookingCheck => ({
  rules: { ...DEFAULT_BOOKING_RULES, maxPerDay: 1 },
  season: { startsOn: '2027-03-01', endsOn: '2027-06-30' },
  slot: { startsAt: new Date(startsAt), endsAt: new Date(new Date(startsAt).getTime() + 90 * 60_000), status: 'open' },
  teamBookings,
  teamName: 'Halcones',
  now: NOW,
  timeZone: 'America/Chicago',
});

async function readyRules(): Promise<Extract<RulesState, { status: 'ready' }>> {
  loadBookingRules();
  const { result } = renderHook(() => useBookingRulesCheck(true));
  await waitFor(() => expect(result.current.status).toBe('ready'));
  return result.current as Extract<RulesState, { status: 'ready' }>;
}

afterAll(() => activate('en', ['common']));

describe('the booking rules on Book a Field, worded in the person’s language', () => {
  it('words a refusal in Spanish for a Spanish reader, and in the server’s English otherwise', async () => {
    await activate('es', ['common']);
    const { checkBooking } = await readyRules();
    expect(checkBooking(check('2027-03-09T23:00:00Z'))).toEqual({ ok: false, code: 'SLOT_PAST', message: 'Este horario de práctica ya empezó o ya pasó.' });
    const limited = checkBooking(check('2027-03-12T23:00:00Z', [new Date('2027-03-12T21:00:00Z')]));
    expect(limited).toMatchObject({ ok: false, code: 'DAY_LIMIT' });
    expect(limited.ok ? '' : limited.message).toMatch(/Halcones/);
    expect(limited.ok ? '' : limited.message).not.toMatch(/already has|practice/);

    await activate('en', ['common', 'errors']);
    expect(checkBooking(check('2027-03-09T23:00:00Z'))).toEqual({ ok: false, code: 'SLOT_PAST', message: 'This practice time has already started or passed.' });
    expect(checkBooking(check('2027-03-12T23:00:00Z'))).toEqual({ ok: true });
  });
});
