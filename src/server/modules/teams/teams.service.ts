import type { Database } from '../../db/client';
import * as repo from './teams.repository';

export const listActiveTeams = (db: Database) => repo.listActiveTeams(db);
export const findActiveTeam = (db: Database, id: string) => repo.findActiveTeam(db, id);
export const countTeams = (db: Database) => repo.countTeams(db);
