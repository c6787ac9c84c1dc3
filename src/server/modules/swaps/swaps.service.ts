import type { z } from 'zod';
import type { Actor, ServerContext } from '../../context';
import type { Database } from '../../db/client';
import { onUniqueViolation } from '../../db/unique-violation';
import { AppError, dateTimeParam, dayParam, listParam, type ErrorParam, type ErrorWords } from '../../errors';
import { localDay } from '../../../shared/bookings/booking-rules';
import type { Locale } from '../../../shared/i18n/locales';
import type { Booking } from '../../../shared/bookings/bookings.schemas';
import type { MySwaps, SwapOffer, SwapPractice, SwapState, swapAcceptRequestSchema, swapOfferRequestSchema } from '../../../shared/swaps/swaps.schemas';
import { recordAudit, type AuditContext } from '../audit/audit.service';
import { useCredit } from '../makeup-credits/makeup-credits.service';
import { bookingSeenBy, cannotBook, fieldDivisionRefusal, followedTeam, lockTeamsInOrder, raceAsTaken, refusalError } from '../bookings/bookings.service';
import { commitThenPublish, type Changed } from '../live/live.service';
import { notification, queueNotifications, type SwapPracticeFacts } from '../notifications/notifications.service';
import { bookedForTeam, lockSlot } from '../slots/slots.service';
import * as repo from './swaps.repository';

// Practice swaps between teams (issue 29, decision 036). A coach offers one of the team's upcoming practices to one
// other team, in trade for one of that team's (one chosen, or "any of these") or as a gift; that team's coach accepts
// or declines. Accepting cancels the practices and books them the other way round in one transaction, each team's new
// practice decided by the database's own booking decision under both teams' rules and the fields' divisions.

export type OfferRequest = z.output<typeof swapOfferRequestSchema>;
export type AcceptRequest = z.output<typeof swapAcceptRequestSchema>;
type Refusal = Parameters<typeof refusalError>[0];
/** How an acceptance's transaction ended: booked, or the offer no longer open (a refusal of a rule throws). */
type AcceptOutcome =
  | { kind: 'accepted'; bookingId: string }
  | { kind: 'closed'; state: SwapState; expiresAt: Date }
  | { kind: 'void'; words: ErrorWords };

/** How many decided offers a team sees (GET /api/swaps/mine). */
const RECENT = 20;
const HOUR = 3_600_000;

const swapsOff = () => new AppError('RULE_VIOLATION', { key: 'swaps.off' }, { rule: 'SWAPS_OFF' });
const offerNotFound = () => new AppError('NOT_FOUND', { key: 'swaps.offerNotFound' });
const practiceNotYours = () => new AppError('NOT_FOUND', { key: 'swaps.practiceNotYours' });

/** "Cardinals'" or "Team 2's". */
const possessive = (name: string) => (/s$/i.test(name) ? `${name}'` : `${name}'s`);
/** In words: "Cardinals'" in English, where Spanish says "de Cardinals" with the name alone. */
const whose = (name: string) => (locale: Locale) => (locale === 'en' ? possessive(name) : name);
/** A practice's day in the league's zone, in words. */
const dayParamOf = (p: { startsAt: Date }, timeZone: string) => dayParam(localDay(p.startsAt, timeZone));

/** The team this coach swaps for; why not in words (a visitor, someone without a team, a member). */
function coachTeam(actor: Actor): string {
  const refusal = cannotBook(actor, 'swap');
  if (refusal) throw new AppError(refusal.code === 'SIGN_IN' ? 'UNAUTHENTICATED' : 'FORBIDDEN', refusal.words, { rule: refusal.code });
  return actor.profile.teamId!;
}

/** Why an offer that is no longer open cannot be answered. */
function notOpen(state: SwapState, expiresAt: Date, timeZone: string): AppError {
  const words: Record<Exclude<SwapState, 'open'>, ErrorWords> = {
    accepted: { key: 'swaps.alreadyAccepted' },
    declined: { key: 'swaps.alreadyDeclined' },
    withdrawn: { key: 'swaps.withdrawn' },
    expired: { key: 'swaps.expired', params: { cutoff: dateTimeParam(expiresAt, timeZone) } },
    void: { key: 'swaps.void' },
  };
  return new AppError('CONFLICT', words[state as Exclude<SwapState, 'open'>] ?? { key: 'swaps.notOpen' }, { rule: `SWAP_${state.toUpperCase()}` });
}

