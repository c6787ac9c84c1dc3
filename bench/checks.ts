/**
 * After the rush, with the server stopped: were the league's rules kept? Read straight from the database.
 * - no slot holds two confirmed bookings;
 * - no team has more confirmed practices on one local day than the rush's daily limit (every booking of the run
 *   was made one a day per team, so this holds for all of them);
 * - no team has more in a week of the rush than the weekly limit (the weeks before the rush were booked under
 *   roomier rules and are not counted);
 * - no team holds more upcoming practices than the upcoming limit.
 */
import { sql } from 'drizzle-orm';
import { rowsOf, type Database } from '../src/server/db/client';
import type { BookingRules } from '../src/shared/bookings/booking-rules';

export interface RulesCheck {
  confirmed: number;
  confirmedInRushWeek: number;
  doubleBookedSlots: number;
  teamsOverDailyLimit: number;
  teamsOverWeeklyLimit: number;
  teamsOverUpcomingLimit: number;
  /** The rules as the server stored them. */
  stored: Pick<BookingRules, 'maxPerDay' | 'maxPerWeek' | 'maxUpcoming'> | null;
  /** Notifications the run queued, and the emails made of them so far (each coach of the team hears of a booking). */
  notifications: number;
  mailMessages: number;
  broken: number;
}

const one = async (db: Database, query: ReturnType<typeof sql>): Promise<number> => Number(rowsOf<{ n: number | string }>(await db.execute(query))[0]?.n ?? 0);

export async function checkRules(db: Database, o: { seasonId: string; timeZone: string; rushWeekStart: string }): Promise<RulesCheck> {
  const stored = rowsOf<{ max_per_day: number; max_per_week: number; max_upcoming: number }>(
    await db.execute(sql`select max_per_day, max_per_week, max_upcoming from booking_rules where season_id = ${o.seasonId}`),
  )[0];
  const rules = stored ? { maxPerDay: stored.max_per_day, maxPerWeek: stored.max_per_week, maxUpcoming: stored.max_upcoming } : null;
  const tz = o.timeZone;
  const confirmed = await one(db, sql`select count(*) as n from bookings where status = 'confirmed'`);
  const confirmedInRushWeek = await one(
    db,
    sql`select count(*) as n from bookings b join slots s on s.id = b.slot_id
        where b.status = 'confirmed' and (s.starts_at at time zone ${tz})::date >= ${o.rushWeekStart}::date`,
  );
  const doubleBookedSlots = await one(
    db,
    sql`select count(*) as n from (select slot_id from bookings where status = 'confirmed' group by slot_id having count(*) > 1) x`,
  );
  const teamsOverDailyLimit = rules
    ? await one(
        db,
        sql`select count(distinct team_id) as n from (
              select b.team_id from bookings b join slots s on s.id = b.slot_id where b.status = 'confirmed'
              group by b.team_id, (s.starts_at at time zone ${tz})::date having count(*) > ${rules.maxPerDay}) x`,
      )
    : 0;
  const teamsOverWeeklyLimit = rules
    ? await one(
        db,
        sql`select count(distinct team_id) as n from (
              select b.team_id from bookings b join slots s on s.id = b.slot_id
              where b.status = 'confirmed' and (s.starts_at at time zone ${tz})::date >= ${o.rushWeekStart}::date
              group by b.team_id, date_trunc('week', s.starts_at at time zone ${tz}) having count(*) > ${rules.maxPerWeek}) x`,
      )
    : 0;
  const teamsOverUpcomingLimit = rules
    ? await one(
        db,
        sql`select count(*) as n from (
              select b.team_id from bookings b join slots s on s.id = b.slot_id
              where b.status = 'confirmed' and s.starts_at > now()
              group by b.team_id having count(*) > ${rules.maxUpcoming}) x`,
      )
    : 0;
  const notifications = await one(db, sql`select count(*) as n from notification_outbox`);
  const mailMessages = await one(db, sql`select count(*) as n from mail_messages`);
  return {
    confirmed,
    confirmedInRushWeek,
    doubleBookedSlots,
    teamsOverDailyLimit,
    teamsOverWeeklyLimit,
    teamsOverUpcomingLimit,
    stored: rules,
    notifications,
    mailMessages,
    broken: doubleBookedSlots + teamsOverDailyLimit + teamsOverWeeklyLimit + teamsOverUpcomingLimit,
  };
}
