import { describe, expect, it } from 'vitest';
import { currentSeasonReducer, initialCurrentSeasonState, selectCurrentSeason } from './current-season-state';

const spring = { id: 's1', name: 'Spring 2027', active: true };
const fall = { id: 's2', name: 'Fall 2027', active: false };
const seasons = [spring, fall];

describe('current season state (spec §4)', () => {
  it('starts on the active season', () => {
    expect(selectCurrentSeason(initialCurrentSeasonState, seasons)).toEqual({ id: 's1', name: 'Spring 2027' });
  });

  it('has no current season when none is active', () => {
    expect(selectCurrentSeason(initialCurrentSeasonState, [fall])).toEqual({ id: null, name: null });
  });

  it('follows a newly activated season until someone chooses', () => {
    const activatedFall = [{ ...spring, active: false }, { ...fall, active: true }];
    expect(selectCurrentSeason(initialCurrentSeasonState, activatedFall)).toEqual({ id: 's2', name: 'Fall 2027' });
  });

  it('switches by id and by name', () => {
    const byId = currentSeasonReducer(initialCurrentSeasonState, { type: 'set', seasons, value: 's2' });
    expect(selectCurrentSeason(byId, seasons)).toEqual({ id: 's2', name: 'Fall 2027' });
    const byName = currentSeasonReducer(initialCurrentSeasonState, { type: 'set', seasons, value: 'Fall 2027' });
    expect(selectCurrentSeason(byName, seasons)).toEqual({ id: 's2', name: 'Fall 2027' });
  });

  it('keeps the given name with a null id for an unknown season', () => {
    const state = currentSeasonReducer(initialCurrentSeasonState, { type: 'set', seasons, value: 'Winter 2030' });
    expect(selectCurrentSeason(state, seasons)).toEqual({ id: null, name: 'Winter 2030' });
  });

  it('clears both id and name, and does not fall back to the active season', () => {
    const chosen = currentSeasonReducer(initialCurrentSeasonState, { type: 'set', seasons, value: 's2' });
    const cleared = currentSeasonReducer(chosen, { type: 'clear' });
    expect(selectCurrentSeason(cleared, seasons)).toEqual({ id: null, name: null });
  });
});
