/**
 * The subscribe addresses /schedule-sync shows. A calendar app polls them (RFC 5545 feeds, server module
 * `calendar`): the league's and each field's are public; a team's carries its secret and comes from the server.
 */

/** A feed's titles in a language (decision 038): English is the feed's own default, so its link stays bare. */
const inLanguage = (url: string, locale: string) => (locale === 'en' ? url : `${url}?lang=${encodeURIComponent(locale)}`);

/** The league-wide feed: every confirmed practice and every closure, titled in `locale`. */
export const leagueFeedUrl = (origin: string, locale = 'en') => inLanguage(`${origin}/api/calendar/league.ics`, locale);

/** One field's feed: its practices and the closures that cover it, titled in `locale`. */
export const fieldFeedUrl = (origin: string, fieldId: string, locale = 'en') => inLanguage(`${origin}/api/calendar/fields/${encodeURIComponent(fieldId)}.ics`, locale);

/** The same address with the webcal: scheme, which opens the phone's or computer's calendar app to subscribe. */
export function webcalOf(url: string): string {
  return url.replace(/^https?:\/\//i, 'webcal://');
}

/** Google Calendar's "add by URL" page, with the feed filled in (Google fetches it from its own servers). */
export const googleSubscribeUrl = (url: string) => `https://calendar.google.com/calendar/r?cid=${encodeURIComponent(webcalOf(url))}`;

/** Outlook on the web's "subscribe from web" page, with the feed and its name filled in. */
export const outlookSubscribeUrl = (url: string, name: string) =>
  `https://outlook.live.com/calendar/0/addfromweb?url=${encodeURIComponent(url)}&name=${encodeURIComponent(name)}`;

/** Whether calendar services out on the internet can reach this address (not on a laptop's localhost). */
export function reachableFromInternet(url: string): boolean {
  try {
    const { hostname } = new URL(url);
    return !(hostname === 'localhost' || hostname.endsWith('.localhost') || /^127\./.test(hostname) || hostname === '[::1]' || /^(10|192\.168)\./.test(hostname) || /^172\.(1[6-9]|2\d|3[01])\./.test(hostname));
  } catch {
    return false;
  }
}
