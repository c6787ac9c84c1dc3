import { describe, expect, it } from 'vitest';
import { fieldMatcher, importKeyOf, parseCsvGames, parseDate, parseGameFile, parseIcsGames, parseTime, planGames, type FieldChoice } from './game-file';

const TZ = 'America/Chicago';
const FIELDS: FieldChoice[] = [
  { id: 'f1', name: 'Field 1', facilityName: 'Riverside Park' },
  { id: 'f2', name: 'Field 2', facilityName: 'Riverside Park' },
  { id: 'h1', name: 'Field 1', facilityName: 'Hilltop' },
  { id: 'ha', name: 'Diamond A', facilityName: 'Hilltop' },
];

const iso = (d: Date | null) => d?.toISOString() ?? null;

describe('dates and times as people type them', () => {
  it('reads YYYY-MM-DD and M/D/YYYY, and refuses dates that do not exist', () => {
    expect(parseDate('2027-09-14')?.toString()).toBe('2027-09-14');
    expect(parseDate(' 9/4/2027 ')?.toString()).toBe('2027-09-04');
    expect(parseDate('2027-02-30')).toBeNull();
    expect(parseDate('13/1/2027')).toBeNull();
    expect(parseDate('next tuesday')).toBeNull();
  });

  it('reads 24 h and am/pm times', () => {
    expect(parseTime('18:30')?.toString()).toBe('18:30:00');
    expect(parseTime('6:30 pm')?.toString()).toBe('18:30:00');
    expect(parseTime('6PM')?.toString()).toBe('18:00:00');
    expect(parseTime('12:15 a.m.')?.toString()).toBe('00:15:00');
    expect(parseTime('12 pm')?.toString()).toBe('12:00:00');
    expect(parseTime('24:00')).toBeNull();
    expect(parseTime('13:00 pm')).toBeNull();
    expect(parseTime('18')).toBeNull();
    expect(parseTime('soon')).toBeNull();
  });
});

describe('matching a field', () => {
  const match = fieldMatcher(FIELDS);
  it('takes "Facility – Field", "Facility - Field", "Facility, Field" in any case, and a field name only one facility has', () => {
    for (const text of ['Riverside Park – Field 2', 'riverside park - field 2', '  RIVERSIDE PARK,Field 2 ', 'Riverside Park — Field 2']) {
      expect(match(text).field?.id, text).toBe('f2');
    }
    expect(match('diamond a').field?.id).toBe('ha');
  });

  it('says why when the name is unknown or could be two fields', () => {
    expect(match('Lakeside – Field 9').problem).toBe('No field called "Lakeside – Field 9"; write it as Facility – Field, e.g. Riverside Park – Field 1.');
    expect(match('Field 1').problem).toBe('"Field 1" could be Riverside Park – Field 1 or Hilltop – Field 1. Write it as Facility – Field to say which.');
    expect(match('  ').problem).toMatch(/no field/);
  });
});

