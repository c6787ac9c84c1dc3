import { beforeAll, describe, expect, it } from 'vitest';
import { loadNamespace } from '../../lib/i18n';
import { testSlot } from '../../test/slot-fixture';
import { clinicsToEvents, eventTitle, fieldLegend, readableTextColor, slotsToEvents, timeWindow, wallClock } from './calendar-events';

// The events are worded from the page's namespace, which the page loads first.
beforeAll(() => loadNamespace('en', 'calendar'));

const ZONE = 'America/Chicago';
const booked = testSlot({
  id: 'b1',
  status: 'booked',
  teamId: 't1',
  teamName: 'Blue Jays',
  bookingId: 'k1',
  fieldColor: '#1d4ed8',
});

describe('slots as calendar events', () => {
  it('shows booked slots as the team’s practice and blocked ones as closed, never open slots', () => {
    const events = slotsToEvents(
      [
        testSlot({ id: 'o1' }),
        booked,
        testSlot({
          id: 'x1',
          status: 'blocked',
          blockReason: 'Lightning',
          fieldId: 'f2',
          fieldName: 'Field 2',
          fieldColor: '#fde047',
          startsAt: '2027-05-05T22:00:00.000Z',
          endsAt: '2027-05-05T23:30:00.000Z',
        }),
      ],
      ZONE,
    );
    expect(events.map((e) => [e.id, e.title, e.extendedProps.kind])).toEqual([
      ['b1', 'Blue Jays practice', 'practice'],
      ['x1', 'Closed: Lightning', 'closed'],
    ]);
    expect(events[0]!.extendedProps).toMatchObject({
      fieldName: 'Field 1',
      facilityName: 'Riverside Park',
      teamName: 'Blue Jays',
      reason: null,
    });
  });

  it('names each kind in words', () => {
    expect(eventTitle({ status: 'open', teamName: null, blockReason: null })).toBeNull();
    expect(
      eventTitle({
        status: 'booked',
        teamName: 'Cardinals',
        blockReason: null,
      }),
    ).toBe('Cardinals practice');
    expect(eventTitle({ status: 'blocked', teamName: null, blockReason: '  ' })).toBe('Closed: field closed');
  });

  it('colours a practice with its field’s colour and readable text, and a closure pale with the field’s border', () => {
    const [practice, closed] = slotsToEvents(
      [
        booked,
        testSlot({
          id: 'x',
          status: 'blocked',
          blockReason: 'Rain',
          fieldColor: '#fde047',
          startsAt: '2027-05-06T22:00:00.000Z',
        }),
      ],
      ZONE,
    );
    expect(practice).toMatchObject({
      backgroundColor: '#1d4ed8',
      borderColor: '#1d4ed8',
      textColor: '#ffffff',
      classNames: ['cal-practice'],
    });
    expect(closed).toMatchObject({
      backgroundColor: '#f1f5f9',
      borderColor: '#fde047',
      textColor: '#0f172a',
      classNames: ['cal-closed'],
    });
    expect(readableTextColor('#fde047')).toBe('#000000');
    expect(readableTextColor('#000080')).toBe('#ffffff');
    expect(slotsToEvents([{ ...booked, fieldColor: 'teal' }], ZONE)[0]!.backgroundColor).toBe('#1e2a4a');
  });

  it('places events at the league’s wall time, on both sides of a DST change', () => {
    // 22:00Z is 5 pm in Chicago in May (CDT, UTC-5) and 4 pm in December (CST, UTC-6).
    expect(slotsToEvents([booked], ZONE)[0]).toMatchObject({
      start: '2027-05-04T17:00:00',
      end: '2027-05-04T18:30:00',
    });
    expect(wallClock('2027-12-07T22:00:00.000Z', ZONE)).toBe('2027-12-07T16:00:00');
    expect(wallClock('2027-05-05T03:30:00.000Z', ZONE)).toBe('2027-05-04T22:30:00');
  });

  it('keeps only one team’s practices when a team is chosen', () => {
    const other = testSlot({
      id: 'b2',
      status: 'booked',
      teamId: 't2',
      teamName: 'Cardinals',
      startsAt: '2027-05-04T23:30:00.000Z',
      endsAt: '2027-05-05T01:00:00.000Z',
    });
    const closed = testSlot({
      id: 'x',
      status: 'blocked',
      blockReason: 'Rain',
    });
    expect(slotsToEvents([booked, other, closed], ZONE, { teamId: 't2' }).map((e) => e.id)).toEqual(['b2']);
  });

  it('joins back-to-back closed slots of one field for one reason into one event', () => {
    const closed = (id: string, start: string, end: string, over = {}) =>
      testSlot({
        id,
        status: 'blocked',
        blockReason: 'Tournament',
        startsAt: start,
        endsAt: end,
        ...over,
      });
    const events = slotsToEvents(
      [
        closed('c1', '2027-05-04T22:00:00.000Z', '2027-05-04T23:30:00.000Z'),
        closed('c2', '2027-05-04T23:30:00.000Z', '2027-05-05T01:00:00.000Z'),
        closed('c3', '2027-05-04T23:30:00.000Z', '2027-05-05T01:00:00.000Z', {
          fieldId: 'f2',
          fieldName: 'Field 2',
        }),
        closed('c4', '2027-05-05T02:00:00.000Z', '2027-05-05T03:00:00.000Z'),
      ],
      ZONE,
    );
    expect(events.map((e) => [e.id, e.start, e.end])).toEqual([
      ['c1', '2027-05-04T17:00:00', '2027-05-04T20:00:00'],
      ['c3', '2027-05-04T18:30:00', '2027-05-04T20:00:00'],
      ['c4', '2027-05-04T21:00:00', '2027-05-04T22:00:00'],
    ]);
    expect(events[0]!.extendedProps.endsAt).toBe('2027-05-05T01:00:00.000Z');
  });

  it('lists each field once for the colour key, and fits the grid’s hours to the events', () => {
    const events = slotsToEvents(
      [
        booked,
        {
          ...booked,
          id: 'b3',
          startsAt: '2027-05-05T00:00:00.000Z',
          endsAt: '2027-05-05T01:15:00.000Z',
        },
      ],
      ZONE,
    );
    expect(fieldLegend(events)).toEqual([
      {
        id: 'f1',
        name: 'Field 1',
        facilityName: 'Riverside Park',
        color: '#1d4ed8',
      },
    ]);
    expect(timeWindow(events)).toEqual({
      slotMinTime: '17:00:00',
      slotMaxTime: '21:00:00',
    });
    expect(timeWindow([])).toEqual({
      slotMinTime: '08:00:00',
      slotMaxTime: '21:00:00',
    });
    expect(timeWindow([{ start: '2027-05-04T00:00:00', end: '2027-05-05T00:00:00' }])).toEqual({ slotMinTime: '00:00:00', slotMaxTime: '24:00:00' });
    expect(timeWindow([{ start: '2027-05-04T18:00:00', end: '2027-05-04T19:00:00' }])).toEqual({ slotMinTime: '18:00:00', slotMaxTime: '22:00:00' });
    expect(timeWindow([{ start: '2027-05-04T22:00:00', end: '2027-05-04T23:30:00' }])).toEqual({ slotMinTime: '20:00:00', slotMaxTime: '24:00:00' });
  });
});

