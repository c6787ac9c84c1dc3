import { randomBytes } from 'node:crypto';
import type { Actor, ServerContext } from '../../context';
import type { Database } from '../../db/client';
import { onUniqueViolation } from '../../db/unique-violation';
import { AppError, dateTimeParam, dayParam, wordsIn, type ErrorParam, type ErrorWords } from '../../errors';
import { datedStart, DEFAULT_BOOKING_RULES, fieldAllows, formatDateTime, judgeLimits, rulesForDivision, type BookingRules, type DatedStart } from '../../../shared/bookings/booking-rules';
import { draw, drawRefusal, sha256Hex, type DrawInput, type DrawResult, type DrawRules } from '../../../shared/opening/draw';
import { divisionOpensProblem, openingStatus, type OpeningRound, type OpeningRoundInput, type TeamPreferences } from '../../../shared/opening/opening.schemas';
import { localDayRange } from '../../../shared/time/zoned';
import { recordAudit, type AuditContext } from '../audit/audit.service';
import { bookDrawInTransaction, cannotBook, refusalErrorWords, rulesOfSeason, type DrawPickToBook } from '../bookings/bookings.service';
import { rulesOfSeason as divisionRulesOfSeason } from '../divisions/divisions.service';
import { commitThenPublish } from '../live/live.service';
import { notification, queueNotifications, type DrawnSlot } from '../notifications/notifications.service';
import { findSeason } from '../seasons/seasons.service';
import { ordinal, slotGoneLabel } from './opening-mail';
import * as repo from './opening.repository';
import { primeHours } from './prime-hours';

/** The seed's size: 32 random bytes, 64 hex characters; only its SHA-256 is shown before the draw. */
const SEED_BYTES = 32;
/** How long a drawn round stays on Book a Field and the coach dashboard (GET /api/openings/current). */
export const DRAWN_SHOWN_DAYS = 14;
/** Rounds one worker pass draws at most (the next pass takes the rest). */
const DUE_PER_PASS = 10;

/** What the worker writes in the audit log as the one who drew: no person. */
const SYSTEM: AuditContext = { actorId: null, actorEmail: null, ip: null, userAgent: null };

type Deps = Pick<ServerContext, 'db' | 'live' | 'league'>;

const roundGone = () => new AppError('NOT_FOUND', { key: 'opening.roundGone' });

/** "Tue Dec 1, 5:00 pm" in the league's zone, as every refusal of the booking rules writes a time (shared `formatDateTime`). */
const when = (d: Date | string, timeZone: string) => formatDateTime(d, timeZone);

/** A team's lists refused before its division's own time in the round (issue 29): 409 in words naming the time. */
const listsNotOpen = (divisionName: string, listsOpenAt: Date, timeZone: string) =>
  new AppError('CONFLICT', { key: 'opening.listsNotOpen', params: { division: divisionName, opens: dateTimeParam(listsOpenAt, timeZone) } }, {
    rule: 'DIVISION_NOT_OPEN',
    listsOpenAt: listsOpenAt.toISOString(),
  });

/**
 * A slot as the draw, its page and its emails name it: "Field 1, Tue Dec 1, 5:00 pm", in plain spaces
 * (the label travels in the published inputs and in plain-text mail).
 */
export const slotLabel = (s: { fieldName: string; startsAt: Date | string }, timeZone: string) => `${s.fieldName}, ${when(s.startsAt, timeZone)}`;

/** `slotLabel` as a value of an error's words, its time written in the request's language. */
const slotLabelParam = (s: { fieldName: string; startsAt: Date | string }, timeZone: string): ErrorParam => (locale) =>
  `${s.fieldName}, ${formatDateTime(s.startsAt, timeZone, locale)}`;

/** A stored round as the API shows it: the status derived at `now`, the seed only once the round is drawn. */
export function toRound(row: repo.RoundRow, now: Date): OpeningRound {
  const iso = (d: Date | null) => (d ? d.toISOString() : null);
  const times = { opensAt: row.opensAt.toISOString(), closesAt: row.closesAt.toISOString(), drawnAt: iso(row.drawnAt), cancelledAt: iso(row.cancelledAt) };
  return {
    id: row.id,
    seasonId: row.seasonId,
    seasonName: row.seasonName,
    coversFrom: row.coversFrom,
    coversTo: row.coversTo,
    ...times,
    drawAt: row.drawAt.toISOString(),
    maxPreferences: row.maxPreferences,
    firstComeAfter: row.firstComeAfter,
    weighting: row.weighting,
    status: openingStatus(times, now),
    seedHash: row.seedHash,
    seed: row.drawnAt ? row.seed : null,
    divisionOpens: row.divisionOpens.map((d) => ({ divisionId: d.divisionId, divisionName: d.divisionName, opensAt: d.opensAt.toISOString() })),
  };
}

// ---- Reading rounds ----

