import { act } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { activate, loadNamespace, translate, type Translate } from '../../lib/i18n';
import { cancelledMessage, placesText, registeredMessage, rosterSummary, statusText, windowText } from './clinic-words';

const TZ = 'America/Chicago';
const t: Translate<'clinics'> = (key, values) => translate('clinics', key, values);

beforeAll(() => loadNamespace('en', 'clinics'));

describe('clinic words', () => {
  it('says the places left, or that the clinic is full with the waitlist length', () => {
    expect(placesText(t, { capacity: 12, registeredCount: 5, waitlistCount: 0 })).toBe('7 of 12 places left');
    expect(placesText(t, { capacity: 1, registeredCount: 0, waitlistCount: 0 })).toBe('1 of 1 place left');
    expect(placesText(t, { capacity: 12, registeredCount: 12, waitlistCount: 3 })).toBe('Full — join the waitlist (3 waiting)');
    expect(rosterSummary(t, { capacity: 12, registeredCount: 12, waitlistCount: 3 })).toBe('12 of 12 places taken · 3 waiting');
  });
  it('says when registration opens or closes, in the league zone', () => {
    const clinic = { startsAt: '2027-04-10T14:00:00Z', registrationClosesAt: null };
    expect(windowText(t, { state: 'open' }, clinic, TZ)).toBe('Registration open until Sat Apr 10, 9:00 am');
    expect(windowText(t, { state: 'not-yet', opensAt: '2027-03-01T12:00:00Z' }, clinic, TZ)).toBe('Registration opens Mon Mar 1, 6:00 am');
    expect(windowText(t, { state: 'closed', reason: 'window-closed' }, clinic, TZ)).toBe('Registration closed');
  });
  it('words the toasts and statuses', () => {
    expect(registeredMessage(t, { participantName: 'Ava', status: 'registered', waitlistPosition: null })).toBe('Ava is registered');
    expect(registeredMessage(t, { participantName: 'Ava', status: 'waitlisted', waitlistPosition: 2 })).toBe('Ava is on the waitlist, number 2');
    expect(cancelledMessage(t, 'Ava', 'Ben')).toBe("Ava's registration is cancelled. Ben got the place.");
    expect(statusText(t, { status: 'waitlisted', waitlistPosition: 3 })).toBe('Waitlist, number 3');
  });
});

describe('clinic words in Spanish', () => {
  afterEach(async () => {
    await act(() => activate('en', ['common', 'clinics']));
  });

  it('counts places and words the window in Spanish', async () => {
    await act(() => activate('es', ['common', 'clinics']));
    expect(placesText(t, { capacity: 12, registeredCount: 5, waitlistCount: 0 })).toBe('Quedan 7 de 12 lugares');
    expect(placesText(t, { capacity: 1, registeredCount: 0, waitlistCount: 0 })).toBe('Queda 1 de 1 lugar');
    expect(rosterSummary(t, { capacity: 12, registeredCount: 12, waitlistCount: 3 })).toBe('12 de 12 lugares ocupados · 3 en espera');
    expect(windowText(t, { state: 'not-yet', opensAt: '2027-03-01T12:00:00Z' }, { startsAt: '2027-04-10T14:00:00Z', registrationClosesAt: null }, TZ)).toBe(
      'La inscripción abre el lun 1 mar, 6:00 a.m.',
    );
  });
});