/** What became of a practice that was to be traded, or null while it still stands where it stood. */
function practiceGone(p: repo.PracticeFacts | undefined, expected: { teamId: string }, now: Date): ErrorWords | null {
  if (!p || p.teamId !== expected.teamId) return { key: 'swaps.happenedGone' };
  if (p.status !== 'confirmed') return p.swapId ? { key: 'swaps.happenedTraded' } : { key: 'swaps.happenedCancelled' };
  if (p.startsAt.getTime() <= now.getTime()) return { key: 'swaps.happenedStarted' };
  return null;
}

const practiceFacts = (p: repo.PracticeFacts): SwapPracticeFacts => ({ fieldName: p.fieldName, startsAt: p.startsAt.toISOString(), endsAt: p.endsAt.toISOString() });
const practiceIso = (p: repo.PracticeFacts) => `${p.fieldName} at ${p.startsAt.toISOString()}`;

/**
 * A coach offers one of the team's upcoming confirmed practices to one other active team: in trade for one of that
 * team's upcoming confirmed practices (`swap`), or for nothing (`give`). It expires at the earliest cancellation
 * cutoff among the practices. The other team's coaches are emailed. A practice is on offer once at a time. An offer the
 * other side could never accept for a field of other divisions (issue 29) is refused.
 */