/** Every round of a season, cancelled and drawn ones too (admins). */
export async function listRounds(db: Database, seasonId: string, now = new Date()): Promise<OpeningRound[]> {
  return (await repo.roundsOfSeason(db, seasonId)).map((r) => toRound(r, now));
}

/** The active season's rounds that are not cancelled; a drawn one for DRAWN_SHOWN_DAYS after its draw (everyone). */
export async function currentRounds(db: Database, now = new Date()): Promise<OpeningRound[]> {
  return (await repo.currentRounds(db, new Date(now.getTime() - DRAWN_SHOWN_DAYS * 86_400_000))).map((r) => toRound(r, now));
}

export interface PublicRound {
  round: OpeningRound;
  teams: Array<{ id: string; name: string }>;
  result: DrawResult | null;
  slots: Array<{ id: string; label: string; startsAt: string }> | null;
}

/**
 * One round as its public page shows it (everyone): before the draw the hash and the teams that have ranked slots;
 * after it the result and the slots it names, from the published inputs. Teams by name, never a person.
 */
export async function publicRound(db: Database, id: string, now = new Date()): Promise<PublicRound> {
  const row = await repo.findRound(db, id);
  if (!row) throw roundGone();
  const round = toRound(row, now);
  const drawn = row.drawnAt ? await repo.drawOf(db, id) : null;
  if (!drawn) return { round, teams: row.cancelledAt ? [] : await repo.teamsWithPreferences(db, id), result: null, slots: null };
  return {
    round,
    teams: drawn.inputs.teams.map((t) => ({ id: t.id, name: t.name })),
    result: drawn.result,
    slots: drawn.inputs.slots.map((s) => ({ id: s.id, label: s.label, startsAt: s.startsAt })),
  };
}

/** The inputs the draw ran on, seed included, for anyone to run `draw()` again; refused in words before the draw. */
export async function drawInputs(db: Database, id: string, timeZone: string): Promise<DrawInput> {
  const row = await repo.findRound(db, id);
  if (!row) throw roundGone();
  const drawn = await repo.drawOf(db, id);
  if (!drawn) {
    throw new AppError(
      'NOT_FOUND',
      row.cancelledAt ? { key: 'opening.inputsCancelled' } : { key: 'opening.inputsAtDraw', params: { drawAt: dateTimeParam(row.drawAt, timeZone) } },
    );
  }
  return drawn.inputs;
}

// ---- The admin's changes ----

type RoundValues = Omit<OpeningRoundInput, 'seasonId'>;
type DivisionTimes = Array<{ divisionId: string; opensAt: Date }>;

/** What the database stores of an admin's input (the division times go to their own rows: `divisionTimes`). */
const rowValues = (v: RoundValues) => ({
  coversFrom: v.coversFrom,
  coversTo: v.coversTo,
  opensAt: new Date(v.opensAt),
  closesAt: new Date(v.closesAt),
  drawAt: new Date(v.drawAt),
  maxPreferences: v.maxPreferences,
  firstComeAfter: v.firstComeAfter,
  weighting: v.weighting,
});

/** The season's days must hold the round's, and the window must still be ahead: refused in words otherwise. */
async function checkValues(db: Database, seasonId: string, v: RoundValues, now: Date): Promise<{ name: string }> {
  const season = await findSeason(db, seasonId);
  if (!season) throw new AppError('VALIDATION_FAILED', { key: 'opening.seasonUnknown' }, { fields: { seasonId: 'Choose a season' } });
  if (v.coversFrom < season.startsOn || v.coversTo > season.endsOn) {
    throw new AppError(
      'RULE_VIOLATION',
      { key: 'opening.outsideSeason', params: { season: season.name, from: dayParam(season.startsOn), to: dayParam(season.endsOn) } },
      { fields: { [v.coversFrom < season.startsOn ? 'coversFrom' : 'coversTo']: 'Inside the season' }, rule: 'OUTSIDE_SEASON' },
    );
  }
  if (Date.parse(v.closesAt) <= now.getTime()) {
    throw new AppError('RULE_VIOLATION', { key: 'opening.windowInPast' }, {
      fields: { closesAt: 'In the future' },
      rule: 'WINDOW_IN_PAST',
    });
  }
  return season;
}

/**
 * The round's division times (issue 29), checked against its window in words naming the division: each division
 * exists, once, and opens its lists at or after the preferences open and before they close. `list` is the admin's,
 * or on an edit that leaves them out, the ones the round has (so new times cannot leave one outside the window).
 */
