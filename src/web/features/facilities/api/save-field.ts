import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { Field, fieldInputSchema } from '../../../../shared/facilities/facilities.schemas';
import { api } from '../../../lib/api-client';
import { adminQueryKey, facilitiesQueryKey, slotsQueryKey } from '../../../lib/query-keys';

export type FieldValues = z.output<typeof fieldInputSchema>;

export async function createField(input: FieldValues): Promise<Field> {
  const { field } = await api<{ field: Field }>('/api/fields', { method: 'POST', body: { ...input } });
  return field;
}

export async function updateField(id: string, input: FieldValues): Promise<Field> {
  const { field } = await api<{ field: Field }>(`/api/fields/${encodeURIComponent(id)}`, { method: 'PUT', body: { ...input } });
  return field;
}

export const fieldWithActive = (field: Field, active: boolean): FieldValues => ({
  facilityId: field.facilityId,
  name: field.name,
  surface: field.surface,
  lights: field.lights,
  color: field.color,
  active,
});

/** Creates a field, or edits one (including (de)activating it) when `id` is given. */
export function useSaveField() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string | null; input: FieldValues }) => (id ? updateField(id, input) : createField(input)),
    // Slot lists show field names and colours, so they refresh too.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: facilitiesQueryKey }),
        queryClient.invalidateQueries({ queryKey: slotsQueryKey }),
        queryClient.invalidateQueries({ queryKey: adminQueryKey }),
      ]),
  });
}
