import { adminQueryKey } from '../../lib/query-keys';

/** This feature's queries sit under the admin key, so anything that invalidates every admin count reloads them too. */
export const peopleQueryKey = [...adminQueryKey, 'people'] as const;
export const adminTeamsQueryKey = [...adminQueryKey, 'teams'] as const;
export const invitationsQueryKey = [...adminQueryKey, 'invitations'] as const;
/** The league's divisions with their team counts and the fields limited to each (issue 29). */
export const adminDivisionsQueryKey = [...adminQueryKey, 'divisions'] as const;