export async function offer({ db, live, league }: ServerContext, ctx: AuditContext, actor: Actor, input: OfferRequest, now = new Date()): Promise<SwapOffer> {
  const teamId = coachTeam(actor);
  const { timeZone, swapsEnabled } = await league.get();
  if (!swapsEnabled) throw swapsOff();
  const wantedIds = input.kind === 'swap' ? [...new Set(input.wantedBookingIds)] : [];
  if (wantedIds.includes(input.bookingId)) {
    throw new AppError('VALIDATION_FAILED', { key: 'swaps.tradeForItself' }, { fields: { wantedBookingIds: 'Choose practices of the other team' } });
  }
  const alreadyOnOffer = (toTeamName: string | null) =>
    new AppError('CONFLICT', toTeamName ? { key: 'swaps.alreadyOnOfferTo', params: { team: toTeamName } } : { key: 'swaps.alreadyOnOffer' }, { rule: 'ALREADY_ON_OFFER' });

  const id = await onUniqueViolation(
    () =>
      commitThenPublish(db, live, async (tx) => {
        // Who the offer is to: named for a gift, the owner of the wanted practices for a swap (read before the locks, and
        // again after them).
        const seen = await repo.practices(tx, [input.bookingId, ...wantedIds]);
        if (seen.find((p) => p.bookingId === input.bookingId)?.teamId !== teamId) throw practiceNotYours();
        let toTeamId: string;
        if (input.kind === 'give') {
          toTeamId = input.toTeamId;
          if (toTeamId === teamId) throw new AppError('VALIDATION_FAILED', { key: 'swaps.giveToOwnTeam' }, { fields: { toTeamId: 'Choose another team' } });
        } else {
          const wanted = seen.filter((p) => p.bookingId !== input.bookingId);
          if (wanted.length !== wantedIds.length) {
            throw new AppError('NOT_FOUND', { key: 'swaps.wantedGone' });
          }
          const owners = new Set(wanted.map((p) => p.teamId));
          if (owners.has(teamId)) throw new AppError('VALIDATION_FAILED', { key: 'swaps.askForOwn' }, { fields: { wantedBookingIds: 'Choose practices of another team' } });
          if (owners.size > 1) {
            throw new AppError('VALIDATION_FAILED', { key: 'swaps.askForOneTeam' }, {
              fields: { wantedBookingIds: 'Choose practices of one team' },
            });
          }
          toTeamId = [...owners][0]!;
        }

        // The teams' rows in id order, as every booking change takes them: an acceptance of one of these practices
        // queues behind this offer, or it ahead of it, and what the offer checks is read after.
        const locked = await lockTeamsInOrder(tx, [teamId, toTeamId].sort());
        const from = locked.find((t) => t.id === teamId);
        const to = locked.find((t) => t.id === toTeamId);
        if (!from?.active) throw new AppError('FORBIDDEN', { key: 'swaps.ownTeamInactive' });
        if (!to) throw new AppError('NOT_FOUND', { key: 'swaps.teamUnknown' }, { fields: { toTeamId: 'Choose a team' } });
        if (!to.active) throw new AppError('CONFLICT', { key: 'swaps.teamInactive', params: { team: to.name } }, { rule: 'TEAM_INACTIVE' });

        const facts = await repo.practices(tx, [input.bookingId, ...wantedIds]);
        const offered = facts.find((p) => p.bookingId === input.bookingId)!;
        if (offered.status !== 'confirmed') throw new AppError('CONFLICT', { key: 'swaps.offeredCancelled' }, { rule: 'NOT_CONFIRMED' });
        if (offered.startsAt.getTime() <= now.getTime()) throw new AppError('CONFLICT', { key: 'swaps.offeredStarted' }, { rule: 'SLOT_PAST' });
        const wanted = facts.filter((p) => p.bookingId !== input.bookingId);
        for (const w of wanted) {
          if (w.status !== 'confirmed' || w.startsAt.getTime() <= now.getTime()) {
            const params = { whose: whose(w.teamName), day: dayParamOf(w, timeZone) };
            throw new AppError('CONFLICT', { key: w.status !== 'confirmed' ? 'swaps.wantedCancelled' : 'swaps.wantedStarted', params }, {
              rule: 'WANTED_GONE',
            });
          }
        }
        // An offer the other side could never accept (issue 29): the receiving team on the offered practice's field, and for
        // a trade the offering team on each wanted practice's field, refused in the booking call's words. The acceptance
        // judges again, with the database's decision, should a field's divisions change in between.
        const otherDivision = (r: Awaited<ReturnType<typeof fieldDivisionRefusal>>, fix: ErrorWords) => {
          if (!r) return null;
          const params: Record<string, ErrorParam> = { field: r.fieldName, divisions: listParam(r.divisions), team: r.teamName, fix };
          const words: ErrorWords = r.divisionName
            ? { key: 'swaps.fieldDivision', params: { ...params, division: r.divisionName } }
            : { key: 'swaps.fieldDivisionNoDivision', params };
          return new AppError('RULE_VIOLATION', words, { rule: 'FIELD_DIVISION', team: r.teamName });
        };
        const notForThem = otherDivision(await fieldDivisionRefusal(tx, offered.fieldId, to), { key: 'swaps.offerToAnother', params: { team: to.name } });
        if (notForThem) throw notForThem;
        for (const w of wanted) {
          const fix: ErrorWords = { key: 'swaps.askForOthers', params: { team: from.name, whose: whose(w.teamName), day: dayParamOf(w, timeZone) } };
          const notForUs = otherDivision(await fieldDivisionRefusal(tx, w.fieldId, from), fix);
          if (notForUs) throw notForUs;
        }
        // The earliest cancellation cutoff among them: after it a coach could no longer cancel one of the practices.
        const cutoffs = [offered, ...wanted].map((p) => ({ p, at: new Date(p.startsAt.getTime() - p.cancelCutoffHours * HOUR) }));
        const first = cutoffs.reduce((a, b) => (b.at.getTime() < a.at.getTime() ? b : a));
        if (first.at.getTime() <= now.getTime()) {
          const params = { hours: first.p.cancelCutoffHours, start: dateTimeParam(first.p.startsAt, timeZone) };
          throw new AppError('RULE_VIOLATION', { key: input.kind === 'give' ? 'swaps.tooLateToGive' : 'swaps.tooLateToSwap', params }, { rule: 'CANCEL_CUTOFF' });
        }

        // An earlier offer of this practice that expired or lost a practice ends for good; one still open refuses.
        await repo.settleStaleOffersOf(tx, offered.bookingId, now);
        const open = await repo.openOfferOf(tx, offered.bookingId);
        if (open) throw alreadyOnOffer(open.toTeamName);
        const note = input.note?.trim() || null;
        const offerId = await repo.insertOffer(tx, {
          kind: input.kind,
          bookingId: offered.bookingId,
          fromTeamId: from.id,
          toTeamId: to.id,
          wantedBookingIds: wanted.map((w) => w.bookingId),
          note,
          expiresAt: first.at,
          createdBy: actor.userId,
        });
        await recordAudit(tx, ctx, {
          action: 'swap.offer',
          entityType: 'swap',
          entityId: offerId,
          summary:
            input.kind === 'give'
              ? `${from.name} offered to give ${to.name} their practice on ${practiceIso(offered)}`
              : `${from.name} offered ${to.name} their practice on ${practiceIso(offered)} in trade for ${wanted.length === 1 ? practiceIso(wanted[0]!) : `one of ${wanted.length} practices`}`,
          after: { kind: input.kind, bookingId: offered.bookingId, fromTeamId: from.id, toTeamId: to.id, wantedBookingIds: wanted.map((w) => w.bookingId), expiresAt: first.at.toISOString(), note },
        });
        await queueNotifications(tx, [
          notification('swap.offered', { teamId: to.id, userId: null }, {
            swapId: offerId,
            kind: input.kind,
            teamName: to.name,
            otherTeamName: from.name,
            offered: practiceFacts(offered),
            wanted: wanted.map(practiceFacts),
            note,
            expiresAt: first.at.toISOString(),
          }),
        ]);
        return { value: offerId };
      }),
    // Two offers of one practice at once: the one-open-offer-per-practice index refuses the second.
    () => alreadyOnOffer(null),
  );
  return (await offerOf(db, id, teamId, now))!;
}

