import { useQuery } from '@tanstack/react-query';
import type { Clinic, RosterEntry } from '../../../../shared/clinics/clinics.schemas';
import { api } from '../../../lib/api-client';
import { clinicsQueryKey } from './get-clinics';

export const getRoster = (id: string) => api<{ clinic: Clinic; entries: RosterEntry[] }>(`/api/clinics/${encodeURIComponent(id)}/roster`);

/** A clinic's roster for admins; loaded while `id` is set (the roster dialog is open). */
export const useRoster = (id: string | null) => useQuery({ queryKey: [...clinicsQueryKey, 'roster', id], queryFn: () => getRoster(id!), enabled: id !== null });

/** Where the browser downloads the roster as CSV. */
export const rosterCsvHref = (id: string) => `/api/clinics/${encodeURIComponent(id)}/roster.csv`;
