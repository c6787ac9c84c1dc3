import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { blockEvent, feedEtag, feedIcs, notModified, practiceEvent, type FeedBlock, type FeedPractice } from './calendar-feed';

const practice: FeedPractice = {
  id: '11111111-1111-4111-8111-111111111111',
  teamName: 'Blue Jays',
  fieldName: 'Field 1',
  facilityName: 'Riverside Park',
  facilityAddress: '1 River Rd',
  mapUrl: 'https://maps.example.org/riverside',
  startsAt: new Date('2027-03-10T23:00:00.000Z'),
  endsAt: new Date('2027-03-11T00:30:00.000Z'),
  status: 'confirmed',
  sequence: 0,
  cancelReason: null,
  revisedAt: new Date('2027-02-01T12:00:00.000Z'),
};

const block: FeedBlock = {
  id: '22222222-2222-4222-8222-222222222222',
  scope: 'facility',
  fieldName: null,
  facilityName: 'Riverside Park',
  facilityAddress: null,
  startsAt: new Date('2027-03-12T14:00:00.000Z'),
  endsAt: new Date('2027-03-12T20:00:00.000Z'),
  category: 'weather',
  reason: 'Flooded',
  lifted: false,
  closureId: null,
  revisedAt: new Date('2027-02-02T12:00:00.000Z'),
};

function events(ics: string) {
  const calendar = new ICAL.Component(ICAL.parse(ics));
  return calendar.getAllSubcomponents('vevent').map((v) => ({ vevent: v, event: new ICAL.Event(v) }));
}

