import type { ServerContext } from '../../context';
import { todayAndRestOfWeek } from '../../../shared/time/zoned';
import { countNewContactMessages } from '../contact/contact.service';
import { countPendingPracticeRequests } from '../practice-requests/practice-requests.service';
import { findActiveSeason } from '../seasons/seasons.service';
import { countTeams } from '../teams/teams.service';
import * as repo from './admin.repository';

/** The counts on the admin landing tiles; today and this week are the league's, not the server's. */
export async function overview({ db, league }: ServerContext, now = new Date()) {
  const { today, restOfWeek } = todayAndRestOfWeek(now, await league.timeZone());
  const [users, seasons, activeSeason, teams, bookingsToday, openSlotsThisWeek, pendingRequests, newContactMessages, fieldsBlockedToday] = await Promise.all([
    repo.countUsers(db),
    repo.countSeasons(db),
    findActiveSeason(db),
    countTeams(db),
    repo.countConfirmedBookings(db, today),
    repo.countOpenSlots(db, restOfWeek),
    countPendingPracticeRequests(db),
    countNewContactMessages(db),
    repo.countFieldsBlocked(db, today),
  ]);
  return {
    users,
    teams,
    seasons,
    activeSeason: activeSeason?.name ?? null,
    bookingsToday,
    openSlotsThisWeek,
    pendingRequests,
    newContactMessages,
    fieldsBlockedToday,
  };
}