async function divisionTimes(db: Database, list: ReadonlyArray<{ divisionId: string; opensAt: string | Date }>, v: RoundValues, timeZone: string): Promise<DivisionTimes> {
  const names = await repo.divisionNames(
    db,
    list.map((d) => d.divisionId),
  );
  const seen = new Set<string>();
  const times: DivisionTimes = [];
  for (const d of list) {
    const field = `divisionOpens.${d.divisionId}`;
    const name = names.get(d.divisionId);
    if (!name) throw new AppError('VALIDATION_FAILED', { key: 'opening.divisionGone' }, { fields: { [field]: 'No such division' } });
    if (seen.has(d.divisionId)) throw new AppError('VALIDATION_FAILED', { key: 'opening.divisionTwice', params: { division: name } }, { fields: { [field]: 'One time per division' } });
    seen.add(d.divisionId);
    const opensAt = new Date(d.opensAt);
    if (divisionOpensProblem(opensAt.toISOString(), v)) {
      const params = { division: name, opens: dateTimeParam(opensAt, timeZone), windowOpens: dateTimeParam(v.opensAt, timeZone), windowCloses: dateTimeParam(v.closesAt, timeZone) };
      throw new AppError('RULE_VIOLATION', { key: 'opening.divisionOutsideWindow', params }, { fields: { [field]: 'Inside the preference window' }, rule: 'DIVISION_OUTSIDE_WINDOW' });
    }
    times.push({ divisionId: d.divisionId, opensAt });
  }
  return times;
}

const oneWaiting = () =>
  new AppError('CONFLICT', { key: 'opening.roundPending' }, { rule: 'ROUND_PENDING' });

/** Creates a round with a fresh secret seed; only the seed's hash is ever shown before the draw. */
export async function createRound({ db, live, league }: Deps, ctx: AuditContext, input: OpeningRoundInput, now = new Date()): Promise<OpeningRound> {
  const season = await checkValues(db, input.seasonId, input, now);
  const timeZone = await league.timeZone();
  const seed = randomBytes(SEED_BYTES).toString('hex');
  const seedHash = await sha256Hex(seed);
  return onUniqueViolation(
    () =>
      commitThenPublish(db, live, async (tx) => {
        const times = await divisionTimes(tx, input.divisionOpens ?? [], input, timeZone);
        const id = await repo.insertRound(tx, { seasonId: input.seasonId, ...rowValues(input), seed, seedHash, createdBy: ctx.actorId });
        await repo.replaceDivisionOpens(tx, id, times);
        const round = toRound((await repo.findRound(tx, id))!, now);
        await recordAudit(tx, ctx, {
          action: 'opening.create',
          entityType: 'opening_round',
          entityId: id,
          summary: `Created the opening round of ${season.name} (${round.coversFrom} to ${round.coversTo}, draw at ${round.drawAt}; seed hash ${seedHash})`,
          // The round as the API shows it: the seed is null until the draw, here too.
          after: round,
        });
        // Book a Field shows the covered slots as the round's from now on.
        return { value: round, slots: 'all' };
      }),
    oneWaiting,
  );
}

/** Why a change of the round is refused at its status, in words, or null when it may be made. */
function statusRefusal(action: 'edit' | 'cancel' | 'draw' | 'open-rest', round: OpeningRound, timeZone: string): AppError | null {
  const allowed = { edit: ['announced'], cancel: ['announced', 'open', 'closed'], draw: ['closed'], 'open-rest': ['drawn'] }[action];
  if (allowed.includes(round.status)) return null;
  const conflict = (words: ErrorWords) => new AppError('CONFLICT', words, { rule: `ROUND_${round.status.toUpperCase()}` });
  if (round.status === 'cancelled') return conflict({ key: 'opening.cancelled' });
  if (round.status === 'drawn') {
    const params = { drawnAt: dateTimeParam(round.drawnAt!, timeZone) };
    if (action === 'draw') return conflict({ key: 'opening.alreadyDrawn', params });
    if (action === 'cancel') return conflict({ key: 'opening.drawnNoCancel', params });
    return conflict({ key: 'opening.drawnNoChange', params });
  }
  if (action === 'edit') {
    return conflict(
      round.status === 'open'
        ? { key: 'opening.openNoEdit', params: { opened: dateTimeParam(round.opensAt, timeZone) } }
        : { key: 'opening.closedNoEdit', params: { closed: dateTimeParam(round.closesAt, timeZone) } },
    );
  }
  if (action === 'draw') {
    return conflict({ key: round.status === 'open' ? 'opening.drawStillOpen' : 'opening.drawNotOpenYet', params: { closes: dateTimeParam(round.closesAt, timeZone) } });
  }
  return conflict({ key: 'opening.openRestBeforeDraw', params: { drawAt: dateTimeParam(round.drawAt, timeZone) } });
}

/**
 * Edits a round while it is announced: the dates it covers, its times, its settings and its division times (left out:
 * they stay, and must still fit the window). The season stays.
 */
