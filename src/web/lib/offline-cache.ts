/*
 * What the offline worker (src/web/sw.ts) keeps of the API, shared with the page that reads and clears it
 * (decision 037). Plain constants and one rule, so the worker's bundle and the first screen take only these lines.
 */

/** The runtime cache of the person's own schedule: deleted at sign-out and when someone else signs in. */
export const API_CACHE = 'cgsl-api-v1';

/** The header the worker adds to each copy it saves: when it was saved (milliseconds since 1970). */
export const SAVED_AT_HEADER = 'x-cgsl-saved-at';

/** How long a saved copy may still be shown, and how many are kept (the oldest go first). */
export const SAVED_COPY_MAX_AGE_SECONDS = 7 * 24 * 60 * 60;
export const SAVED_COPY_MAX_ENTRIES = 120;

/** How long a read waits for the network before the saved copy is shown instead. */
export const NETWORK_TIMEOUT_SECONDS = 4;

/**
 * The reads a copy is kept of: what the coach dashboard, My Reservations, Book a Field and the public calendar draw
 * with (the person's team's practices, the booking context with the limits, the team's requests, waits, swaps and
 * notices, the week's slots) and the league's public settings they need to draw it. Nothing of the admin area, of
 * sign-in, of the live stream or of a single slot a live event names.
 */
const SAVED_PATHS: readonly RegExp[] = [
  /^\/api\/(league|seasons|teams|divisions|clinics|facilities|field-status|announcements|slots)$/,
  /^\/api\/seasons\/[^/]+\/booking-rules$/,
  /^\/api\/bookings\/(mine|context)$/,
  /^\/api\/(practice-requests|waits|swaps|rain-outs)\/mine$/,
  /^\/api\/me\/calendar-feed$/,
  /^\/api\/openings\/current$/,
];

/** Whether the worker answers this request network first, keeping a copy; every other request is left alone. */
export function isSavedRead(method: string, url: URL, origin: string): boolean {
  return method === 'GET' && url.origin === origin && SAVED_PATHS.some((path) => path.test(url.pathname));
}
