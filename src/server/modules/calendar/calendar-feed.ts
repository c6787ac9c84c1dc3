import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import type * as Ics from 'ics';
import type { EventAttributes } from 'ics';
import { placesLeft } from '../../../shared/clinics/clinic-rules';
import type { MessageKey, MessageValues } from '../../../shared/i18n/catalogues';
import type { Locale } from '../../../shared/i18n/locales';
import { words } from '../../i18n/words';

// Pure pieces of the calendar feeds (docs/decisions/015): the events, the file, its entity tag and the
// conditional-request check. The `ics` library writes the iCalendar text; nothing here formats it by hand.

export const PRODUCT_ID = '-//CGSL Practice Scheduler//Calendar feeds//EN';

let ics: typeof Ics | null = null;
/**
 * The `ics` library, loaded at the first calendar file rather than at start (issue 27: it costs a restarting server
 * ~0.05-0.1 s of CPU, and most requests never write a calendar). A CommonJS package: required, synchronously.
 */
export const icsLibrary = (): typeof Ics => (ics ??= createRequire(import.meta.url)('ics') as typeof Ics);

/** The one UID of a booking's event, in the single-booking .ics and every feed alike. */
export const bookingUid = (bookingId: string) => `booking-${bookingId}@cgsl-practice-scheduler`;
export const blockUid = (blockId: string) => `block-${blockId}@cgsl-practice-scheduler`;
export const clinicUid = (clinicId: string) => `clinic-${clinicId}@cgsl-practice-scheduler`;

/**
 * Who reads a feed. `public`: anyone (league and field feeds): team, field and facility names, never a person.
 * `team`: whoever holds the team's secret link; it also gets the reason a practice was cancelled.
 */
export type FeedAudience = 'public' | 'team';

export interface FeedPractice {
  id: string;
  teamName: string;
  fieldName: string;
  facilityName: string;
  facilityAddress: string | null;
  mapUrl: string | null;
  startsAt: Date;
  endsAt: Date;
  status: 'confirmed' | 'cancelled';
  /** Bumped by the database each time the booking is cancelled or moved. */
  sequence: number;
  cancelReason: string | null;
  /** The latest of the booking's own change and its team's, field's and facility's edits (the event's DTSTAMP). */
  revisedAt: Date;
}

export interface FeedBlock {
  id: string;
  scope: 'slot' | 'field' | 'facility';
  fieldName: string | null;
  facilityName: string | null;
  facilityAddress: string | null;
  startsAt: Date;
  endsAt: Date;
  category: 'weather' | 'maintenance' | 'event' | 'other';
  reason: string;
  lifted: boolean;
  /** The rain-out this block is part of (issue 28), or null for an ordinary block. */
  closureId: string | null;
  revisedAt: Date;
}

/** A published clinic in the league's feed: where, how many places are left, cancelled or not. */
export interface FeedClinic {
  id: string;
  title: string;
  location: string;
  startsAt: Date;
  endsAt: Date;
  capacity: number;
  registeredCount: number;
  waitlistCount: number;
  cancelled: boolean;
  /** Its edits and its cancellation so far (the audit log's count): a cancelled clinic's is higher than before. */
  sequence: number;
  revisedAt: Date;
}

/** The `feeds` catalogue's words in a feed's language (its link's `?lang=`; English by default). */
const feedWords =
  (locale: Locale) =>
  (key: MessageKey<'feeds'>, values?: MessageValues): string =>
    words(locale, 'feeds', key, values);

/** `ics` takes DTSTAMP as `timestamp` (not in its typings): the event's last revision, so the body is stable. */
type FeedEvent = EventAttributes & { timestamp: number };

const utc = { startInputType: 'utc', startOutputType: 'utc', endInputType: 'utc', endOutputType: 'utc' } as const;

export function practiceEvent(p: FeedPractice, audience: FeedAudience, locale: Locale = 'en'): FeedEvent {
  const w = feedWords(locale);
  const cancelled = p.status === 'cancelled';
  const description = [
    cancelled ? w('practice.cancelled') : w('practice.booked'),
    cancelled && audience === 'team' && p.cancelReason ? w('practice.reason', { reason: p.cancelReason }) : null,
    p.mapUrl ? w('practice.map', { url: p.mapUrl }) : null,
  ]
    .filter(Boolean)
    .join(' ');
  return {
    uid: bookingUid(p.id),
    sequence: p.sequence,
    title: w(cancelled ? 'practice.titleCancelled' : 'practice.title', { team: p.teamName, field: p.fieldName }),
    start: p.startsAt.getTime(),
    end: p.endsAt.getTime(),
    ...utc,
    location: [p.facilityName, p.fieldName, p.facilityAddress].filter(Boolean).join(', '),
    description,
    status: cancelled ? 'CANCELLED' : 'CONFIRMED',
    // On the team's own calendar a practice is busy time; on the league's or a field's it is information.
    transp: audience === 'team' && !cancelled ? 'OPAQUE' : 'TRANSPARENT',
    timestamp: p.revisedAt.getTime(),
    lastModified: p.revisedAt.getTime(),
    ...(p.mapUrl ? { url: p.mapUrl } : {}),
  };
}

