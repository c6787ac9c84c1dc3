import { ROLES, type Role } from '../../../shared/constants';
import { USER_PAGE_SIZE } from '../../../shared/users/user-manager.schemas';

/** The People tab's search and filters, as kept in the page's URL (shareable, back-button safe). */
export interface PeopleFilters {
  q: string;
  role: '' | Role;
  /** A team's id, 'none' (people without a team), or '' (everyone). */
  team: string;
  status: '' | 'active' | 'disabled';
}

export const NO_FILTERS: PeopleFilters = { q: '', role: '', team: '', status: '' };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Reads the filters from the URL; a value the API would refuse (a hand-edited link) is dropped. */
export function parsePeopleFilters(params: URLSearchParams): PeopleFilters {
  const role = params.get('role') ?? '';
  const team = params.get('team') ?? '';
  const status = params.get('status') ?? '';
  return {
    q: (params.get('q') ?? '').trim().slice(0, 100),
    role: (ROLES as readonly string[]).includes(role) ? (role as Role) : '',
    team: team === 'none' || UUID.test(team) ? team : '',
    status: status === 'active' || status === 'disabled' ? status : '',
  };
}

/** The URL with these filters set (empty ones removed), keeping every other parameter (the tab). */
export function withPeopleFilters(params: URLSearchParams, changes: Partial<PeopleFilters>): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const [key, value] of Object.entries(changes) as Array<[keyof PeopleFilters, string | undefined]>) {
    if (value) next.set(key, value);
    else next.delete(key);
  }
  return next;
}

export const hasPeopleFilters = (f: PeopleFilters) => Boolean(f.q || f.role || f.team || f.status);

/** GET /api/admin/users's query string for one page. */
export function peopleQueryString(f: PeopleFilters, cursor: string | null, limit = USER_PAGE_SIZE): string {
  const query = new URLSearchParams();
  if (f.q) query.set('q', f.q);
  if (f.role) query.set('role', f.role);
  if (f.team) query.set('teamId', f.team);
  if (f.status) query.set('status', f.status);
  if (cursor) query.set('cursor', cursor);
  query.set('limit', String(limit));
  return query.toString();
}