/**
 * The other team's coach accepts: in one transaction, under both teams' rows and both slots (locked in id order, as
 * every booking change takes them), the offer is read again and must still be open and not expired, and both practices
 * still confirmed where they were. Then both are cancelled (marked with the swap), and each team's new practice is
 * decided by the database's booking decision, as a coach's press would be: every rule of the team and its division,
 * and the field's divisions. A refusal rolls everything back and says which team and which rule. Otherwise the two
 * practices are booked the other way round, the offer is accepted, other open offers of the two practices end, both
 * teams are emailed, and live pages and calendar feeds hear of both slots after the commit.
 *
 * An offer whose practice is gone (cancelled, traded, started) or was moved by an admin since the offer was made is
 * marked void in its own commit and refused in words; but for "any of these", a chosen practice gone or moved while
 * another asked for is still confirmed is refused and the offer stands (the coach chooses another).
 */
export async function accept({ db, live, league }: ServerContext, ctx: AuditContext, actor: Actor, offerId: string, input: AcceptRequest, now = new Date()): Promise<{ offer: SwapOffer; booking: Booking }> {
  const teamId = coachTeam(actor);
  const found = await repo.findOffer(db, offerId);
  if (!found || found.toTeamId !== teamId) throw offerNotFound();
  const { timeZone, swapsEnabled } = await league.get();
  if (!swapsEnabled) throw swapsOff();
  if (found.kind === 'swap') {
    if (!input.bookingId || !found.wantedBookingIds.includes(input.bookingId)) {
      throw new AppError('VALIDATION_FAILED', { key: 'swaps.chooseInTrade' }, { fields: { bookingId: 'Choose one of the practices asked for' } });
    }
  } else if (input.bookingId) {
    throw new AppError('VALIDATION_FAILED', { key: 'swaps.giftTakesNothing' }, { fields: { bookingId: 'Leave this out for a gift' } });
  }
  if (found.state !== 'open') throw notOpen(found.state, found.expiresAt, timeZone);
  const givenId = found.bookingId;
  const takenId = found.kind === 'swap' ? input.bookingId! : null;
  const ids = takenId ? [givenId, takenId] : [givenId];

  const outcome = await raceAsTaken(() =>
    commitThenPublish(db, live, async (tx): Promise<Changed<AcceptOutcome>> => {
      // Where the practices are, read before the locks to know which slots to lock; read again after them.
      const seen = await repo.practices(tx, ids);
      const slotOf = new Map(seen.map((p) => [p.bookingId, p.slotId]));
      const teams = await lockTeamsInOrder(tx, [found.fromTeamId, found.toTeamId].sort());
      for (const slotId of [...new Set(slotOf.values())].sort()) await lockSlot(tx, slotId);
      const offerRow = await repo.lockOffer(tx, offerId);
      if (!offerRow || offerRow.state !== 'open') return { value: { kind: 'closed', state: offerRow?.state ?? 'void', expiresAt: found.expiresAt } };
      if (offerRow.expiresAt.getTime() <= now.getTime()) {
        await repo.decideOffer(tx, offerId, 'expired', null, now);
        return { value: { kind: 'closed', state: 'expired', expiresAt: offerRow.expiresAt } };
      }

      const current = new Map((await repo.practices(tx, ids)).map((p) => [p.bookingId, p]));
      const given = current.get(givenId);
      const taken = takenId ? current.get(takenId) : undefined;
      const sides = [
        { id: givenId, p: given, teamId: offerRow.fromTeamId },
        ...(takenId ? [{ id: takenId, p: taken, teamId: offerRow.toTeamId }] : []),
      ];
      // A practice moved since the offer was made is not the one offered (nor is its cutoff the one the offer expires
      // at), so the offer ends, however long ago the move was. No column keeps the slot an offer was made for, but an
      // admin's move changes the booking's slot in place and migration 0007's trigger stamps its `changed_at` with the
      // move's transaction start; the offer's `created_at` is its own transaction's start, on the same clock. A move and
      // an offer of one practice queue on its team's row, which the move takes as its first statement and the offer after
      // a read, so the one that comes second also began second (short of a move stalled between BEGIN and that first
      // statement while a whole offer starts and locks). A rain-out's practice cancelled and put back since the offer
      // counts as changed too (the offer read void meanwhile). The cutoffs are judged again below on the practices as
      // they are, so no trade passes a cutoff whatever the stamps say.
      const changed = await repo.changedSinceOffer(tx, offerId, ids);
      for (const side of sides) {
        const gone = practiceGone(side.p, side, now);
        // Moved between the read before the locks and now: the slot locked is not its slot; moved all the same.
        const moved = !gone && (changed.has(side.id) || side.p!.slotId !== slotOf.get(side.id));
        if (!gone && !moved) continue;
        const happened = gone ?? { key: 'swaps.happenedMoved', params: { now: dateTimeParam(side.p!.startsAt, timeZone), field: side.p!.fieldName } };
        // "Any of these": the practice chosen in trade is gone or moved, but another asked for is still confirmed: the
        // offer stands (as reads say), and the coach chooses another. Nothing was written yet.
        if (side.id === takenId) {
          const others = offerRow.wantedBookingIds.filter((id) => id !== takenId);
          if ((await repo.practices(tx, others)).some((p) => p.status === 'confirmed')) {
            throw new AppError('CONFLICT', { key: 'swaps.yoursChanged', params: { happened } }, { rule: gone ? 'WANTED_GONE' : 'PRACTICE_MOVED' });
          }
        }
        // Nothing was written yet: the offer ends (void), committed on its own, and the coach is told why.
        await repo.decideOffer(tx, offerId, 'void', null, now);
        const team = teams.find((t) => t.id === side.teamId)?.name;
        const owner = team ? whose(team) : { key: 'swaps.theOtherTeams' as const };
        const words: ErrorWords =
          gone && side.p
            ? { key: 'swaps.practiceOnDayChanged', params: { whose: owner, day: dayParamOf(side.p, timeZone), happened } }
            : { key: 'swaps.practiceChanged', params: { whose: owner, happened } };
        return { value: { kind: 'void', words } };
      }
      // Each practice's cutoff as it is now (its season's rules may have changed since the offer was made): past it, the
      // offer has expired, whatever it was stamped with.
      for (const side of sides) {
        const cutoff = new Date(side.p!.startsAt.getTime() - side.p!.cancelCutoffHours * HOUR);
        if (cutoff.getTime() <= now.getTime()) {
          await repo.decideOffer(tx, offerId, 'expired', null, now);
          return { value: { kind: 'closed', state: 'expired', expiresAt: cutoff } };
        }
      }
      const from = teams.find((t) => t.id === offerRow.fromTeamId)!;
      const to = teams.find((t) => t.id === offerRow.toTeamId)!;
      for (const team of [to, from]) {
        if (!team.active) throw new AppError('CONFLICT', { key: 'swaps.refusedTeamInactive', params: { team: team.name } }, { rule: 'TEAM_INACTIVE', team: team.name });
      }

      // Both practices are cancelled first, so each team's new practice is judged without the one it gives.
      // (Under these locks nothing else cancels them; the update's condition has the last word all the same.)
      const verb = taken ? 'Swapped with' : 'Given to';
      const cancelled = [await repo.cancelForSwap(tx, given!.bookingId, actor.userId, `${verb} ${to.name}`, offerId)];
      if (taken) cancelled.push(await repo.cancelForSwap(tx, taken.bookingId, actor.userId, `Swapped with ${from.name}`, offerId));
      if (cancelled.includes(false)) throw new AppError('CONFLICT', { key: 'swaps.practiceRaced' }, { rule: 'PRACTICE_CHANGED' });

      // Each team on the other's slot, decided by the database as a coach's press is (cgsl_booking_decision).
      const moves = [
        { team: to, practice: given!, bookedBy: actor.userId },
        ...(taken ? [{ team: from, practice: taken, bookedBy: offerRow.createdBy }] : []),
      ];
      const decided: Array<(typeof moves)[number] & { creditId: string | null }> = [];
      for (const move of moves) {
        const answer = await repo.bookingDecision(tx, move.team.id, move.practice.slotId, now, timeZone);
        if (!answer.ok) {
          const refusal = refusalOf(answer);
          const worded = refusalError(refusal, timeZone);
          throw new AppError('CONFLICT', { key: 'swaps.refusedFor', params: { team: move.team.name, reason: worded.words ?? worded.message } }, { rule: refusal.code, team: move.team.name });
        }
        decided.push({ ...move, creditId: typeof answer.makeupCreditId === 'string' ? answer.makeupCreditId : null });
      }

      const booked: Array<{ teamId: string; bookingId: string; slotId: string }> = [];
      for (const move of decided) {
        const bookingId = await repo.insertSwapBooking(tx, { slotId: move.practice.slotId, teamId: move.team.id, bookedBy: move.bookedBy, swapId: offerId });
        // Past a daily or weekly limit on a make-up credit, as a press would book it: the credit is this practice's.
        if (move.creditId) await useCredit(tx, move.creditId, bookingId);
        // The team's own wait on its new slot is over (it is never offered its own practice).
        await bookedForTeam(tx, move.practice.slotId, move.team.id);
        booked.push({ teamId: move.team.id, bookingId, slotId: move.practice.slotId });
      }
      await repo.decideOffer(tx, offerId, 'accepted', actor.userId, now, taken?.bookingId ?? null);
      const voided = await repo.voidOffersInvolving(tx, ids, offerId, now);

      await recordAudit(tx, ctx, {
        action: 'swap.accept',
        entityType: 'swap',
        entityId: offerId,
        summary: taken
          ? `${to.name} and ${from.name} swapped practices: ${to.name} now has ${practiceIso(given!)}, ${from.name} ${practiceIso(taken)}`
          : `${from.name} gave ${to.name} their practice on ${practiceIso(given!)}`,
        before: { bookings: sides.map((s) => ({ bookingId: s.id, teamId: s.teamId, slotId: s.p!.slotId, status: 'confirmed' })) },
        after: { cancelled: ids, booked, voidedOffers: voided },
      });
      await queueNotifications(tx, [
        notification('swap.accepted', { teamId: to.id, userId: null }, { swapId: offerId, kind: offerRow.kind, teamName: to.name, otherTeamName: from.name, gave: taken ? practiceFacts(taken) : null, got: practiceFacts(given!) }),
        notification('swap.accepted', { teamId: from.id, userId: null }, { swapId: offerId, kind: offerRow.kind, teamName: from.name, otherTeamName: to.name, gave: practiceFacts(given!), got: taken ? practiceFacts(taken) : null }),
      ]);
      const mine = booked.find((b) => b.teamId === to.id)!;
      return { value: { kind: 'accepted', bookingId: mine.bookingId }, slots: booked.map((b) => b.slotId) };
    }),
  );
  if (outcome.kind === 'closed') throw notOpen(outcome.state, outcome.expiresAt, timeZone);
  if (outcome.kind === 'void') throw new AppError('CONFLICT', outcome.words, { rule: 'SWAP_VOID' });
  const [view, booking] = await Promise.all([offerOf(db, offerId, teamId, now), bookingSeenBy(db, outcome.bookingId, actor)]);
  return { offer: view!, booking: booking! };
}

