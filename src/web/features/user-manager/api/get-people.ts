import { keepPreviousData, useInfiniteQuery, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import type { AdminUser, UserPage } from '../../../../shared/users/user-manager.schemas';
import { api } from '../../../lib/api-client';
import { peopleQueryString, type PeopleFilters } from '../people-filters';
import { peopleQueryKey } from '../user-manager-keys';

export const getPeoplePage = (filters: PeopleFilters, cursor: string | null) => api<UserPage>(`/api/admin/users?${peopleQueryString(filters, cursor)}`);

/** People matching the filters, one page at a time ("Load more" fetches the next by its cursor). */
export function usePeople(filters: PeopleFilters) {
  return useInfiniteQuery({
    queryKey: [...peopleQueryKey, filters] as const,
    queryFn: ({ pageParam }) => getPeoplePage(filters, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    // The last results stay while a changed filter loads, so the list does not jump.
    placeholderData: keepPreviousData,
  });
}

/** Puts a changed person into every cached page, where they are, without reloading the pages. */
export function replacePerson(queryClient: QueryClient, person: AdminUser): void {
  queryClient.setQueriesData<InfiniteData<UserPage, string | null>>({ queryKey: peopleQueryKey }, (data) =>
    data ? { ...data, pages: data.pages.map((page) => ({ ...page, users: page.users.map((u) => (u.id === person.id ? person : u)) })) } : data,
  );
}
