import { createContext, useContext } from 'react';
import type { CurrentSeason } from '../../../shared/seasons/current-season';
import type { Season } from '../../../shared/seasons/seasons.schemas';

export interface CurrentSeasonValue {
  /** The current season's id and name (id null with a name when the given season is unknown). */
  season: CurrentSeason;
  seasons: Season[];
  isLoading: boolean;
  /** Switch by id or name after refetching the list; an empty value clears the current season. */
  setSeason: (idOrName: string | null | undefined) => Promise<void>;
}

export const CurrentSeasonContext = createContext<CurrentSeasonValue | null>(null);

export function useCurrentSeason(): CurrentSeasonValue {
  const value = useContext(CurrentSeasonContext);
  if (!value) throw new Error('useCurrentSeason must be used inside <CurrentSeasonProvider>');
  return value;
}
