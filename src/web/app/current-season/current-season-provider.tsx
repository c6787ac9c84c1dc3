import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useReducer, useRef, type ReactNode } from 'react';
import type { Season } from '../../../shared/seasons/seasons.schemas';
import { seasonsQueryOptions } from '../../lib/api/get-seasons';
import { seasonsQueryKey } from '../../lib/query-keys';
import { CurrentSeasonContext, type CurrentSeasonValue } from './current-season-context';
import { currentSeasonReducer, initialCurrentSeasonState, selectCurrentSeason } from './current-season-state';

const NO_SEASONS: Season[] = [];

export function CurrentSeasonProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  // Spec §8: a failed season load is swallowed silently; the list is then simply empty.
  const { data: seasons = NO_SEASONS, isPending } = useQuery(seasonsQueryOptions());
  const [state, dispatch] = useReducer(currentSeasonReducer, initialCurrentSeasonState);
  const latestRequest = useRef(0);

  const setSeason = useCallback(
    async (idOrName: string | null | undefined) => {
      const request = ++latestRequest.current;
      const value = idOrName?.trim() ?? '';
      if (value === '') {
        dispatch({ type: 'clear' });
        return;
      }
      let fresh: Season[];
      try {
        fresh = await queryClient.fetchQuery({ ...seasonsQueryOptions(), staleTime: 0 });
      } catch {
        fresh = queryClient.getQueryData<Season[]>(seasonsQueryKey) ?? NO_SEASONS;
      }
      // A later call wins over an earlier one whose refetch finished last.
      if (request !== latestRequest.current) return;
      dispatch({ type: 'set', seasons: fresh, value });
    },
    [queryClient],
  );

  const value = useMemo<CurrentSeasonValue>(
    () => ({ season: selectCurrentSeason(state, seasons), seasons, isLoading: isPending, setSeason }),
    [state, seasons, isPending, setSeason],
  );
  return <CurrentSeasonContext.Provider value={value}>{children}</CurrentSeasonContext.Provider>;
}
