import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { Registration, registrationInputSchema } from '../../../../shared/clinics/clinics.schemas';
import { api } from '../../../lib/api-client';
import { clinicsQueryKey } from './get-clinics';

export type RegistrationValues = z.output<typeof registrationInputSchema>;

export const registerForClinic = ({ clinicId, ...body }: RegistrationValues & { clinicId: string }) =>
  api<{ registration: Registration }>(`/api/clinics/${encodeURIComponent(clinicId)}/registrations`, { method: 'POST', body });

export function useRegister() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: registerForClinic, onSettled: () => queryClient.invalidateQueries({ queryKey: clinicsQueryKey }) });
}