export async function editRound({ db, live, league }: Deps, ctx: AuditContext, id: string, input: RoundValues, now = new Date()): Promise<OpeningRound> {
  const timeZone = await league.timeZone();
  return commitThenPublish(db, live, async (tx) => {
    const row = await repo.lockRound(tx, id, 'update');
    if (!row) throw roundGone();
    const before = toRound(row, now);
    const refused = statusRefusal('edit', before, timeZone);
    if (refused) throw refused;
    await checkValues(tx, row.seasonId, input, now);
    const times = await divisionTimes(tx, input.divisionOpens ?? row.divisionOpens, input, timeZone);
    await repo.updateRound(tx, id, rowValues(input));
    await repo.replaceDivisionOpens(tx, id, times);
    const round = toRound((await repo.findRound(tx, id))!, now);
    await recordAudit(tx, ctx, { action: 'opening.update', entityType: 'opening_round', entityId: id, summary: `Edited the opening round of ${round.seasonName}`, before, after: round });
    return { value: round, slots: 'all' };
  });
}

/** Cancels a round before its draw: every team's list is dropped and the coaches of teams that had one are told. */
export async function cancelRound({ db, live, league }: Deps, ctx: AuditContext, id: string, now = new Date()): Promise<OpeningRound> {
  const timeZone = await league.timeZone();
  return commitThenPublish(db, live, async (tx) => {
    // FOR UPDATE waits for preference saves in flight (they hold KEY SHARE), so none lands after the drop.
    const row = await repo.lockRound(tx, id, 'update');
    if (!row) throw roundGone();
    const before = toRound(row, now);
    const refused = statusRefusal('cancel', before, timeZone);
    if (refused) throw refused;
    await repo.updateRound(tx, id, { cancelledAt: now });
    const dropped = await repo.dropPreferences(tx, id);
    await queueNotifications(
      tx,
      dropped.map((t) => notification('opening.cancelled', { teamId: t.id, userId: null }, { roundId: id, teamName: t.name, seasonName: row.seasonName, drawAt: row.drawAt.toISOString() })),
    );
    const round = toRound((await repo.findRound(tx, id))!, now);
    await recordAudit(tx, ctx, {
      action: 'opening.cancel',
      entityType: 'opening_round',
      entityId: id,
      summary: `Cancelled the opening round of ${round.seasonName} before its draw; the preferences of ${dropped.length} team${dropped.length === 1 ? '' : 's'} dropped`,
      before,
      after: { ...round, droppedTeams: dropped.map((t) => t.id) },
    });
    return { value: round, slots: 'all' };
  });
}

/** After the draw: the covered slots nobody got become bookable first come, first served (sets firstComeAfter). */
export async function openRest({ db, live, league }: Deps, ctx: AuditContext, id: string, now = new Date()): Promise<OpeningRound> {
  const timeZone = await league.timeZone();
  return commitThenPublish(db, live, async (tx) => {
    const row = await repo.lockRound(tx, id, 'update');
    if (!row) throw roundGone();
    const before = toRound(row, now);
    const refused = statusRefusal('open-rest', before, timeZone);
    if (refused) throw refused;
    if (row.firstComeAfter) return { value: before };
    await repo.updateRound(tx, id, { firstComeAfter: true });
    const round = toRound((await repo.findRound(tx, id))!, now);
    await recordAudit(tx, ctx, {
      action: 'opening.open_rest',
      entityType: 'opening_round',
      entityId: id,
      summary: `Opened the rest of the ${round.seasonName} opening round's slots for booking`,
      before: { firstComeAfter: false },
      after: { firstComeAfter: true },
    });
    return { value: round, slots: 'all' };
  });
}

/**
 * The season's rules as the draw judges them: the team's own limits only. Not the booking window, not how far ahead
 * (the round chose its dates): a full rules object would carry maxAheadDays into checkLimits.
 */
const drawRules = (r: BookingRules): DrawInput['rules'] => ({ maxPerWeek: r.maxPerWeek, maxPerDay: r.maxPerDay, maxUpcoming: r.maxUpcoming, minLeadHours: r.minLeadHours });

const LIMIT_KEYS = ['maxPerWeek', 'maxPerDay', 'maxUpcoming', 'minLeadHours'] as const;
const sameLimits = (a: DrawRules, b: DrawRules) => LIMIT_KEYS.every((k) => a[k] === b[k]);

/** The loosest of several limits: the most per day, week and upcoming, the least notice. */
function loosest(all: readonly DrawRules[]): DrawRules {
  return {
    maxPerWeek: Math.max(...all.map((r) => r.maxPerWeek)),
    maxPerDay: Math.max(...all.map((r) => r.maxPerDay)),
    maxUpcoming: Math.max(...all.map((r) => r.maxUpcoming)),
    minLeadHours: Math.min(...all.map((r) => r.minLeadHours)),
  };
}

/**
 * Every pick checked again against what the draw read, pick by pick in order (issue 29): the slot is one of the free
 * ones, its field is for the team's division, and the team's own limits (its division's, else the season's) allow it
 * with its bookings and its earlier picks. A pick that fails stops the draw: nothing is booked.
 */