describe('clinics as calendar events', () => {
  const base = {
    description: null,
    locationText: null,
    ageGroup: null,
    registrationOpensAt: null,
    registrationClosesAt: null,
    cancelReason: null,
    waitlistCount: 0,
  };
  const clinic = (id: string, over: Partial<Parameters<typeof clinicsToEvents>[0][number]> = {}) => ({
    ...base,
    id,
    title: `Clinic ${id}`,
    startsAt: '2027-05-08T14:00:00.000Z',
    endsAt: '2027-05-08T16:00:00.000Z',
    facilityId: 'fac',
    location: 'Riverside Park (12 River Rd)',
    capacity: 10,
    registeredCount: 4,
    published: true,
    cancelledAt: null,
    ...over,
  });

  it('shows published, not cancelled clinics in the period with their place and places left, at league wall time', () => {
    const events = clinicsToEvents(
      [
        clinic('a'),
        clinic('draft', { published: false }),
        clinic('off', { cancelledAt: '2027-05-01T00:00:00.000Z' }),
        clinic('later', { startsAt: '2027-05-20T14:00:00.000Z', endsAt: '2027-05-20T16:00:00.000Z' }),
        clinic('elsewhere', { facilityId: 'other' }),
      ],
      ZONE,
      { from: '2027-05-03', to: '2027-05-09', facilityId: 'fac' },
    );
    expect(events.map((e) => e.title)).toEqual(['Clinic: Clinic a']);
    expect(events[0]).toMatchObject({ start: '2027-05-08T09:00:00', end: '2027-05-08T11:00:00' });
    expect(events[0]!.extendedProps).toMatchObject({ kind: 'clinic', location: 'Riverside Park (12 River Rd)', places: '6 of 10 places left' });
    // A clinic is on no field: the colour key leaves it out.
    expect(fieldLegend(events)).toEqual([]);
  });
});

describe('the calendar in Spanish', () => {
  it('words practices, closures and clinics in the person’s language', async () => {
    const { activate } = await import('../../lib/i18n');
    const { periodTitle } = await import('./calendar-filters');
    await activate('es', ['calendar']);
    try {
      expect(eventTitle({ status: 'booked', teamName: 'Blue Jays', blockReason: null })).toBe('Práctica de Blue Jays');
      expect(eventTitle({ status: 'blocked', teamName: null, blockReason: null })).toBe('Cerrado: campo cerrado');
      expect(periodTitle('month', '2027-05-19')).toBe('mayo de 2027');
    } finally {
      await activate('en', ['calendar']);
    }
  });
});
