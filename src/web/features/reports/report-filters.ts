import type { ReportTable } from '../../../shared/reports/reports.schemas';
import { isIsoDate } from '../../lib/dates';

/**
 * The /admin-reports filters as kept in the URL (shareable; Back restores them): a season, or a range of league
 * days, and optionally one facility. `?season=<id>` or `?from=2027-03-01&to=2027-05-31`, plus `&facility=<id>`.
 */
export interface ReportFilters {
  seasonId: string;
  from: string;
  to: string;
  facilityId: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const PARAM: Record<keyof ReportFilters, string> = { seasonId: 'season', from: 'from', to: 'to', facilityId: 'facility' };

/** Reads the filters from the URL; a value the API would refuse (a hand-edited link) is dropped. Dates win over a season. */
export function parseReportFilters(params: URLSearchParams): ReportFilters {
  const from = params.get(PARAM.from);
  const to = params.get(PARAM.to);
  const season = params.get(PARAM.seasonId) ?? '';
  const facility = params.get(PARAM.facilityId) ?? '';
  const range = isIsoDate(from) && isIsoDate(to) && from <= to;
  return {
    seasonId: !range && UUID.test(season) ? season : '',
    from: range ? from : '',
    to: range ? to : '',
    facilityId: UUID.test(facility) ? facility : '',
  };
}

/** The URL with these filters (empty ones removed), keeping any other parameter. */
export function withReportFilters(params: URLSearchParams, changes: Partial<ReportFilters>): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const [key, value] of Object.entries(changes) as Array<[keyof ReportFilters, string | undefined]>) {
    if (value) next.set(PARAM[key], value);
    else next.delete(PARAM[key]);
  }
  return next;
}

/** Whether the filters name what a report needs: a season, or both dates. */
export const isReportReady = (f: ReportFilters) => Boolean(f.seasonId || (f.from && f.to));

/** The API's query string (reportQuerySchema's names). */
export function reportQueryString(f: ReportFilters): string {
  const query = new URLSearchParams();
  if (f.seasonId) query.set('seasonId', f.seasonId);
  else {
    query.set('from', f.from);
    query.set('to', f.to);
  }
  if (f.facilityId) query.set('facilityId', f.facilityId);
  return query.toString();
}

/** One table of the report as CSV (made by the server, spreadsheet-safe). */
export const reportCsvHref = (f: ReportFilters, table: ReportTable) => `/api/admin/reports/csv?table=${table}&${reportQueryString(f)}`;
