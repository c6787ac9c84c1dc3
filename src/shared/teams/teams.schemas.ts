import { z } from 'zod';

export const TEAM_NAME_MAX = 60;
export const DIVISION_MAX = 30;

export const teamNameSchema = z.string().trim().min(1, 'Enter the team name').max(TEAM_NAME_MAX, `Use at most ${TEAM_NAME_MAX} characters`);

/** A team's division (issue 29): one of the league's divisions, or none. */
const divisionIdSchema = z.string().uuid('Choose a division from the list').nullable();

/** POST /api/teams (admin). */
export const teamInputSchema = z.object({
  name: teamNameSchema,
  divisionId: divisionIdSchema.default(null),
});
export type TeamInput = z.output<typeof teamInputSchema>;

/** PATCH /api/teams/:id (admin): rename, change division, deactivate or reactivate. */
export const teamPatchSchema = z
  .object({
    name: teamNameSchema.optional(),
    divisionId: divisionIdSchema.optional(),
    active: z.boolean().optional(),
  })
  .refine((p) => p.name !== undefined || p.divisionId !== undefined || p.active !== undefined, 'Say what to change: name, division or active.');
export type TeamPatch = z.output<typeof teamPatchSchema>;

export const teamCoachSchema = z.object({
  id: z.string(),
  displayName: z.string(),
  email: z.string(),
  disabled: z.boolean(),
});
export type TeamCoach = z.infer<typeof teamCoachSchema>;

/** A team as the user manager shows it: its coaches and its bookings this season. */
export const adminTeamSchema = z.object({
  id: z.string(),
  name: z.string(),
  division: z.string().nullable(),
  divisionId: z.string().nullable(),
  active: z.boolean(),
  coaches: z.array(teamCoachSchema),
  /** Confirmed bookings in the active season (0 when there is none). */
  bookingsThisSeason: z.number().int(),
  /** Confirmed bookings still to come: while there are any, the team cannot be deactivated. */
  upcomingBookings: z.number().int(),
});
export type AdminTeam = z.infer<typeof adminTeamSchema>;

export const adminTeamsResponseSchema = z.object({
  teams: z.array(adminTeamSchema),
  /** The season "this season" counts are about. */
  season: z.object({ id: z.string(), name: z.string() }).nullable(),
});
export type AdminTeamsResponse = z.infer<typeof adminTeamsResponseSchema>;

export function teamLabel(team: { name: string; division: string | null }): string {
  return team.division ? `${team.name} (${team.division})` : team.name;
}