export function blockEvent(b: FeedBlock, locale: Locale = 'en'): FeedEvent {
  const w = feedWords(locale);
  const target =
    b.scope === 'facility' ? (b.facilityName ? w('block.allOf', { facility: b.facilityName }) : w('block.aFacility')) : (b.fieldName ?? w('block.aField'));
  const what = b.closureId ? rainOutWords(b, target, w) : blockWords(b, target, w);
  return {
    uid: blockUid(b.id),
    // A block changes once: it is lifted (a rain-out's, when the league reopens).
    sequence: b.lifted ? 1 : 0,
    title: what.title,
    start: b.startsAt.getTime(),
    end: b.endsAt.getTime(),
    ...utc,
    location: [b.facilityName, b.scope === 'facility' ? null : b.fieldName, b.facilityAddress].filter(Boolean).join(', '),
    description: what.description,
    status: b.lifted ? 'CANCELLED' : 'CONFIRMED',
    transp: 'TRANSPARENT',
    categories: b.closureId ? [w('block.tag'), w('rainOut.tag')] : [w('block.tag')],
    timestamp: b.revisedAt.getTime(),
    lastModified: b.revisedAt.getTime(),
  };
}

function blockWords(b: FeedBlock, target: string, w: ReturnType<typeof feedWords>): { title: string; description: string } {
  const facts = { target, category: w('block.category', { category: b.category }), reason: b.reason };
  return {
    title: w(b.lifted ? 'block.titleLifted' : 'block.title', facts),
    description: b.lifted ? w('block.descriptionLifted') : w('block.description', facts),
  };
}

/**
 * A rain-out's block (issue 28) reads as the closure it is: what people look for on a wet day is "closed, why, and
 * what now". Every team whose practice it cancelled got a make-up credit (or its make-up's credit back).
 */
function rainOutWords(b: FeedBlock, target: string, w: ReturnType<typeof feedWords>): { title: string; description: string } {
  const facts = { target, reason: b.reason };
  return b.lifted
    ? { title: w('rainOut.titleReopened', facts), description: w('rainOut.descriptionReopened') }
    : { title: w('rainOut.title', facts), description: w('rainOut.description', facts) };
}

export function clinicEvent(c: FeedClinic, locale: Locale = 'en'): FeedEvent {
  const w = feedWords(locale);
  const left = placesLeft(c.capacity, c.registeredCount);
  return {
    uid: clinicUid(c.id),
    sequence: c.sequence,
    title: w(c.cancelled ? 'clinic.titleCancelled' : 'clinic.title', { title: c.title }),
    start: c.startsAt.getTime(),
    end: c.endsAt.getTime(),
    ...utc,
    ...(c.location ? { location: c.location } : {}),
    description: c.cancelled
      ? w('clinic.cancelled')
      : left > 0
        ? w('clinic.description', { left, capacity: c.capacity })
        : w('clinic.descriptionFull', { waiting: c.waitlistCount }),
    status: c.cancelled ? 'CANCELLED' : 'CONFIRMED',
    transp: 'TRANSPARENT',
    categories: [w('clinic.tag')],
    timestamp: c.revisedAt.getTime(),
    lastModified: c.revisedAt.getTime(),
  };
}

/**
 * A whole feed as an iCalendar file (METHOD:PUBLISH, instants in UTC so they are right on both sides of every DST
 * change whatever the reader's zone). Events come in the order given, so the same data gives the same bytes.
 * A map link the library refuses drops that link only, not the feed.
 */
export function feedIcs(calName: string, events: FeedEvent[]): string {
  const { createEvent, createEvents } = icsLibrary();
  const header = { productId: PRODUCT_ID, method: 'PUBLISH', calName };
  let built = createEvents(events, header);
  if ((built.error || !built.value) && events.some((e) => e.url)) {
    const kept = events.map((e) => {
      if (!e.url || !createEvent(e).error) return e;
      const { url: _dropped, ...rest } = e;
      return rest;
    });
    built = createEvents(kept, header);
  }
  if (built.error || !built.value) throw built.error ?? new Error('could not build the calendar feed');
  return built.value;
}

/** A strong entity tag from the body: every app server gives the same feed the same tag. */
export function feedEtag(body: string): string {
  return `"${createHash('sha256').update(body).digest('base64url').slice(0, 32)}"`;
}

/**
 * Whether a conditional GET may be answered 304 (RFC 9110 §13.1–13.2): If-None-Match decides when present (a
 * list, a weak form or `*`); otherwise If-Modified-Since, compared in whole seconds. A date that cannot be read
 * is ignored.
 */
export function notModified(headers: { ifNoneMatch?: string | undefined; ifModifiedSince?: string | undefined }, etag: string, lastModified: Date): boolean {
  const { ifNoneMatch, ifModifiedSince } = headers;
  if (ifNoneMatch !== undefined) {
    if (ifNoneMatch.trim() === '*') return true;
    const bare = etag.replace(/^W\//, '');
    return ifNoneMatch.split(',').some((t) => t.trim().replace(/^W\//, '') === bare);
  }
  if (ifModifiedSince === undefined) return false;
  const since = Date.parse(ifModifiedSince);
  if (Number.isNaN(since)) return false;
  return Math.floor(lastModified.getTime() / 1000) <= Math.floor(since / 1000);
}
