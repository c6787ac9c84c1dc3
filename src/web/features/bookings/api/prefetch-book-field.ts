import type { QueryClient } from '@tanstack/react-query';
import { DEFAULT_LEAGUE_TIMEZONE } from '../../../../shared/constants';
import type { LeagueSettings } from '../../../../shared/league/league.schemas';
import type { Season } from '../../../../shared/seasons/seasons.schemas';
import { currentOpeningsQueryOptions } from '../../../lib/api/get-current-openings';
import { facilitiesQueryOptions } from '../../../lib/api/get-facilities';
import { slotsQueryOptions } from '../../../lib/api/get-slots';
import { todayInZone } from '../../../lib/dates';
import { leagueQueryKey, seasonsQueryKey } from '../../../lib/query-keys';
import { weekOf } from '../../../lib/slot-week';
import { bookWeekStart, pickSeason } from '../book-filters';
import { loadBookingRules } from '../lazy-booking-rules';
import { bookingContextQueryOptions } from '../../../lib/api/get-booking-context';

export interface BookFieldVisitor {
  /** The season the app has as current (app/current-season), null for the default. */
  currentSeasonId: string | null;
  /** The signed-in person, null for a visitor. */
  userId: string | null;
  /** Whether they are on a team, so may need the booking rules. */
  onTeam: boolean;
}

/**
 * Starts loading what Book a Field (/slots, no filters) shows first, the moment someone is about to open it (the
 * pointer on its link, focus, a press): the same queries, keys and week the page asks for
 * (book-field-page.tsx), so the page finds them in the cache or in flight. Needs the seasons the shell has
 * already loaded; without them it does nothing and the page loads as usual.
 */
export function prefetchBookField(queryClient: QueryClient, { currentSeasonId, userId, onTeam }: BookFieldVisitor): void {
  const seasons = queryClient.getQueryData<Season[]>(seasonsQueryKey);
  if (!seasons?.length) return;
  const season = pickSeason(seasons, '', currentSeasonId);
  if (!season) return;
  const timeZone = queryClient.getQueryData<LeagueSettings>(leagueQueryKey)?.timeZone ?? DEFAULT_LEAGUE_TIMEZONE;
  const week = weekOf(bookWeekStart('', todayInZone(timeZone), season));
  void queryClient.prefetchQuery(facilitiesQueryOptions());
  void queryClient.prefetchQuery(bookingContextQueryOptions(season.id, userId));
  void queryClient.prefetchQuery(slotsQueryOptions({ from: week.from, to: week.to, seasonId: season.id }));
  // Whether an opening round holds slots back decides how they are drawn: the page waits for it with the week.
  void queryClient.prefetchQuery(currentOpeningsQueryOptions());
  if (onTeam) loadBookingRules();
}
