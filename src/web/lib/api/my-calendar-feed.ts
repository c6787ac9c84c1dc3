import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TeamFeed } from '../../../shared/calendar/calendar.schemas';
import { api } from '../api-client';
import { myCalendarFeedQueryKey } from '../query-keys';

/** The subscribe link of the team the caller coaches (made on first demand by the server). */
export async function getMyCalendarFeed(): Promise<TeamFeed> {
  const { feed } = await api<{ feed: TeamFeed }>('/api/me/calendar-feed');
  return feed;
}

export const myCalendarFeedQueryOptions = () => queryOptions({ queryKey: myCalendarFeedQueryKey, queryFn: getMyCalendarFeed, staleTime: 5 * 60_000, retry: false });

/** Only for a coach (or an admin) with a team: anyone else has no team link to ask for. */
export const useMyCalendarFeed = (enabled: boolean) => useQuery({ ...myCalendarFeedQueryOptions(), enabled });

/** A new link for the team; the old one stops working at once. */
export function useRegenerateMyCalendarFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => (await api<{ feed: TeamFeed }>('/api/me/calendar-feed/regenerate', { method: 'POST' })).feed,
    onSuccess: (feed) => queryClient.setQueryData(myCalendarFeedQueryKey, feed),
  });
}
