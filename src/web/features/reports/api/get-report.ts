import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Report } from '../../../../shared/reports/reports.schemas';
import { api } from '../../../lib/api-client';
import { isReportReady, reportQueryString, type ReportFilters } from '../report-filters';

export const reportQueryKey = ['admin', 'reports'] as const;

export const getReport = (filters: ReportFilters) => api<Report>(`/api/admin/reports?${reportQueryString(filters)}`);

/** The report for the filters (a season or a range of days); waits until they name one. */
export function useReport(filters: ReportFilters) {
  return useQuery({
    queryKey: [...reportQueryKey, filters] as const,
    queryFn: () => getReport(filters),
    enabled: isReportReady(filters),
    // The last report stays on screen while a changed filter loads, so the page does not jump.
    placeholderData: keepPreviousData,
  });
}
