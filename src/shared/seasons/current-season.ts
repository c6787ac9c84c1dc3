/**
 * Spec §4 "Current season", as pure functions the web app's season state is built on.
 * - At start, the active season becomes the current season (id and name).
 * - Setting a season by id or by name switches to it.
 * - If the given season is unknown after a refetch, the id becomes null and the name is kept as given.
 * - An empty value clears both id and name.
 */
export interface SeasonRef {
  id: string;
  name: string;
  active: boolean;
}

export interface CurrentSeason {
  id: string | null;
  name: string | null;
}

export const NO_SEASON: CurrentSeason = { id: null, name: null };

export function defaultCurrentSeason(seasons: readonly SeasonRef[]): CurrentSeason {
  const active = seasons.find((s) => s.active);
  return active ? { id: active.id, name: active.name } : NO_SEASON;
}

/** Resolves `value` (a season id or name) against the freshly fetched `seasons`. */
export function resolveCurrentSeason(seasons: readonly SeasonRef[], value: string | null | undefined): CurrentSeason {
  const given = value?.trim() ?? '';
  if (given === '') return NO_SEASON;
  const match = seasons.find((s) => s.id === given) ?? seasons.find((s) => s.name === given);
  return match ? { id: match.id, name: match.name } : { id: null, name: given };
}
