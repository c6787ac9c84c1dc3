// The clinics list is shared with the public calendar, so it lives in lib/api; the clinics feature's queries sit under its key.
export { clinicsQueryKey } from '../../../lib/query-keys';
export { clinicsQueryOptions, getClinics, useClinics } from '../../../lib/api/get-clinics';