describe('CSV files', () => {
  const csv = [
    'Date,Start,End,Field,Title,Opponent',
    '2027-09-14,18:00,20:00,Riverside Park – Field 1,Tigers vs Lions,',
    '9/15/2027,6:00 pm,8:00 pm,"Hilltop, Diamond A",,Bears',
    '2027-09-16,18:00,20:00,Moonbase – Field 9,,',
    '2027-09-17,20:00,18:00,Riverside Park - Field 1,,',
    '2027-09-31,18:00,20:00,Riverside Park - Field 1,,',
    '2027-09-18,18:00,later,Riverside Park - Field 1,,',
    '2027-09-14,19:00,21:00,riverside park - field 1,Second game,',
    '2027-09-14,19:00,21:00,Riverside Park - Field 2,Other field,',
    '2027-09-19,10:00,12:00,Field 1,,',
  ].join('\n');

  it('turns each good row into a game in the league zone and each bad row into a problem in words', () => {
    const games = planGames(parseCsvGames(csv, TZ), FIELDS);
    expect(games.map((g) => [g.line, g.field?.id ?? null, iso(g.startsAt), iso(g.endsAt), g.title, g.problem])).toEqual([
      [2, 'f1', '2027-09-14T23:00:00.000Z', '2027-09-15T01:00:00.000Z', 'Tigers vs Lions', null],
      [3, 'ha', '2027-09-15T23:00:00.000Z', '2027-09-16T01:00:00.000Z', 'vs Bears', null],
      [4, null, '2027-09-16T23:00:00.000Z', '2027-09-17T01:00:00.000Z', null, 'No field called "Moonbase – Field 9"; write it as Facility – Field, e.g. Riverside Park – Field 1.'],
      [5, 'f1', '2027-09-18T01:00:00.000Z', '2027-09-17T23:00:00.000Z', null, 'The game must end after it starts: check the end time (a game cannot run past midnight).'],
      [6, 'f1', null, null, null, '"2027-09-31" is not a date. Write dates as YYYY-MM-DD (2027-09-14) or M/D/YYYY (9/14/2027).'],
      [7, 'f1', null, null, null, '"later" is not an end time. Write times as 18:30 or 6:30 pm.'],
      [8, 'f1', '2027-09-15T00:00:00.000Z', '2027-09-15T02:00:00.000Z', 'Second game', 'It overlaps the game on row 2 on the same field.'],
      [9, 'f2', '2027-09-15T00:00:00.000Z', '2027-09-15T02:00:00.000Z', 'Other field', null],
      [10, null, '2027-09-19T15:00:00.000Z', '2027-09-19T17:00:00.000Z', null, '"Field 1" could be Riverside Park – Field 1 or Hilltop – Field 1. Write it as Facility – Field to say which.'],
    ]);
    expect(games.filter((g) => g.importKey).map((g) => g.line)).toEqual([2, 3, 9]);
    expect(games[0]!.importKey).toBe(importKeyOf('f1', new Date('2027-09-14T23:00:00Z'), new Date('2027-09-15T01:00:00Z')));
  });

  it('keeps the wall-clock time on both sides of both DST changes', () => {
    const dst = ['date,start,end,field', '2027-03-13,10:00,12:00,Diamond A', '2027-03-15,10:00,12:00,Diamond A', '2027-11-06,10:00,12:00,Diamond A', '2027-11-08,10:00,12:00,Diamond A'].join('\r\n');
    expect(parseCsvGames(dst, TZ).entries.map((e) => iso(e.startsAt))).toEqual([
      '2027-03-13T16:00:00.000Z', // CST, UTC-6
      '2027-03-15T15:00:00.000Z', // CDT, UTC-5
      '2027-11-06T15:00:00.000Z', // CDT
      '2027-11-08T16:00:00.000Z', // CST
    ]);
  });

  it('says what is missing from the header, and refuses a file of more than 2,000 games', () => {
    expect(parseCsvGames('when,where\n2027-09-14,Diamond A', TZ).fileError).toBe(
      'The header row needs the columns date, start, end, field. The first row must name the columns: date, start, end, field (and optionally title or opponent).',
    );
    const big = ['date,start,end,field', ...Array.from({ length: 2001 }, () => '2027-09-14,10:00,11:00,Diamond A')].join('\n');
    expect(parseCsvGames(big, TZ).fileError).toMatch(/2,001 games; the import takes at most 2,000/);
    expect(parseCsvGames('', TZ).fileError).toMatch(/empty/);
  });
});

const VTIMEZONE_CENTRAL = [
  'BEGIN:VTIMEZONE',
  'TZID:Central Standard Time',
  'BEGIN:STANDARD',
  'DTSTART:16010101T020000',
  'RRULE:FREQ=YEARLY;BYMONTH=11;BYDAY=1SU',
  'TZOFFSETFROM:-0500',
  'TZOFFSETTO:-0600',
  'END:STANDARD',
  'BEGIN:DAYLIGHT',
  'DTSTART:16010101T020000',
  'RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=2SU',
  'TZOFFSETFROM:-0600',
  'TZOFFSETTO:-0500',
  'END:DAYLIGHT',
  'END:VTIMEZONE',
];

const event = (lines: string[]) => ['BEGIN:VEVENT', `UID:${Math.random()}`, 'DTSTAMP:20270101T000000Z', ...lines, 'END:VEVENT'];

