import { describe, expect, it } from 'vitest';
import { cancelledMessage, placesText, registeredMessage, rosterSummary, statusText, windowText } from './clinic-words';

const TZ = 'America/Chicago';

describe('clinic words', () => {
  it('says the places left, or that the clinic is full with the waitlist length', () => {
    expect(placesText({ capacity: 12, registeredCount: 5, waitlistCount: 0 })).toBe('7 of 12 places left');
    expect(placesText({ capacity: 1, registeredCount: 0, waitlistCount: 0 })).toBe('1 of 1 place left');
    expect(placesText({ capacity: 12, registeredCount: 12, waitlistCount: 3 })).toBe('Full — join the waitlist (3 waiting)');
    expect(rosterSummary({ capacity: 12, registeredCount: 12, waitlistCount: 3 })).toBe('12 of 12 places taken · 3 waiting');
  });
  it('says when registration opens or closes, in the league zone', () => {
    const clinic = { startsAt: '2027-04-10T14:00:00Z', registrationClosesAt: null };
    expect(windowText({ state: 'open' }, clinic, TZ)).toBe('Registration open until Sat Apr 10, 9:00 am');
    expect(windowText({ state: 'not-yet', opensAt: '2027-03-01T12:00:00Z' }, clinic, TZ)).toBe('Registration opens Mon Mar 1, 6:00 am');
    expect(windowText({ state: 'closed', reason: 'window-closed' }, clinic, TZ)).toBe('Registration closed');
  });
  it('words the toasts and statuses', () => {
    expect(registeredMessage({ participantName: 'Ava', status: 'registered', waitlistPosition: null })).toBe('Ava is registered');
    expect(registeredMessage({ participantName: 'Ava', status: 'waitlisted', waitlistPosition: 2 })).toBe('Ava is on the waitlist, number 2');
    expect(cancelledMessage('Ava', 'Ben')).toBe("Ava's registration is cancelled. Ben got the place.");
    expect(statusText({ status: 'waitlisted', waitlistPosition: 3 })).toBe('Waitlist, number 3');
  });
});