function checkPicks(input: DrawInput, result: DrawResult): void {
  const slots = new Map(input.slots.map((s) => [s.id, s]));
  const teams = new Map(input.teams.map((t) => [t.id, t]));
  const now = new Date(input.now);
  const held = new Map<string, DatedStart[]>(input.teams.map((t) => [t.id, t.bookings.map((b) => datedStart(new Date(b), input.timeZone))]));
  for (const pick of result.picks) {
    const team = teams.get(pick.teamId);
    const slot = slots.get(pick.slotId);
    // "…: <why> Nothing was booked": each reason ends with its full stop.
    const refuse = (why: ErrorWords) =>
      new AppError('CONFLICT', { key: 'bookings.drawCannotBook', params: { team: team?.name ?? { key: 'bookings.aTeam' }, field: slot?.label ?? { key: 'bookings.aSlot' }, why } });
    if (!team || !slot) throw refuse({ key: 'opening.drawNotInDraw' });
    if (slot.field && !fieldAllows({ divisions: slot.field.divisions, teamDivision: team.division ?? null })) throw refuse({ key: 'opening.drawOtherDivisions' });
    const dated = datedStart(new Date(slot.startsAt), input.timeZone);
    const allowed = judgeLimits({ rules: team.rules ?? input.rules, slot: dated, teamBookings: held.get(team.id)!, teamName: team.name, now });
    if (!allowed.ok) throw refuse(refusalErrorWords(allowed.refusal));
    held.get(team.id)!.push(dated);
  }
}

// ---- Preferences (coaches) ----

/** The coach's team, or a refusal in the words Book a Field uses. */
function coachTeam(actor: Actor): { id: string; name: string } {
  const refusal = cannotBook(actor, 'rank');
  if (refusal) throw new AppError('FORBIDDEN', refusal.words, { rule: refusal.code });
  return { id: actor.profile.teamId!, name: actor.profile.teamName ?? 'your team' };
}

/**
 * The team's list in a round (its coaches only: the team comes from the session), and when the team may start saving
 * it: its division's own time in the round (issue 29), else the round's.
 */
export async function preferences(db: Database, actor: Actor, id: string): Promise<TeamPreferences> {
  const team = coachTeam(actor);
  const row = await repo.findRound(db, id);
  if (!row) throw roundGone();
  const saved = await repo.preferencesOf(db, id, team.id);
  const division = (await repo.divisionsOfTeams(db, [team.id])).get(team.id) ?? null;
  const own = division ? row.divisionOpens.find((d) => d.divisionId === division.divisionId) : undefined;
  return {
    slotIds: saved.slotIds,
    maxPreferences: row.maxPreferences,
    savedAt: saved.savedAt?.toISOString() ?? null,
    listsOpenAt: (own?.opensAt ?? row.opensAt).toISOString(),
    divisionName: division?.divisionName ?? null,
  };
}

/** Why a round takes no list at its status, in words, or null while it is open. */
function windowRefusal(round: OpeningRound, timeZone: string): AppError | null {
  const conflict = (words: ErrorWords) => new AppError('CONFLICT', words, { rule: `ROUND_${round.status.toUpperCase()}` });
  switch (round.status) {
    case 'open':
      return null;
    case 'announced':
      return conflict({ key: 'opening.windowNotOpenYet', params: { opens: dateTimeParam(round.opensAt, timeZone) } });
    case 'closed':
      return conflict({ key: 'opening.windowClosed', params: { closed: dateTimeParam(round.closesAt, timeZone), drawAt: dateTimeParam(round.drawAt, timeZone) } });
    case 'drawn':
      return conflict({ key: 'opening.windowDrawn', params: { drawnAt: dateTimeParam(round.drawnAt!, timeZone) } });
    case 'cancelled':
      return conflict({ key: 'opening.windowCancelled' });
  }
}

/** A slot of the list refused: the words by key, and in English beside the list (`fields.slotIds`). */
const refuseSlot = (words: ErrorWords, slotId: string, rule: string) => new AppError('RULE_VIOLATION', words, { rule, slotId, fields: { slotIds: wordsIn('en', words) } });

/**
 * Why the long way refuses a team's list (the round's window, its length, then each slot in rank order as the draw
 * will see it: in the round's dates, not blocked or taken, and one the team's limits could ever allow, drawProblem
 * judged at the draw time with the team's bookings now), in the words a coach sees; null when nothing does.
 * Issue 29: before the team's division's own time in the round its list waits (DIVISION_NOT_OPEN), a slot on a field
 * of other divisions is refused (FIELD_DIVISION, the booking's words), and the limits are the division's own where
 * it set them. `cgsl_save_preferences` (migrations 0015, 0020) must never save a list this refuses
 * (opening/save-call.api.test.ts).
 */
