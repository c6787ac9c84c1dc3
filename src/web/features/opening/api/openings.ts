import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DrawInput, DrawResult } from '../../../../shared/opening/draw';
import type { OpeningRound, OpeningRoundInput } from '../../../../shared/opening/opening.schemas';
import { api } from '../../../lib/api-client';
import { adminQueryKey, bookingsQueryKey, openingsQueryKey, slotsQueryKey } from '../../../lib/query-keys';

/*
 * The opening round's API (issue 26), one file for the feature's few calls: the active season's rounds (Book a
 * Field, the coach dashboard), a season's rounds and the admin's actions on them, and one round's public page.
 */

const path = (id: string, rest = '') => `/api/openings/${encodeURIComponent(id)}${rest}`;

/* ---------- The active season's rounds (everyone) ---------- */

// Book a Field reads them too, so they live in lib/api; the feature's own calls sit beside them under openingsQueryKey.
export { currentOpeningsQueryKey, currentOpeningsQueryOptions, getCurrentOpenings, useCurrentOpenings } from '../../../lib/api/get-current-openings';

/* ---------- A season's rounds (admins) ---------- */

export async function getSeasonOpenings(seasonId: string, signal?: AbortSignal): Promise<OpeningRound[]> {
  const { rounds } = await api<{ rounds: OpeningRound[] }>(`/api/openings?${new URLSearchParams({ seasonId }).toString()}`, { signal });
  return rounds;
}

/** Every round of a season, cancelled and drawn ones too (admins). */
export function useSeasonOpenings(seasonId: string | null) {
  return useQuery({
    queryKey: [...openingsQueryKey, 'season', seasonId] as const,
    queryFn: ({ signal }) => getSeasonOpenings(seasonId!, signal),
    enabled: seasonId !== null,
  });
}

/* ---------- The league's divisions (the round form's staged opening, issue 29) ---------- */

export interface LeagueDivision {
  id: string;
  name: string;
  position: number;
}

export async function getDivisions(signal?: AbortSignal): Promise<LeagueDivision[]> {
  const { divisions } = await api<{ divisions: LeagueDivision[] }>('/api/divisions', { signal });
  return divisions;
}

/** The league's divisions in its order (GET /api/divisions, public), for the times each may open its lists. */
export function useLeagueDivisions() {
  return useQuery({ queryKey: [...openingsQueryKey, 'divisions'] as const, queryFn: ({ signal }) => getDivisions(signal) });
}

/* ---------- One round, as its public page shows it (everyone) ---------- */

/** GET /api/openings/:id: after the draw, the result and the slots it names; teams by name only. */
export interface OpeningDetail {
  round: OpeningRound;
  teams: Array<{ id: string; name: string }>;
  result: DrawResult | null;
  slots: Array<{ id: string; label: string; startsAt: string }> | null;
}

export const openingQueryKey = (id: string) => [...openingsQueryKey, 'detail', id] as const;

export const getOpening = (id: string, signal?: AbortSignal) => api<OpeningDetail>(path(id), { signal });

/** The inputs the draw ran on, published after it (the same JSON as "Download the inputs"). */
export const getOpeningInputs = (id: string, signal?: AbortSignal) => api<DrawInput>(path(id, '/inputs'), { signal });

/** Where the browser downloads the inputs (an attachment named opening-<id>-inputs.json). */
export const openingInputsUrl = (id: string) => path(id, '/inputs');

export function useOpening(id: string) {
  return useQuery({
    queryKey: openingQueryKey(id),
    queryFn: ({ signal }) => getOpening(id, signal),
    // The worker draws at the draw time with nobody's browser open: a page left open on a closed round shows the
    // draw within half a minute of it.
    refetchInterval: (query) => (query.state.data?.round.status === 'closed' ? 30_000 : false),
  });
}

/* ---------- The admin's actions ---------- */

type RoundAnswer = { round: OpeningRound };

/** After anything that changes a round: every rounds list, and what the round decides on Book a Field. */
function useInvalidateAfter(extra: ReadonlyArray<readonly unknown[]> = []) {
  const queryClient = useQueryClient();
  return () => Promise.all([openingsQueryKey, ...extra].map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}

export function useCreateOpening() {
  const invalidate = useInvalidateAfter([slotsQueryKey]);
  return useMutation({
    mutationFn: (input: OpeningRoundInput) => api<RoundAnswer>('/api/openings', { method: 'POST', body: { ...input } }),
    onSuccess: invalidate,
  });
}

/** Edits a round while it is announced (times, dates, settings); the season stays. */
export function useEditOpening() {
  const invalidate = useInvalidateAfter([slotsQueryKey]);
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: Omit<OpeningRoundInput, 'seasonId'> }) =>
      api<RoundAnswer>(path(id), { method: 'PATCH', body: { ...input } }),
    onSuccess: invalidate,
  });
}

/** Cancels a round before its draw: every team's preferences are dropped and their coaches told. */
export function useCancelOpening() {
  const invalidate = useInvalidateAfter([slotsQueryKey]);
  return useMutation({ mutationFn: (id: string) => api<RoundAnswer>(path(id, '/cancel'), { method: 'POST', body: {} }), onSuccess: invalidate });
}

/** "Draw now", once the preference window has closed: books every pick in one go. */
export function useDrawOpening() {
  const invalidate = useInvalidateAfter([slotsQueryKey, bookingsQueryKey, adminQueryKey]);
  return useMutation({ mutationFn: (id: string) => api<RoundAnswer>(path(id, '/draw'), { method: 'POST', body: {} }), onSuccess: invalidate });
}

/** After the draw: the slots nobody got become bookable first come, first served. */
export function useOpenRest() {
  const invalidate = useInvalidateAfter([slotsQueryKey]);
  return useMutation({ mutationFn: (id: string) => api<RoundAnswer>(path(id, '/open-rest'), { method: 'POST', body: {} }), onSuccess: invalidate });
}
