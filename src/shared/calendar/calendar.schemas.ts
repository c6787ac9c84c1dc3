import { Temporal } from 'temporal-polyfill';
import { z } from 'zod';

/**
 * A team feed's secret: 43 URL-safe characters (256 bits, base64url). Anything else is not a link we made,
 * answered with 404 like a link that was regenerated.
 */
export const FEED_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export const fieldFeedParamsSchema = z.object({ fieldId: z.string().uuid('That is not a valid field id') });
export const teamFeedParamsSchema = z.object({ token: z.string().max(200) });
/**
 * A feed's query: `lang`, the language of its titles and descriptions (`es`; anything else, or none, is English,
 * so a calendar app that adds or mangles it still gets a feed). Other parameters are ignored.
 */
export const feedQuerySchema = z.object({ lang: z.unknown().optional().describe('The language of the feed: es for Spanish; anything else is English') });

/** A team's calendar feed, as its coaches (and admins) see it on /profile or /schedule-sync. */
export const teamFeedSchema = z.object({
  teamId: z.string(),
  teamName: z.string(),
  /** The subscribe address (https://…/api/calendar/teams/<token>.ics): anyone holding it sees the team's practices. */
  url: z.string(),
  /** The same address with the webcal: scheme, which opens the calendar app's subscribe dialog. */
  webcalUrl: z.string(),
  /** When this link was made: a regeneration makes a new one. */
  createdAt: z.string(),
});
export type TeamFeed = z.infer<typeof teamFeedSchema>;
export const teamFeedResponseSchema = z.object({ feed: teamFeedSchema });

/** How long a cancelled practice (or a lifted block) stays in a feed, marked cancelled, after it was cancelled. */
export const CANCELLED_KEPT_DAYS = 30;
/** How far back a feed reaches for practices and blocks that took place (a season's history). */
export const PAST_KEPT_DAYS = 180;

/**
 * What a feed holds, as of `now`: events ending on or after `pastFrom`; cancelled ones (practices, lifted blocks)
 * only when cancelled on or after `cancelledFrom`, or when they start on or after `today`. The bounds are starts of
 * local days in the league's zone, so a feed changes by itself once a day at most (its ETag stays put in between).
 */
export function feedWindow(now: Date, timeZone: string): { today: Date; pastFrom: Date; cancelledFrom: Date } {
  const day = Temporal.Instant.fromEpochMilliseconds(now.getTime()).toZonedDateTimeISO(timeZone).toPlainDate();
  const startOf = (d: Temporal.PlainDate) => new Date(d.toZonedDateTime({ timeZone }).epochMilliseconds);
  return {
    today: startOf(day),
    pastFrom: startOf(day.subtract({ days: PAST_KEPT_DAYS })),
    cancelledFrom: startOf(day.subtract({ days: CANCELLED_KEPT_DAYS })),
  };
}
