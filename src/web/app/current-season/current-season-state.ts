import {
  defaultCurrentSeason,
  NO_SEASON,
  resolveCurrentSeason,
  type CurrentSeason,
  type SeasonRef,
} from '../../../shared/seasons/current-season';

/**
 * Spec §4 "Current season". Until someone chooses, the current season is derived from the list (the
 * active one), so it follows an admin activating another season; once chosen, the choice stands.
 */
export interface CurrentSeasonState {
  choice: CurrentSeason | null;
}

export type CurrentSeasonAction =
  /** Resolve `value` (id or name) against a freshly fetched list. */
  | { type: 'set'; seasons: readonly SeasonRef[]; value: string }
  /** An empty value: no current season at all. */
  | { type: 'clear' };

export const initialCurrentSeasonState: CurrentSeasonState = { choice: null };

export function currentSeasonReducer(state: CurrentSeasonState, action: CurrentSeasonAction): CurrentSeasonState {
  switch (action.type) {
    case 'set':
      return { choice: resolveCurrentSeason(action.seasons, action.value) };
    case 'clear':
      return { choice: NO_SEASON };
    default:
      return state;
  }
}

export function selectCurrentSeason(state: CurrentSeasonState, seasons: readonly SeasonRef[]): CurrentSeason {
  return state.choice ?? defaultCurrentSeason(seasons);
}
