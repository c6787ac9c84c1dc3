import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activate, loadNamespace, translate, type Translate } from '../../../lib/i18n';
import { cancelledDay, durationText, placeText, statusLabel } from './practice-request-words';

const t: Translate<'practice-requests'> = (key, values) => translate('practice-requests', key, values);
const cancelled = { status: 'approved', booking: { status: 'cancelled', cancelledAt: '2026-12-09T03:30:00.000Z' } };

describe('practice-request words', () => {
  beforeAll(() => loadNamespace('en', 'practice-requests'));

  it('says lengths, places and the cancelled day as before', () => {
    expect([45, 60, 90].map((m) => durationText(t, m))).toEqual(['45 min', '1 h', '1 h 30 min']);
    expect(placeText(t, { fieldName: 'Field 2', facilityName: 'Hilltop Park' })).toBe('Field 2 at Hilltop Park');
    expect(placeText(t, { fieldName: null, facilityName: 'Hilltop Park' })).toBe('Hilltop Park (any field)');
    expect(placeText(t, { fieldName: null, facilityName: null })).toBe('Any field');
    // 03:30 UTC on the 9th is the evening of the 8th in Chicago.
    expect(cancelledDay(cancelled, 'America/Chicago')).toBe('Tue Dec 8');
    expect(cancelledDay({ ...cancelled, status: 'declined' }, 'America/Chicago')).toBeNull();
  });

  describe('in Spanish', () => {
    beforeAll(() => activate('es', ['practice-requests']));
    afterAll(() => activate('en', ['practice-requests']));

    it('says them in Spanish, the day too', () => {
      expect(statusLabel(t, 'declined')).toBe('Rechazada');
      expect(placeText(t, { fieldName: 'Field 2', facilityName: 'Hilltop Park' })).toBe('Field 2 en Hilltop Park');
      expect(placeText(t, { fieldName: null, facilityName: null })).toBe('Cualquier campo');
      expect(cancelledDay(cancelled, 'America/Chicago')).toMatch(/^mar\b.*8.*dic/);
    });
  });
});
