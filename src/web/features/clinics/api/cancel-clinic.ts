import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Clinic } from '../../../../shared/clinics/clinics.schemas';
import { api } from '../../../lib/api-client';
import { clinicsQueryKey } from './get-clinics';

export const cancelClinic = ({ id, reason }: { id: string; reason: string }) =>
  api<{ clinic: Clinic; registrationsCancelled: number }>(`/api/clinics/${encodeURIComponent(id)}/cancel`, { method: 'POST', body: { reason } });

export function useCancelClinic() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: cancelClinic, onSuccess: () => queryClient.invalidateQueries({ queryKey: clinicsQueryKey }) });
}
