import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { Facility, facilityInputSchema } from '../../../../shared/facilities/facilities.schemas';
import { api } from '../../../lib/api-client';
import { adminQueryKey, facilitiesQueryKey, slotsQueryKey } from '../../../lib/query-keys';

export type FacilityValues = z.output<typeof facilityInputSchema>;

export async function createFacility(input: FacilityValues): Promise<Facility> {
  const { facility } = await api<{ facility: Facility }>('/api/facilities', { method: 'POST', body: { ...input } });
  return facility;
}

export async function updateFacility(id: string, input: FacilityValues): Promise<Facility> {
  const { facility } = await api<{ facility: Facility }>(`/api/facilities/${encodeURIComponent(id)}`, { method: 'PUT', body: { ...input } });
  return facility;
}

/** The full facility as an edit body, with `active` changed: deactivating never deletes. */
export const facilityWithActive = (facility: Facility, active: boolean): FacilityValues => ({
  name: facility.name,
  address: facility.address,
  mapUrl: facility.mapUrl,
  notes: facility.notes,
  active,
});

/** Creates a facility, or edits one (including (de)activating it) when `id` is given. */
export function useSaveFacility() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string | null; input: FacilityValues }) => (id ? updateFacility(id, input) : createFacility(input)),
    // Slot lists show facility names, so they refresh too.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: facilitiesQueryKey }),
        queryClient.invalidateQueries({ queryKey: slotsQueryKey }),
        queryClient.invalidateQueries({ queryKey: adminQueryKey }),
      ]),
  });
}
