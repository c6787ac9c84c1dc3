import { describe, expect, it } from 'vitest';
import { defaultCurrentSeason, NO_SEASON, resolveCurrentSeason } from './current-season';

const seasons = [
  { id: 's1', name: 'Fall 2026', active: false },
  { id: 's2', name: 'Spring 2027', active: true },
];

describe('current season (spec §4)', () => {
  it('starts on the active season', () => {
    expect(defaultCurrentSeason(seasons)).toEqual({ id: 's2', name: 'Spring 2027' });
    expect(defaultCurrentSeason([{ id: 'x', name: 'X', active: false }])).toEqual(NO_SEASON);
    expect(defaultCurrentSeason([])).toEqual(NO_SEASON);
  });

  it('switches by id or by name', () => {
    expect(resolveCurrentSeason(seasons, 's1')).toEqual({ id: 's1', name: 'Fall 2026' });
    expect(resolveCurrentSeason(seasons, 'Fall 2026')).toEqual({ id: 's1', name: 'Fall 2026' });
  });

  it('an unknown season after the refetch gives id null and keeps the name as given', () => {
    expect(resolveCurrentSeason(seasons, 'Winter 2030')).toEqual({ id: null, name: 'Winter 2030' });
  });

  it('an empty value clears both id and name', () => {
    expect(resolveCurrentSeason(seasons, '')).toEqual({ id: null, name: null });
    expect(resolveCurrentSeason(seasons, '   ')).toEqual({ id: null, name: null });
    expect(resolveCurrentSeason(seasons, null)).toEqual({ id: null, name: null });
    expect(resolveCurrentSeason(seasons, undefined)).toEqual({ id: null, name: null });
  });
});
