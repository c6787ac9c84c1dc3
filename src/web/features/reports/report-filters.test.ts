import { describe, expect, it } from 'vitest';
import { parseReportFilters, reportCsvHref, reportQueryString, withReportFilters } from './report-filters';

const SEASON = '5b0f1a8e-4c1e-4d8a-9a55-1c2d3e4f5a6b';
const FACILITY = '0c5e7a0e-2b7d-4f7e-9a1d-3d2c1b0a9f8e';

describe('report filters in the URL', () => {
  it('reads a season, or a range of days (which wins), and a facility; drops what the API would refuse', () => {
    expect(parseReportFilters(new URLSearchParams(`season=${SEASON}&facility=${FACILITY}`))).toEqual({
      seasonId: SEASON,
      from: '',
      to: '',
      facilityId: FACILITY,
    });
    expect(parseReportFilters(new URLSearchParams(`season=${SEASON}&from=2027-03-01&to=2027-03-31`))).toEqual({
      seasonId: '',
      from: '2027-03-01',
      to: '2027-03-31',
      facilityId: '',
    });
    expect(parseReportFilters(new URLSearchParams('season=nope&from=2027-03-31&to=2027-03-01&facility=x'))).toEqual({
      seasonId: '',
      from: '',
      to: '',
      facilityId: '',
    });
  });
  it('writes them back and builds the API and CSV links', () => {
    const params = withReportFilters(new URLSearchParams('keep=1&season=old'), { seasonId: '', from: '2027-03-01', to: '2027-03-31', facilityId: FACILITY });
    expect(params.toString()).toBe(`keep=1&from=2027-03-01&to=2027-03-31&facility=${FACILITY}`);
    expect(reportQueryString({ seasonId: SEASON, from: '', to: '', facilityId: '' })).toBe(`seasonId=${SEASON}`);
    expect(reportCsvHref({ seasonId: '', from: '2027-03-01', to: '2027-03-31', facilityId: '' }, 'weeks')).toBe(
      '/api/admin/reports/csv?table=weeks&from=2027-03-01&to=2027-03-31',
    );
  });
});