/** The decision's refusal with its instants as dates, as the booking call's answer is read (bookings.repository). */
function refusalOf(answer: Record<string, unknown>): Refusal {
  const { ok: _ok, ...facts } = answer;
  for (const key of ['opens', 'closes', 'drawAt', 'until']) if (typeof facts[key] === 'string') facts[key] = new Date(facts[key]);
  return facts as unknown as Refusal;
}

/** The other team's coach declines; the offering team is emailed. */
export async function decline({ db, live, league }: ServerContext, ctx: AuditContext, actor: Actor, offerId: string, now = new Date()): Promise<SwapOffer> {
  const teamId = coachTeam(actor);
  const found = await repo.findOffer(db, offerId);
  if (!found || found.toTeamId !== teamId) throw offerNotFound();
  await close({ db, live, league }, ctx, actor, offerId, 'declined', now);
  return (await offerOf(db, offerId, teamId, now))!;
}

/** The offering team's coach takes the offer back. */
export async function withdraw({ db, live, league }: ServerContext, ctx: AuditContext, actor: Actor, offerId: string, now = new Date()): Promise<SwapOffer> {
  const teamId = coachTeam(actor);
  const found = await repo.findOffer(db, offerId);
  if (!found || found.fromTeamId !== teamId) throw new AppError('NOT_FOUND', { key: 'swaps.notYourOffer' });
  await close({ db, live, league }, ctx, actor, offerId, 'withdrawn', now);
  return (await offerOf(db, offerId, teamId, now))!;
}

