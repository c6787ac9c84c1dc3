import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activate, loadNamespace, translate, type Translate } from '../../lib/i18n';
import { closureCounts, rainedOutMessage, reopenedMessage } from './rain-out-words';

const t: Translate<'rain-outs'> = (key, values) => translate('rain-outs', key, values);
const result = (back: number, kept: number) => ({ slotsReopened: back + kept, practicesRestored: back, practicesNotRestored: kept });

describe('rain-out words', () => {
  beforeAll(() => loadNamespace('en', 'rain-outs'));

  it('counts in English as before: one practice, 2 practices, 1 stays, 2 stay', () => {
    expect(rainedOutMessage(t, 'Riverside Park', { practicesCancelled: 3, creditsGranted: 1, teamsTold: 2 })).toBe(
      'Riverside Park closed: 3 practices cancelled, 1 make-up practice, 2 teams told.',
    );
    expect(rainedOutMessage(t, 'Riverside Park', { practicesCancelled: 0, creditsGranted: 0, teamsTold: 0 })).toBe(
      'Riverside Park closed: no practices were booked there, so no team was told.',
    );
    expect(reopenedMessage(t, 'Riverside Park', result(1, 0))).toBe('Reopened Riverside Park: 1 practice back.');
    expect(reopenedMessage(t, 'Riverside Park', result(2, 1))).toBe(
      'Reopened Riverside Park: 2 practices back, 1 stays cancelled (slot no longer free; the team keeps its make-up practice).',
    );
    expect(reopenedMessage(t, 'Riverside Park', result(0, 2))).toBe(
      'Reopened Riverside Park: 0 practices back, 2 stay cancelled (slots no longer free; the team keeps its make-up practice).',
    );
    expect(closureCounts(t, { practicesCancelled: 1, practicesRestored: 0, reopenedAt: '2027-05-04T20:00:00Z' })).toBe('1 practice cancelled · 0 restored');
  });

  describe('in Spanish', () => {
    beforeAll(() => activate('es', ['rain-outs']));
    afterAll(() => activate('en', ['rain-outs']));

    it('agrees the words with the counts', () => {
      expect(rainedOutMessage(t, 'Riverside Park', { practicesCancelled: 1, creditsGranted: 1, teamsTold: 1 })).toBe(
        'Riverside Park cerrado: 1 práctica cancelada, 1 práctica de reposición, 1 equipo avisado.',
      );
      expect(reopenedMessage(t, 'Riverside Park', result(2, 1))).toBe(
        'Se reabrió Riverside Park: vuelven 2 prácticas, 1 sigue cancelada (el horario ya no está libre; el equipo conserva su práctica de reposición).',
      );
      expect(closureCounts(t, { practicesCancelled: 3, practicesRestored: 1, reopenedAt: '2027-05-04T20:00:00Z' })).toBe(
        '3 prácticas canceladas · 1 recuperada',
      );
    });
  });
});
