import { parse } from 'csv-parse/sync';
import ICAL from 'ical.js';
import { createHash } from 'node:crypto';
import { Temporal } from 'temporal-polyfill';
import { GAME_IMPORT_MAX_ROWS } from '../../../shared/schedule-import/schedule-import.schemas';

/**
 * The pure half of the game-schedule import (decision 016): read an ICS or CSV file into games, match each
 * game's field against the league's active fields, and check each game on its own and against the earlier
 * games of the same file. No database here: the service adds what the league holds (existing imports, slots,
 * bookings).
 */

/** One game as the file says it, before matching: times already instants, or the problem that stops it. */
export interface GameEntry {
  line: number;
  fieldText: string;
  title: string | null;
  startsAt: Date | null;
  endsAt: Date | null;
  problem: string | null;
}

export interface GameFile {
  format: 'ics' | 'csv';
  entries: GameEntry[];
  fileError: string | null;
}

export interface FieldChoice {
  id: string;
  name: string;
  facilityName: string;
}

/** A game checked against the league's fields and the file's earlier games. */
export interface PlannedGame {
  line: number;
  fieldText: string;
  field: FieldChoice | null;
  title: string | null;
  startsAt: Date | null;
  endsAt: Date | null;
  problem: string | null;
  /** sha256 of fieldId|startsAt|endsAt: the block's import_key (null for a problem row). */
  importKey: string | null;
}

const TITLE_MAX = 150;
const tooManyRows = (n: number) =>
  `The file has ${n.toLocaleString('en-US')} games; the import takes at most ${GAME_IMPORT_MAX_ROWS.toLocaleString('en-US')} at a time. Split it into smaller files and import them one by one.`;

export const fieldDisplayName = (f: FieldChoice) => `${f.facilityName} – ${f.name}`;

// ---- Dates and times as people type them ----