/** Declines or withdraws an open offer (one past its expiry, or with a practice gone, is marked so instead, and refused). */
async function close(
  { db, live, league }: Pick<ServerContext, 'db' | 'live' | 'league'>,
  ctx: AuditContext,
  actor: Actor,
  offerId: string,
  state: 'declined' | 'withdrawn',
  now: Date,
): Promise<void> {
  const timeZone = await league.timeZone();
  const closed = await commitThenPublish(db, live, async (tx) => {
    const row = await repo.lockOffer(tx, offerId);
    if (!row || row.state !== 'open') return { value: { state: row?.state ?? ('void' as const), expiresAt: row?.expiresAt ?? now } };
    // Past its expiry, or a practice of it gone: it ends so (for good), and the coach is told.
    const listed = (await repo.offerListed(tx, offerId, now))!;
    if (listed.state === 'expired' || listed.state === 'void') {
      await repo.decideOffer(tx, offerId, listed.state, null, now);
      return { value: { state: listed.state, expiresAt: row.expiresAt } };
    }
    await repo.decideOffer(tx, offerId, state, actor.userId, now);
    const offered = (await repo.practices(tx, [row.bookingId]))[0]!;
    await recordAudit(tx, ctx, {
      action: state === 'declined' ? 'swap.decline' : 'swap.withdraw',
      entityType: 'swap',
      entityId: offerId,
      summary: `${state === 'declined' ? `${listed.toTeamName} declined` : `${listed.fromTeamName} withdrew`} the offer of ${possessive(listed.fromTeamName)} practice on ${practiceIso(offered)} to ${listed.toTeamName}`,
      before: { state: 'open' },
      after: { state },
    });
    if (state === 'declined') {
      await queueNotifications(tx, [
        notification('swap.declined', { teamId: row.fromTeamId, userId: null }, { swapId: offerId, kind: row.kind, teamName: listed.fromTeamName, otherTeamName: listed.toTeamName, offered: practiceFacts(offered) }),
      ]);
    }
    return { value: null };
  });
  if (closed) throw notOpen(closed.state, closed.expiresAt, timeZone);
}

