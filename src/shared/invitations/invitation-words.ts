import type { Role } from '../constants';
import { teamLabel } from '../teams/teams.schemas';

/** "as a coach of Blue Jays (10U)", "as a league admin", "as a member of Robins": the email and /invite say it alike. */
export function invitedAs(role: Role, team: { name: string; division: string | null } | null): string {
  const of = team ? ` of ${teamLabel(team)}` : '';
  if (role === 'coach') return `as a coach${of}`;
  if (role === 'admin') return `as a league admin${of}`;
  return `as a member${of}`;
}
