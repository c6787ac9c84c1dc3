import type { Database } from '../../db/client';
import * as repo from './teams.repository';

// Plain reads and the one insert other modules need (users, invitations, the admin overview). What the user
// manager does with teams (create, edit, deactivate, the list with coaches and bookings) is teams-admin.service.
export type { TeamRow } from './teams.repository';
export const listActiveTeams = (db: Database) => repo.listActiveTeams(db);
export const listAllTeams = (db: Database) => repo.listAllTeams(db);
/** The team, when it exists and is active (a person can be put only on an active team). */
export const findActiveTeam = (db: Database, id: string) => repo.findActiveTeam(db, id);
export const findTeam = (db: Database, id: string) => repo.findTeam(db, id);
export const findTeams = (db: Database, ids: string[]) => repo.findTeams(db, ids);
export const countTeams = (db: Database) => repo.countTeams(db);
/** Locks the team's row for the rest of the caller's transaction (bookings take the same lock, so they queue). */
export const lockTeam = (tx: Database, id: string) => repo.lockTeam(tx, id);
