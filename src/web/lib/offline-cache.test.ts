import { describe, expect, it } from 'vitest';
import { isSavedRead } from './offline-cache';

const ORIGIN = 'https://practice.example.org';
const read = (path: string, method = 'GET', origin = ORIGIN) => isSavedRead(method, new URL(path, origin), ORIGIN);

describe('isSavedRead: what the offline worker keeps a copy of (decision 037)', () => {
  it('keeps the reads behind the coach dashboard, My Reservations, Book a Field and the calendar', () => {
    for (const path of [
      '/api/bookings/mine',
      '/api/bookings/context',
      '/api/bookings/context?seasonId=s1',
      '/api/practice-requests/mine',
      '/api/waits/mine',
      '/api/swaps/mine',
      '/api/rain-outs/mine',
      '/api/me/calendar-feed',
      '/api/openings/current',
      '/api/slots?from=2027-03-01&to=2027-03-07&seasonId=s1',
      '/api/seasons',
      '/api/seasons/s1/booking-rules',
      '/api/league',
      '/api/facilities?includeInactive=true',
      '/api/teams',
      '/api/clinics',
      '/api/field-status',
      '/api/announcements',
    ]) {
      expect(read(path), path).toBe(true);
    }
  });

  it('never keeps a write, sign-in, the person, the live stream, a live patch, the admin area or another origin', () => {
    expect(read('/api/bookings', 'POST')).toBe(false);
    expect(read('/api/bookings/mine', 'DELETE')).toBe(false);
    expect(read('/api/league', 'PUT')).toBe(false);
    for (const path of ['/api/me', '/api/me/claims', '/api/auth/get-session', '/api/events', '/api/slots/by-id?ids=a,b', '/api/admin/bookings', '/api/admin/overview', '/api/bookings/b1/ics', '/api/diag', '/slots', '/']) {
      expect(read(path), path).toBe(false);
    }
    expect(read('/api/bookings/mine', 'GET', 'https://elsewhere.example.org')).toBe(false);
  });
});
