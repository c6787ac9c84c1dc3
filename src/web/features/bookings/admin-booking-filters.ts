import type { BOOKING_STATUSES } from '../../../shared/bookings/bookings.schemas';
import { isIsoDate } from '../../lib/dates';

/** The /admin-manage-bookings filters, as kept in the page's URL and sent to the API. */
export interface AdminBookingFilters {
  /** One booking, from a link (the audit log); no control on the page sets it. */
  bookingId: string;
  seasonId: string;
  teamId: string;
  fieldId: string;
  status: '' | (typeof BOOKING_STATUSES)[number];
  from: string;
  to: string;
  q: string;
}

/** URL parameter of each filter (short, readable links: ?season=…&status=cancelled&q=jays). */
export const FILTER_PARAMS: Record<keyof AdminBookingFilters, string> = {
  bookingId: 'booking',
  seasonId: 'season',
  teamId: 'team',
  fieldId: 'field',
  status: 'status',
  from: 'from',
  to: 'to',
  q: 'q',
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const id = (value: string | null) => (value && UUID.test(value) ? value : '');
const date = (value: string | null) => (isIsoDate(value) ? value : '');

/** Reads the filters from the URL; anything the API would refuse (a hand-edited link) is dropped. */
export function parseAdminBookingFilters(params: URLSearchParams): AdminBookingFilters {
  const status = params.get(FILTER_PARAMS.status);
  return {
    bookingId: id(params.get(FILTER_PARAMS.bookingId)),
    seasonId: id(params.get(FILTER_PARAMS.seasonId)),
    teamId: id(params.get(FILTER_PARAMS.teamId)),
    fieldId: id(params.get(FILTER_PARAMS.fieldId)),
    status: status === 'confirmed' || status === 'cancelled' ? status : '',
    from: date(params.get(FILTER_PARAMS.from)),
    to: date(params.get(FILTER_PARAMS.to)),
    q: (params.get(FILTER_PARAMS.q) ?? '').trim().slice(0, 100),
  };
}

/** The URL with these filters set (empty ones removed), keeping any other parameter. */
export function withAdminBookingFilters(params: URLSearchParams, changes: Partial<AdminBookingFilters>): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const [key, value] of Object.entries(changes) as Array<[keyof AdminBookingFilters, string | undefined]>) {
    if (value) next.set(FILTER_PARAMS[key], value);
    else next.delete(FILTER_PARAMS[key]);
  }
  return next;
}

/** The API's query string for the filters (the names of adminBookingQuerySchema); '' when none is set. */
export function adminBookingQueryString(filters: AdminBookingFilters): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(filters) as Array<[keyof AdminBookingFilters, string]>) {
    if (value) query.set(key, value);
  }
  const text = query.toString();
  return text ? `?${text}` : '';
}

export const hasAnyFilter = (filters: AdminBookingFilters) => Object.values(filters).some(Boolean);

/** The CSV export of exactly what the page lists. */
export const adminBookingsCsvHref = (filters: AdminBookingFilters) => `/api/admin/bookings.csv${adminBookingQueryString(filters)}`;
