import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Registration } from '../../../../shared/clinics/clinics.schemas';
import { api } from '../../../lib/api-client';
import { clinicsQueryKey } from './get-clinics';

/** Cancels a registration (the owner's, or any for an admin); `promoted` names who took the freed place. */
export const cancelRegistration = (id: string) =>
  api<{ registration: Registration; promoted: string | null }>(`/api/clinics/registrations/${encodeURIComponent(id)}/cancel`, { method: 'POST' });

export function useCancelRegistration() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: cancelRegistration, onSettled: () => queryClient.invalidateQueries({ queryKey: clinicsQueryKey }) });
}
