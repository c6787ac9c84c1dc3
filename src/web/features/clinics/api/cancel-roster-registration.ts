import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Registration } from '../../../../shared/clinics/clinics.schemas';
import { api } from '../../../lib/api-client';
import { clinicsQueryKey } from './get-clinics';

/** An admin cancels one registration from a clinic's roster; the registrant is emailed, `promoted` names who took the freed place. */
export const cancelRosterRegistration = ({ clinicId, registrationId }: { clinicId: string; registrationId: string }) =>
  api<{ registration: Registration; promoted: string | null }>(
    `/api/clinics/${encodeURIComponent(clinicId)}/registrations/${encodeURIComponent(registrationId)}/cancel`,
    { method: 'POST' },
  );

export function useCancelRosterRegistration() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: cancelRosterRegistration, onSettled: () => queryClient.invalidateQueries({ queryKey: clinicsQueryKey }) });
}