export function preferencesRefusal(facts: repo.SaveFacts, slotIds: readonly string[], team: { name: string }, timeZone: string, now: Date): AppError | null {
  const { round: row } = facts;
  const round = toRound(row, now);
  // The staged opening (issue 29): before its division's own time, a team's list waits, whatever the round's status
  // before its close.
  const { divisionName, listsOpenAt } = facts.team;
  if (divisionName && listsOpenAt && now < listsOpenAt && (round.status === 'announced' || round.status === 'open')) return listsNotOpen(divisionName, listsOpenAt, timeZone);
  const closed = windowRefusal(round, timeZone);
  if (closed) return closed;
  // The team's division's own limits where it set them (issue 29), else the season's.
  const rules = drawRules(rulesForDivision({ ...DEFAULT_BOOKING_RULES, ...facts.rules }, facts.team.overrides));
  if (slotIds.length > row.maxPreferences) {
    const params = { max: row.maxPreferences, count: slotIds.length, extra: slotIds.length - row.maxPreferences };
    return new AppError('RULE_VIOLATION', { key: 'opening.tooManyPreferences', params }, {
      rule: 'TOO_MANY_PREFERENCES',
      fields: { slotIds: `At most ${row.maxPreferences}` },
    });
  }
  const slots = new Map(facts.slots.map((s) => [s.id, s]));
  const drawAt = row.drawAt.toISOString();
  for (const slotId of slotIds) {
    const slot = slots.get(slotId);
    if (!slot) return refuseSlot({ key: 'opening.slotGone' }, slotId, 'SLOT_GONE');
    const label = slotLabelParam(slot, timeZone);
    const { day } = datedStart(new Date(slot.startsAt), timeZone);
    if (slot.seasonId !== row.seasonId || day < row.coversFrom || day > row.coversTo) {
      return refuseSlot({ key: 'opening.slotNotCovered', params: { slot: label, from: dayParam(row.coversFrom), to: dayParam(row.coversTo) } }, slotId, 'NOT_COVERED');
    }
    if (!fieldAllows({ divisions: slot.fieldDivisions, teamDivision: divisionName })) {
      const words = refusalErrorWords({ code: 'FIELD_DIVISION', fieldName: slot.fieldName, teamName: team.name, divisionName, divisions: slot.fieldDivisions });
      return refuseSlot(words, slotId, 'FIELD_DIVISION');
    }
    if (slot.status === 'blocked') {
      const words: ErrorWords = slot.blockReason
        ? { key: 'opening.slotBlockedReason', params: { slot: label, reason: slot.blockReason } }
        : { key: 'opening.slotBlocked', params: { slot: label } };
      return refuseSlot(words, slotId, 'SLOT_BLOCKED');
    }
    if (slot.status === 'booked') return refuseSlot({ key: 'opening.slotBooked', params: { slot: label } }, slotId, 'SLOT_TAKEN');
    const problem = drawRefusal({ rules, timeZone, drawAt, slot, team: { name: team.name, bookings: facts.teamStarts } });
    if (problem) return refuseSlot({ key: 'opening.neverAllowed', params: { slot: label, team: team.name, problem: refusalErrorWords(problem) } }, slotId, 'NEVER_ALLOWED');
  }
  return null;
}

/**
 * Saves a coach's ranked list while the window is open. First in one database call (`cgsl_save_preferences`,
 * migration 0015: the checks of `preferencesRefusal` in SQL and the write, under the round's KEY SHARE lock), which
 * saves whatever nothing stands in the way of: 1,000 coaches may save within a second when a window opens. When it
 * does not save, the long way finds why: one statement reads the facts (`saveFacts`), `preferencesRefusal` words the
 * refusal (naming the slot), and if nothing refuses any more (a booking cancelled meanwhile) one statement writes:
 * the team's own row replaced under the round's KEY SHARE lock, so saves never wait for each other and a draw or a
 * cancel (FOR UPDATE) waits for the saves in flight.
 */
export async function savePreferences({ db, league }: Deps, actor: Actor, id: string, slotIds: readonly string[]): Promise<{ slotIds: string[]; savedAt: string | null }> {
  const team = coachTeam(actor);
  const timeZone = await league.timeZone();
  const quick = await repo.savePreferencesInOneCall(db, { roundId: id, teamId: team.id, slotIds, now: new Date(), timeZone });
  if (quick.saved) return { slotIds: [...slotIds], savedAt: quick.savedAt };

  const facts = await repo.saveFacts(db, id, team.id, slotIds);
  if (!facts) throw roundGone();
  const refusal = preferencesRefusal(facts, slotIds, team, timeZone, new Date());
  if (refusal) throw refusal;
  const at = new Date();
  // Two saves of one team's list at the same moment (two tabs, two coaches of the team): the later one is kept, whole.
  const saved = await repo.replacePreferencesWhileOpen(db, id, team.id, slotIds, at);
  if (!saved) throw roundGone();
  // The window as the lock found it: a cancel or a draw that committed meanwhile, or the close passing, refuses the
  // save (and the statement wrote nothing, by the same rule); so does the team's division's time, were it later.
  const refused = windowRefusal(toRound({ ...facts.round, ...saved.round }, at), timeZone);
  if (refused) throw refused;
  if (saved.team.listsOpenAt && at < saved.team.listsOpenAt) throw listsNotOpen(facts.team.divisionName ?? 'your division', saved.team.listsOpenAt, timeZone);
  if (!saved.written) throw new Error('The preference save wrote nothing while the window was open');
  return { slotIds: [...slotIds], savedAt: saved.savedAt?.toISOString() ?? null };
}