describe('ICS files', () => {
  const ics = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//test//games//EN',
    ...VTIMEZONE_CENTRAL,
    // A VTIMEZONE under a Windows name, on both sides of the November change.
    ...event(['DTSTART;TZID=Central Standard Time:20271106T100000', 'DTEND;TZID=Central Standard Time:20271106T120000', 'SUMMARY:Saturday game', 'LOCATION:Riverside Park - Field 1']),
    ...event(['DTSTART;TZID=Central Standard Time:20271108T100000', 'DURATION:PT2H', 'SUMMARY:Monday game', 'LOCATION:Riverside Park - Field 2']),
    // An IANA TZID with no VTIMEZONE, UTC, and floating (the league's zone).
    ...event(['DTSTART;TZID=America/New_York:20270313T110000', 'DTEND;TZID=America/New_York:20270313T130000', 'LOCATION:Hilltop – Diamond A']),
    ...event(['DTSTART:20270315T150000Z', 'DTEND:20270315T170000Z', 'LOCATION:Hilltop, Field 1']),
    ...event(['DTSTART:20270316T100000', 'DTEND:20270316T120000', 'LOCATION:Diamond A']),
    // Bad ones.
    ...event(['DTSTART:20270317T100000', 'DTEND:20270317T090000', 'LOCATION:Diamond A']),
    ...event(['DTSTART;VALUE=DATE:20270318', 'LOCATION:Diamond A', 'SUMMARY:Tournament']),
    ...event(['DTSTART:20270316T110000', 'DTEND:20270316T130000', 'LOCATION:diamond a', 'SUMMARY:Clash']),
    ...event(['DTSTART:20270319T100000', 'DTEND:20270319T120000', 'LOCATION:The moon']),
    ...event(['DTSTART;TZID=Mars/Olympus:20270319T100000', 'DTEND;TZID=Mars/Olympus:20270319T120000', 'LOCATION:Diamond A']),
    'END:VCALENDAR',
  ].join('\r\n');

  it('reads TZID with VTIMEZONE, IANA TZID, UTC and floating times; the field from LOCATION; bad events as problems', () => {
    const file = parseIcsGames(ics, TZ);
    expect(file.fileError).toBeNull();
    const games = planGames(file, FIELDS);
    expect(games.map((g) => [g.field?.id ?? null, iso(g.startsAt), iso(g.endsAt), g.title, g.problem])).toEqual([
      ['f1', '2027-11-06T15:00:00.000Z', '2027-11-06T17:00:00.000Z', 'Saturday game', null],
      ['f2', '2027-11-08T16:00:00.000Z', '2027-11-08T18:00:00.000Z', 'Monday game', null],
      ['ha', '2027-03-13T16:00:00.000Z', '2027-03-13T18:00:00.000Z', null, null],
      ['h1', '2027-03-15T15:00:00.000Z', '2027-03-15T17:00:00.000Z', null, null],
      ['ha', '2027-03-16T15:00:00.000Z', '2027-03-16T17:00:00.000Z', null, null],
      ['ha', '2027-03-17T15:00:00.000Z', '2027-03-17T14:00:00.000Z', null, 'The game must end after it starts: check the end time (a game cannot run past midnight).'],
      ['ha', null, null, 'Tournament', 'An all-day event: give the game a start and an end time.'],
      ['ha', '2027-03-16T16:00:00.000Z', '2027-03-16T18:00:00.000Z', 'Clash', `It overlaps the game on row ${games[4]!.line} on the same field.`],
      [null, '2027-03-19T15:00:00.000Z', '2027-03-19T17:00:00.000Z', null, 'No field called "The moon"; write it as Facility – Field, e.g. Riverside Park – Field 1.'],
      ['ha', null, null, null, 'The time zone "Mars/Olympus" is not described in the file. Export the calendar again with its time zones, or in UTC.'],
    ]);
    // Lines point at each event's BEGIN:VEVENT.
    const lines = ics.split('\r\n');
    expect(games.every((g) => lines[g.line - 1] === 'BEGIN:VEVENT')).toBe(true);
  });

  it('chooses the reader by the file name or content, and says when a calendar file cannot be read', () => {
    expect(parseGameFile('games.ics', ics, TZ).format).toBe('ics');
    expect(parseGameFile('games.csv', ics, TZ).format).toBe('ics');
    expect(parseGameFile('games.csv', 'date,start,end,field', TZ).format).toBe('csv');
    expect(parseGameFile('games.ics', 'not a calendar', TZ).fileError).toMatch(/could not be read as a calendar/);
  });
});