describe('a feed file', () => {
  it('holds each event once with its UID, UTC instants, SEQUENCE, STATUS and a DTSTAMP from its last revision', () => {
    const ics = feedIcs('CGSL practices', [practiceEvent(practice, 'public'), blockEvent(block)]);
    expect(ics).toContain('METHOD:PUBLISH');
    expect(ics).toContain('X-WR-CALNAME:CGSL practices');
    const [p, b] = events(ics);
    expect(p!.event.uid).toBe('booking-11111111-1111-4111-8111-111111111111@cgsl-practice-scheduler');
    expect(p!.event.startDate.toJSDate().toISOString()).toBe('2027-03-10T23:00:00.000Z');
    expect(p!.event.startDate.zone?.tzid).toBe('UTC');
    expect(p!.event.sequence).toBe(0);
    expect(p!.vevent.getFirstPropertyValue('status')).toBe('CONFIRMED');
    expect(p!.vevent.getFirstPropertyValue('transp')).toBe('TRANSPARENT');
    expect(String(p!.vevent.getFirstPropertyValue('dtstamp'))).toBe('2027-02-01T12:00:00Z');
    expect(b!.event.uid).toBe('block-22222222-2222-4222-8222-222222222222@cgsl-practice-scheduler');
    expect(b!.event.summary).toBe('Closed: all of Riverside Park (Weather: Flooded)');
  });

  it('gives the same bytes for the same data (a stable ETag), and another tag when anything changes', () => {
    const a = feedIcs('CGSL practices', [practiceEvent(practice, 'public')]);
    expect(feedIcs('CGSL practices', [practiceEvent(practice, 'public')])).toBe(a);
    expect(feedEtag(a)).toBe(feedEtag(feedIcs('CGSL practices', [practiceEvent(practice, 'public')])));
    const cancelled = feedIcs('CGSL practices', [practiceEvent({ ...practice, status: 'cancelled', sequence: 1 }, 'public')]);
    expect(feedEtag(cancelled)).not.toBe(feedEtag(a));
  });

  it('marks a cancelled practice CANCELLED; only the team feed tells the reason; a lifted block is cancelled too', () => {
    const gone = { ...practice, status: 'cancelled' as const, sequence: 2, cancelReason: 'Field flooded' };
    const [pub] = events(feedIcs('x', [practiceEvent(gone, 'public')]));
    expect(pub!.vevent.getFirstPropertyValue('status')).toBe('CANCELLED');
    expect(pub!.event.sequence).toBe(2);
    expect(pub!.event.description).not.toContain('Field flooded');
    const [team] = events(feedIcs('x', [practiceEvent(gone, 'team')]));
    expect(team!.event.description).toContain('Reason: Field flooded');
    expect(events(feedIcs('x', [practiceEvent(practice, 'team')]))[0]!.vevent.getFirstPropertyValue('transp')).toBe('OPAQUE');
    const [lifted] = events(feedIcs('x', [blockEvent({ ...block, lifted: true })]));
    expect(lifted!.vevent.getFirstPropertyValue('status')).toBe('CANCELLED');
    expect(lifted!.event.sequence).toBe(1);
  });

  it("reads a rain-out's block as a closure that cancelled practices and gave make-up credits, and a reopened one as reopened", () => {
    const rainOut = { ...block, reason: 'Wet fields', closureId: '44444444-4444-4444-8444-444444444444' };
    const [closed] = events(feedIcs('x', [blockEvent(rainOut)]));
    expect(closed!.event.summary).toBe('Closed: Wet fields – all of Riverside Park');
    expect(closed!.event.description).toContain('practices here at this time are cancelled');
    expect(closed!.event.description).toContain('make-up credit');
    expect(closed!.vevent.getFirstPropertyValue('status')).toBe('CONFIRMED');
    expect(closed!.event.sequence).toBe(0);
    const [reopened] = events(feedIcs('x', [blockEvent({ ...rainOut, lifted: true })]));
    expect(reopened!.event.uid).toBe(closed!.event.uid);
    expect(reopened!.event.summary).toBe('Reopened: all of Riverside Park (was closed: Wet fields)');
    expect(reopened!.event.description).toContain('reopened');
    expect(reopened!.vevent.getFirstPropertyValue('status')).toBe('CANCELLED');
    expect(reopened!.event.sequence).toBe(1);
  });

  it('drops a map link the library refuses, not the feed', () => {
    const ics = feedIcs('x', [practiceEvent({ ...practice, mapUrl: 'javascript:alert(1)' }, 'public'), practiceEvent({ ...practice, id: '33333333-3333-4333-8333-333333333333' }, 'public')]);
    expect(events(ics)).toHaveLength(2);
    expect(ics).not.toContain('URL:javascript');
    expect(ics).toContain('URL:https://maps.example.org/riverside');
  });

  it('an empty feed is still a calendar', () => {
    expect(events(feedIcs('Empty', []))).toEqual([]);
  });
});

describe('conditional requests', () => {
  const etag = '"abc"';
  const lastModified = new Date('2027-03-01T12:00:00.500Z');
  it('If-None-Match: a list, a weak form or * matches; another tag does not', () => {
    expect(notModified({ ifNoneMatch: '"abc"' }, etag, lastModified)).toBe(true);
    expect(notModified({ ifNoneMatch: '"x", W/"abc"' }, etag, lastModified)).toBe(true);
    expect(notModified({ ifNoneMatch: '*' }, etag, lastModified)).toBe(true);
    expect(notModified({ ifNoneMatch: '"x"' }, etag, lastModified)).toBe(false);
  });
  it('If-Modified-Since compares whole seconds, is ignored when unreadable or when If-None-Match is sent', () => {
    expect(notModified({ ifModifiedSince: 'Mon, 01 Mar 2027 12:00:00 GMT' }, etag, lastModified)).toBe(true);
    expect(notModified({ ifModifiedSince: 'Mon, 01 Mar 2027 11:59:59 GMT' }, etag, lastModified)).toBe(false);
    expect(notModified({ ifModifiedSince: 'yesterday' }, etag, lastModified)).toBe(false);
    expect(notModified({ ifNoneMatch: '"x"', ifModifiedSince: 'Mon, 01 Mar 2027 12:00:00 GMT' }, etag, lastModified)).toBe(false);
    expect(notModified({}, etag, lastModified)).toBe(false);
  });
});