/** At most this many of a team's practices are offered to choose from (GET /api/swaps/practices). */
const PRACTICES_LISTED = 100;

/** What a coach chooses from when offering (GET /api/swaps/practices): the other active teams, and one team's practices. */
export interface SwapChoices {
  timeZone: string;
  teams: Array<{ id: string; name: string; division: string | null }>;
  team: { id: string; name: string } | null;
  practices: SwapPractice[];
}

/**
 * What a coach may offer to and ask for: the other active teams, and, given `teamId`, that team's confirmed practices
 * still before their cancellation cutoff (an offer asking for one later would be refused: it expires at the cutoff).
 * Coaches only, as offering is.
 */
export async function choices({ db, league }: ServerContext, actor: Actor, teamId: string | undefined, now = new Date()): Promise<SwapChoices> {
  const ownTeamId = coachTeam(actor);
  const [timeZone, teams] = await Promise.all([league.timeZone(), repo.otherActiveTeams(db, ownTeamId)]);
  if (!teamId) return { timeZone, teams, team: null, practices: [] };
  if (teamId === ownTeamId) {
    throw new AppError('VALIDATION_FAILED', { key: 'swaps.choicesOwnTeam' }, {
      fields: { teamId: 'Choose another team' },
    });
  }
  const team = teams.find((t) => t.id === teamId);
  if (!team) throw new AppError('NOT_FOUND', { key: 'swaps.choicesTeamUnknown' }, { fields: { teamId: 'Choose a team from the list' } });
  const found = await repo.swappablePracticesOf(db, teamId, now, PRACTICES_LISTED);
  return { timeZone, teams, team: { id: team.id, name: team.name }, practices: found.map(repo.swapPracticeOf) };
}