// ---- The draw ----

/**
 * The instant the draw is judged at (lead time, "upcoming"): its draw time, whenever the draw actually runs after it
 * (the worker a moment late, a restart after a crash mid-apply), so running it again gives the same result; an
 * admin's "draw now" before the draw time is judged at the press.
 */
export const judgedAt = (drawAt: Date, now: Date) => (now < drawAt ? now : drawAt);

/**
 * Draws a locked round in the caller's transaction: the teams that ranked slots and the covered slots are locked and
 * read (bookings.service `bookDrawInTransaction`), `draw()` runs on what was read, every pick is booked with an audit
 * entry, the round records the result and the inputs (revealing the seed), one `opening.draw` audit entry holds the
 * seed, its hash and the order, and one email per team goes to its coaches. A failure anywhere rolls all of it back.
 */
async function applyDraw(tx: Database, ctx: AuditContext, row: repo.RoundRow, timeZone: string, now: Date): Promise<{ picks: string[]; input: DrawInput; result: DrawResult }> {
  const lists = await repo.allPreferences(tx, row.id);
  const seasonRules = await rulesOfSeason(tx, row.seasonId);
  const rules = drawRules(seasonRules);
  // Issue 29: each division's own limits this season, where it set them (else the season's).
  const divisionLimits = new Map((await divisionRulesOfSeason(tx, row.seasonId)).map((d) => [d.divisionId, drawRules(rulesForDivision(seasonRules, d))]));
  const at = judgedAt(row.drawAt, now);
  const { start, end } = localDayRange(row.coversFrom, row.coversTo, timeZone);
  const { decided } = await bookDrawInTransaction(
    tx,
    ctx,
    // The bookings module checks every pick again with one set of limits: the loosest of the season's and the
    // divisions', so that no pick a division's own limits allow is refused there; the draw's own, per team, are
    // checked again here (`checkPicks`) before anything is booked.
    { seasonId: row.seasonId, start, end, teamIds: [...lists.keys()], now: at, timeZone, rules: loosest([rules, ...divisionLimits.values()]) },
    async (facts) => {
      // Read once the teams and the slots are locked: a team's division is on its (locked) row.
      const teamDivisions = await repo.divisionsOfTeams(
        tx,
        facts.teams.map((t) => t.id),
      );
      // Free at the draw, and not started by the time it actually runs (a server down past the draw time).
      const free = facts.slots.filter((s) => s.free && s.startsAt > now);
      const limited = await repo.limitedFieldsOfSlots(
        tx,
        free.map((s) => s.id),
      );
      const input: DrawInput = {
        roundId: row.id,
        seed: row.seed,
        timeZone,
        now: at.toISOString(),
        rules,
        weighting: row.weighting,
        slots: free.map((s) => {
          const field = limited.get(s.id);
          return { id: s.id, startsAt: s.startsAt.toISOString(), endsAt: s.endsAt.toISOString(), label: slotLabel(s, timeZone), ...(field ? { field } : {}) };
        }),
        // A team made inactive since it ranked its slots takes no part.
        teams: facts.teams
          .filter((t) => t.active)
          .map((t) => {
            const division = teamDivisions.get(t.id);
            const own = division ? divisionLimits.get(division.divisionId) : undefined;
            return {
              id: t.id,
              name: t.name,
              bookings: t.bookings.map((b) => b.startsAt.toISOString()).sort(),
              primeHours: primeHours(
                t.bookings.filter((b) => b.seasonId === row.seasonId),
                timeZone,
              ),
              preferences: lists.get(t.id) ?? [],
              ...(division ? { division: division.divisionName } : {}),
              ...(own && !sameLimits(own, rules) ? { rules: own } : {}),
            };
          }),
      };
      const result = draw(input);
      checkPicks(input, result);
      const picks: DrawPickToBook[] = result.picks.map((p) => ({
        teamId: p.teamId,
        slotId: p.slotId,
        note: `opening round draw, round ${p.round}, ${ordinal(p.rank)} choice`,
        details: { openingRoundId: row.id, round: p.round, rank: p.rank },
      }));
      return { picks, input, result };
    },
  );
  const { input, result } = decided;
  await repo.markDrawn(tx, row.id, now, result, input);
  await repo.keepingSeedSecret('Writing the draw in the audit log', () =>
    recordAudit(tx, ctx, {
      action: 'opening.draw',
      entityType: 'opening_round',
      entityId: row.id,
      summary: `Drew the opening round of ${row.seasonName}: ${result.picks.length} practice${result.picks.length === 1 ? '' : 's'} booked for ${input.teams.length} team${input.teams.length === 1 ? '' : 's'}, ${result.leftover.length} slot${result.leftover.length === 1 ? '' : 's'} left over`,
      after: { seed: row.seed, seedHash: row.seedHash, order: result.order, judgedAt: input.now, picks: result.picks.length, missed: result.missed.length, leftover: result.leftover.length },
    }),
  );
  await queueNotifications(tx, await drawEmails(tx, row, input, result, timeZone));
  await drawPause();
  return { picks: result.picks.map((p) => p.slotId), input, result };
}

