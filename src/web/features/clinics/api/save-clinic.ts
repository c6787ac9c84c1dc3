import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Clinic, ClinicInput } from '../../../../shared/clinics/clinics.schemas';
import { api } from '../../../lib/api-client';
import { clinicsQueryKey } from './get-clinics';

/** Creates a clinic (no id) or replaces one (with its id); an edit says how many moved up from the waitlist. */
export async function saveClinic({ id, input }: { id: string | null; input: ClinicInput }): Promise<{ clinic: Clinic; promoted: number }> {
  if (!id) return { ...(await api<{ clinic: Clinic }>('/api/clinics', { method: 'POST', body: { ...input } })), promoted: 0 };
  return api<{ clinic: Clinic; promoted: number }>(`/api/clinics/${encodeURIComponent(id)}`, { method: 'PUT', body: { ...input } });
}

export function useSaveClinic() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: saveClinic, onSuccess: () => queryClient.invalidateQueries({ queryKey: clinicsQueryKey }) });
}