/** The team's offers: open ones made and received, and the latest decided (GET /api/swaps/mine). */
export async function mine({ db, league }: ServerContext, actor: Actor, now = new Date()): Promise<MySwaps> {
  const { timeZone, swapsEnabled } = await league.get();
  const teamId = followedTeam(actor);
  if (!teamId) return { timeZone, swapsEnabled, made: [], received: [], recent: [] };
  const { open, decided } = await repo.offersOfTeam(db, teamId, now, RECENT);
  const views = await viewsOf(db, [...open, ...decided], teamId);
  const openViews = views.slice(0, open.length);
  return {
    timeZone,
    swapsEnabled,
    made: openViews.filter((o) => o.direction === 'made'),
    received: openViews.filter((o) => o.direction === 'received'),
    recent: views.slice(open.length),
  };
}

async function offerOf(db: Database, id: string, teamId: string, now: Date): Promise<SwapOffer | null> {
  const listed = await repo.offerListed(db, id, now);
  return listed ? (await viewsOf(db, [listed], teamId))[0]! : null;
}

/** Offers as a team sees them, with their practices as they are now. */
async function viewsOf(db: Database, offers: repo.OfferListed[], teamId: string): Promise<SwapOffer[]> {
  const practices = await repo.swapPractices(db, [...new Set(offers.flatMap(({ offer }) => [offer.bookingId, ...offer.wantedBookingIds]))]);
  const byStart = (a: SwapPractice, b: SwapPractice) => a.startsAt.localeCompare(b.startsAt) || a.bookingId.localeCompare(b.bookingId);
  return offers.map(({ offer, state, fromTeamName, toTeamName }) => ({
    id: offer.id,
    kind: offer.kind,
    state,
    direction: offer.fromTeamId === teamId ? 'made' : 'received',
    fromTeam: { id: offer.fromTeamId, name: fromTeamName },
    toTeam: { id: offer.toTeamId, name: toTeamName },
    offered: practices.get(offer.bookingId)!,
    wanted: offer.wantedBookingIds.flatMap((id) => practices.get(id) ?? []).sort(byStart),
    acceptedBookingId: offer.acceptedBookingId,
    note: offer.note,
    expiresAt: offer.expiresAt.toISOString(),
    createdAt: offer.createdAt.toISOString(),
    decidedAt: offer.decidedAt?.toISOString() ?? null,
  }));
}