/** "2027-09-14" or "9/14/2027" (US order, as the league's spreadsheets use); null when it is not a real date. */
export function parseDate(text: string): Temporal.PlainDate | null {
  const s = text.trim();
  let y: number, m: number, d: number;
  let match = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(s);
  if (match) [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
  else {
    match = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(s);
    if (!match) return null;
    [m, d, y] = [Number(match[1]), Number(match[2]), Number(match[3])];
  }
  try {
    return Temporal.PlainDate.from({ year: y, month: m, day: d }, { overflow: 'reject' });
  } catch {
    return null;
  }
}

/** "18:30", "6:30 pm", "6pm", "12:00 AM"; null when it is not a time of day. */
export function parseTime(text: string): Temporal.PlainTime | null {
  const s = text.trim().toLowerCase().replace(/\./g, '');
  const match = /^(\d{1,2})(?::(\d{2}))?\s*(am|pm|a|p)?$/.exec(s);
  if (!match) return null;
  let hour = Number(match[1]);
  const minute = match[2] === undefined ? 0 : Number(match[2]);
  const half = match[3]?.[0];
  if (match[2] === undefined && !half) return null; // "18" alone is too ambiguous
  if (half) {
    if (hour < 1 || hour > 12) return null;
    hour = (hour % 12) + (half === 'p' ? 12 : 0);
  }
  if (hour > 23 || minute > 59) return null;
  return new Temporal.PlainTime(hour, minute);
}

/** The instant a local date and time happen in a zone (a time skipped by the spring change moves forward). */
export function zonedInstant(date: Temporal.PlainDate, time: Temporal.PlainTime, timeZone: string): Date {
  return new Date(date.toPlainDateTime(time).toZonedDateTime(timeZone, { disambiguation: 'compatible' }).epochMilliseconds);
}

const cleanTitle = (s: string | null | undefined): string | null => {
  const t = (s ?? '').replace(/\s+/g, ' ').trim();
  return t ? t.slice(0, TITLE_MAX) : null;
};

// ---- CSV ----

const COLUMN_NAMES: Record<'date' | 'start' | 'end' | 'field' | 'title' | 'opponent', string[]> = {
  date: ['date', 'game date', 'day'],
  start: ['start', 'start time', 'starts', 'begin'],
  end: ['end', 'end time', 'ends', 'finish'],
  field: ['field', 'location', 'venue'],
  title: ['title', 'game', 'name', 'summary', 'event'],
  opponent: ['opponent', 'vs', 'versus'],
};

export function parseCsvGames(csv: string, timeZone: string): GameFile {
  const text = csv.replace(/^\uFEFF/, '');
  const firstLine = text.split(/\r?\n/, 1)[0] ?? '';
  const delimiter = [',', ';', '\t'].reduce((best, d) => (firstLine.split(d).length > firstLine.split(best).length ? d : best), ',');
  let rows: Array<{ record: string[]; info: { lines: number } }>;
  try {
    rows = parse(text, { delimiter, relax_column_count: true, skip_empty_lines: true, info: true }) as unknown as typeof rows;
  } catch (err) {
    const detail = err instanceof Error ? err.message.replace(/\.$/, '') : 'unknown problem';
    return { format: 'csv', entries: [], fileError: `The file could not be read as CSV (${detail}). Save it from the spreadsheet as "CSV" and try again.` };
  }
  const [head, ...body] = rows;
  if (!head) return { format: 'csv', entries: [], fileError: 'The file is empty. It needs a header row (date, start, end, field) and one row per game.' };
  const header = head.record.map((h) => h.trim().toLowerCase());
  const col = Object.fromEntries(Object.entries(COLUMN_NAMES).map(([key, names]) => [key, header.findIndex((h) => names.includes(h))])) as Record<keyof typeof COLUMN_NAMES, number>;
  const missing = (['date', 'start', 'end', 'field'] as const).filter((k) => col[k] < 0);
  if (missing.length > 0) {
    return {
      format: 'csv',
      entries: [],
      fileError: `The header row needs the column${missing.length === 1 ? '' : 's'} ${missing.join(', ')}. The first row must name the columns: date, start, end, field (and optionally title or opponent).`,
    };
  }
  const games = body.filter((r) => r.record.some((v) => v.trim() !== ''));
  if (games.length > GAME_IMPORT_MAX_ROWS) return { format: 'csv', entries: [], fileError: tooManyRows(games.length) };
  const entries = games.map(({ record, info }): GameEntry => {
    const get = (k: keyof typeof COLUMN_NAMES) => (col[k] >= 0 ? (record[col[k]] ?? '').trim() : '');
    const opponent = get('opponent');
    const entry: GameEntry = { line: info.lines, fieldText: get('field'), title: cleanTitle(get('title') || (opponent ? `vs ${opponent}` : null)), startsAt: null, endsAt: null, problem: null };
    const date = parseDate(get('date'));
    if (!date) return { ...entry, problem: `"${get('date')}" is not a date. Write dates as YYYY-MM-DD (2027-09-14) or M/D/YYYY (9/14/2027).` };
    const start = parseTime(get('start'));
    if (!start) return { ...entry, problem: `"${get('start')}" is not a start time. Write times as 18:30 or 6:30 pm.` };
    const end = parseTime(get('end'));
    if (!end) return { ...entry, problem: `"${get('end')}" is not an end time. Write times as 18:30 or 6:30 pm.` };
    return { ...entry, startsAt: zonedInstant(date, start, timeZone), endsAt: zonedInstant(date, end, timeZone) };
  });
  return { format: 'csv', entries, fileError: null };
}

// ---- ICS ----

function isIanaZone(tzid: string): boolean {
  try {
    Temporal.Now.zonedDateTimeISO(tzid);
    return true;
  } catch {
    return false;
  }
}

/** The instant of a DTSTART/DTEND value: UTC as is, a TZID by its IANA name or the file's VTIMEZONE, floating in the league's zone. */
function instantOf(time: ICAL.Time, tzid: string | null, zones: Map<string, ICAL.Timezone>, leagueZone: string): Date | string {
  if (time.zone === ICAL.Timezone.utcTimezone) return new Date(time.toUnixTime() * 1000);
  const local = new Temporal.PlainDateTime(time.year, time.month, time.day, time.hour, time.minute, time.second);
  if (!tzid) return new Date(local.toZonedDateTime(leagueZone, { disambiguation: 'compatible' }).epochMilliseconds);
  if (isIanaZone(tzid)) return new Date(local.toZonedDateTime(tzid, { disambiguation: 'compatible' }).epochMilliseconds);
  const zone = zones.get(tzid);
  if (!zone) return `The time zone "${tzid}" is not described in the file. Export the calendar again with its time zones, or in UTC.`;
  const zoned = ICAL.Time.fromData({ year: time.year, month: time.month, day: time.day, hour: time.hour, minute: time.minute, second: time.second }, zone);
  return new Date(zoned.toUnixTime() * 1000);
}

export function parseIcsGames(ics: string, timeZone: string): GameFile {
  let calendar: ICAL.Component;
  try {
    const parsed: unknown = ICAL.parse(ics.replace(/^\uFEFF/, ''));
    calendar = new ICAL.Component(Array.isArray(parsed) && typeof parsed[0] === 'string' ? (parsed as unknown[]) : (parsed as unknown[][])[0]!);
    if (calendar.name !== 'vcalendar') throw new Error('no VCALENDAR');
  } catch (err) {
    const detail = err instanceof Error ? err.message.replace(/\.$/, '') : 'unknown problem';
    return { format: 'ics', entries: [], fileError: `The file could not be read as a calendar (.ics) file (${detail}). Export the schedule again as iCalendar.` };
  }
  const zones = new Map<string, ICAL.Timezone>();
  for (const vtz of calendar.getAllSubcomponents('vtimezone')) {
    const tz = new ICAL.Timezone(vtz);
    if (tz.tzid) zones.set(tz.tzid, tz);
  }
  const events = calendar.getAllSubcomponents('vevent');
  if (events.length > GAME_IMPORT_MAX_ROWS) return { format: 'ics', entries: [], fileError: tooManyRows(events.length) };
  // ical.js keeps no line numbers: the n-th event starts at the n-th BEGIN:VEVENT line.
  const lines: number[] = [];
  ics.split(/\r?\n/).forEach((l, i) => {
    if (/^BEGIN:VEVENT\s*$/i.test(l)) lines.push(i + 1);
  });
  const entries = events.map((vevent, i): GameEntry => {
    const event = new ICAL.Event(vevent);
    const entry: GameEntry = { line: lines[i] ?? 0, fieldText: (event.location ?? '').trim(), title: cleanTitle(event.summary), startsAt: null, endsAt: null, problem: null };
    if (String(vevent.getFirstPropertyValue('status') ?? '').toUpperCase() === 'CANCELLED') return { ...entry, problem: 'The game is marked cancelled in the file, so it blocks nothing.' };
    if (vevent.hasProperty('rrule')) return { ...entry, problem: 'A repeating event: export the schedule with each game as its own event.' };
    const startProp = vevent.getFirstProperty('dtstart');
    if (!startProp || !event.startDate) return { ...entry, problem: 'The event has no start time (DTSTART).' };
    if (event.startDate.isDate) return { ...entry, problem: 'An all-day event: give the game a start and an end time.' };
    if (!vevent.hasProperty('dtend') && !vevent.hasProperty('duration')) return { ...entry, problem: 'The event has no end time (DTEND or DURATION).' };
    const startTz = (startProp.getParameter('tzid') as string | undefined) ?? null;
    const endProp = vevent.getFirstProperty('dtend');
    const endTz = endProp ? ((endProp.getParameter('tzid') as string | undefined) ?? null) : startTz;
    const startsAt = instantOf(event.startDate, startTz, zones, timeZone);
    if (typeof startsAt === 'string') return { ...entry, problem: startsAt };
    const endsAt = instantOf(event.endDate, endTz, zones, timeZone);
    if (typeof endsAt === 'string') return { ...entry, problem: endsAt };
    return { ...entry, startsAt, endsAt };
  });
  return { format: 'ics', entries, fileError: null };
}

/** The file by its name (.ics or .csv); a calendar file sent as .csv is read as one too. */
export function parseGameFile(filename: string, content: string, timeZone: string): GameFile {
  const looksIcs = /\.ics$/i.test(filename) || /^\uFEFF?\s*BEGIN:VCALENDAR/i.test(content);
  return looksIcs ? parseIcsGames(content, timeZone) : parseCsvGames(content, timeZone);
}

// ---- Fields ----

const norm = (s: string) =>
  s
    .toLowerCase()
    .replace(/\s*[–—-]\s*/g, ' - ')
    .replace(/\s*,\s*/g, ' - ')
    .replace(/\s+/g, ' ')
    .trim();

export type FieldMatch = { field: FieldChoice; problem: null } | { field: null; problem: string };

/**
 * Matches what the file says against the active fields: "Facility – Field", "Facility - Field",
 * "Facility, Field", or a field name only one facility has; case and spaces do not matter.
 */
export function fieldMatcher(fields: FieldChoice[]): (text: string) => FieldMatch {
  const full = new Map<string, FieldChoice[]>();
  const bare = new Map<string, FieldChoice[]>();
  const add = (map: Map<string, FieldChoice[]>, key: string, f: FieldChoice) => map.set(key, [...(map.get(key) ?? []), f]);
  for (const f of fields) {
    add(full, norm(`${f.facilityName} - ${f.name}`), f);
    add(bare, norm(f.name), f);
  }
  const example = fields[0] ? fieldDisplayName(fields[0]) : 'Riverside Park – Field 1';
  return (text) => {
    const key = norm(text);
    if (!key) return { field: null, problem: `The game has no field. Write it as Facility – Field, e.g. ${example}.` };
    const exact = full.get(key) ?? bare.get(key) ?? [];
    if (exact.length === 1) return { field: exact[0]!, problem: null };
    if (exact.length > 1) {
      return { field: null, problem: `"${text.trim()}" could be ${exact.map(fieldDisplayName).join(' or ')}. Write it as Facility – Field to say which.` };
    }
    return { field: null, problem: `No field called "${text.trim()}"; write it as Facility – Field, e.g. ${example}.` };
  };
}

export function importKeyOf(fieldId: string, startsAt: Date, endsAt: Date): string {
  return createHash('sha256').update(`${fieldId}|${startsAt.toISOString()}|${endsAt.toISOString()}`).digest('hex');
}

/**
 * Each game matched to a field and checked: it must end after it starts, and must not overlap an earlier game of
 * the file on the same field (two games cannot share a field; the later row is the mistake to fix).
 */
export function planGames(file: GameFile, fields: FieldChoice[]): PlannedGame[] {
  const match = fieldMatcher(fields);
  const accepted: PlannedGame[] = [];
  return file.entries.map((e): PlannedGame => {
    const base: PlannedGame = { line: e.line, fieldText: e.fieldText, field: null, title: e.title, startsAt: e.startsAt, endsAt: e.endsAt, problem: e.problem, importKey: null };
    const m = match(e.fieldText);
    if (m.field) base.field = m.field;
    if (base.problem) return base;
    if (!m.field) return { ...base, problem: m.problem };
    const { startsAt, endsAt } = e as { startsAt: Date; endsAt: Date };
    if (endsAt.getTime() <= startsAt.getTime()) return { ...base, problem: 'The game must end after it starts: check the end time (a game cannot run past midnight).' };
    const clash = accepted.find((g) => g.field!.id === m.field.id && g.startsAt!.getTime() < endsAt.getTime() && g.endsAt!.getTime() > startsAt.getTime());
    if (clash) return { ...base, problem: `It overlaps the game on row ${clash.line} on the same field.` };
    const planned = { ...base, importKey: importKeyOf(m.field.id, startsAt, endsAt) };
    accepted.push(planned);
    return planned;
  });
}