/** One notification per team of the draw (each of its coaches gets the email): what it got, what it missed and why. */
async function drawEmails(tx: Database, row: repo.RoundRow, input: DrawInput, result: DrawResult, timeZone: string) {
  const labels = new Map(input.slots.map((s) => [s.id, s.label]));
  // Each slot's field and start too, for an email in another language (the labels are the published inputs' English).
  const named = [...new Set([...result.picks, ...result.missed].map((x) => x.slotId))];
  const slots = new Map<string, DrawnSlot>();
  for (const s of await repo.slotsWithField(tx, named)) {
    slots.set(s.id, { fieldName: s.fieldName, startsAt: s.startsAt.toISOString() });
    if (!labels.has(s.id)) labels.set(s.id, slotLabel(s, timeZone));
  }
  // A slot deleted since the draw began is named as gone, in the email's language.
  const slotOf = (id: string) => {
    const slot = slots.get(id);
    return slot ? { slot } : { gone: true as const };
  };
  return input.teams.map((t) =>
    notification(
      'opening.drawn',
      { teamId: t.id, userId: null },
      {
        roundId: row.id,
        teamName: t.name,
        seasonName: row.seasonName,
        got: result.picks.filter((p) => p.teamId === t.id).map((p) => ({ round: p.round, rank: p.rank, label: labels.get(p.slotId)!, ...slotOf(p.slotId) })),
        missed: result.missed
          .filter((m) => m.teamId === t.id)
          .map((m) => ({ rank: m.rank, label: labels.get(m.slotId) ?? slotGoneLabel(), reason: m.reason, ...slotOf(m.slotId) })),
      },
    ),
  );
}

/**
 * OPENING_DRAW_PAUSE_MS, read only by tests (opening-crash.api.test.ts): the apply waits this long at its end, every
 * booking, audit entry and email written but not committed, and says so on stderr, so a test can kill the server in
 * the middle of a draw. Unset (always, outside tests), it costs nothing.
 */
async function drawPause(): Promise<void> {
  const ms = Number(process.env.OPENING_DRAW_PAUSE_MS ?? 0);
  if (ms > 0) {
    console.warn(`opening draw: pausing ${ms} ms inside the apply (OPENING_DRAW_PAUSE_MS)`);
    await new Promise((resolve) => setTimeout(resolve, ms));
  }
}

/** An admin's "draw now", once the preference window has closed (409 in words before, or once drawn). */
export async function drawNow({ db, live, league }: Deps, ctx: AuditContext, id: string, now = new Date()): Promise<OpeningRound> {
  const timeZone = await league.timeZone();
  return commitThenPublish(db, live, async (tx) => {
    // Waits while the worker draws it; then finds it drawn and says so.
    const row = await repo.lockRound(tx, id, 'update');
    if (!row) throw roundGone();
    const refused = statusRefusal('draw', toRound(row, now), timeZone);
    if (refused) throw refused;
    await applyDraw(tx, ctx, row, timeZone, now);
    return { value: toRound((await repo.findRound(tx, id))!, now), slots: 'all' };
  });
}

/**
 * The mail worker's due work (app.ts hands it over): draws every round whose draw time has come, one transaction
 * each. SKIP LOCKED: a round another server (or an admin's "draw now") is drawing is left to it, so each round is
 * drawn exactly once however many servers run a worker. Returns the ids drawn.
 */
export async function drawDueRounds({ db, live, league }: Deps, now = new Date()): Promise<string[]> {
  const drawn: string[] = [];
  const timeZone = await league.timeZone();
  for (let i = 0; i < DUE_PER_PASS; i++) {
    const id = await commitThenPublish(db, live, async (tx) => {
      const row = await repo.lockDueRound(tx, now);
      if (!row) return { value: null };
      await applyDraw(tx, SYSTEM, row, timeZone, now);
      return { value: row.id, slots: 'all' };
    });
    if (!id) break;
    drawn.push(id);
  }
  return drawn;
}
