import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../api-client';
import { openingsQueryKey } from '../query-keys';

/** A team's ranked list for one round as the server holds it (GET /api/openings/:id/preferences). */
export interface OpeningPreferences {
  /** Slot ids, rank 1 first. */
  slotIds: string[];
  maxPreferences: number;
  /** When the list was last saved; null when the team has not saved one. */
  savedAt: string | null;
}

/** `userId` is only in the key: the answer is the caller's team's, so another sign-in reads it again. */
export const openingPreferencesQueryKey = (roundId: string, userId: string | null) => [...openingsQueryKey, roundId, 'preferences', { userId }] as const;

export function getOpeningPreferences(roundId: string): Promise<OpeningPreferences> {
  return api<OpeningPreferences>(`/api/openings/${encodeURIComponent(roundId)}/preferences`);
}

export const openingPreferencesQueryOptions = (roundId: string, userId: string | null) =>
  queryOptions({ queryKey: openingPreferencesQueryKey(roundId, userId), queryFn: () => getOpeningPreferences(roundId) });

/**
 * The caller's team's preferences in a round: Book a Field (the ranked list and each slot's rank) and the coach
 * dashboard ("submitted, 3 of 10") read them. Only for a coach of a team: anyone else is refused by the server.
 */
export const useOpeningPreferences = (roundId: string | null, userId: string | null, { enabled = true }: { enabled?: boolean } = {}) =>
  useQuery({ ...openingPreferencesQueryOptions(roundId ?? '', userId), enabled: enabled && Boolean(roundId) });
