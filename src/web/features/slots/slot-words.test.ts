import { act } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { activate, loadNamespace, translate, type Translate } from '../../lib/i18n';
import { generateSummary, skipReasonWords } from './slot-words';

const t: Translate<'slots'> = (key, values) => translate('slots', key, values);

beforeAll(() => loadNamespace('en', 'slots'));

describe('slot words', () => {
  it('names every skip reason in words', () => {
    expect(skipReasonWords(t, 'skipped-date')).toBe('skipped date');
    expect(skipReasonWords(t, 'dst-gap')).toBe('time does not exist (clocks spring forward)');
    expect(skipReasonWords(t, 'dst-repeat')).toBe('time happens twice (clocks fall back)');
    expect(skipReasonWords(t, 'dst-shift')).toBe('daylight-saving change inside the slot');
    expect(skipReasonWords(t, 'something-new')).toBe('something-new');
  });

  it('summarizes a generation run', () => {
    expect(generateSummary(t, { created: 1240, skippedOverlaps: 12 })).toBe('Created 1,240 slots; 12 overlapped existing slots and were skipped.');
    expect(generateSummary(t, { created: 1, skippedOverlaps: 0 })).toBe('Created 1 slot.');
    expect(generateSummary(t, { created: 0, skippedOverlaps: 1 })).toBe('Created 0 slots; 1 overlapped an existing slot and was skipped.');
  });
});

describe('slot words in Spanish', () => {
  afterEach(async () => {
    await act(() => activate('en', ['common', 'slots']));
  });

  it('summarizes a run and names a skip reason in Spanish', async () => {
    await act(() => activate('es', ['common', 'slots']));
    expect(generateSummary(t, { created: 1240, skippedOverlaps: 12 })).toBe('Se crearon 1240 horarios; 12 coincidían con horarios existentes y se omitieron.');
    expect(generateSummary(t, { created: 1, skippedOverlaps: 0 })).toBe('Se creó 1 horario.');
    expect(skipReasonWords(t, 'dst-gap')).toBe('la hora no existe (se adelantan los relojes)');
  });
});
