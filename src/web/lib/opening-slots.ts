import type { OpeningRound, OpeningStatus } from '../../shared/opening/opening.schemas';
import type { Slot } from '../../shared/slots/slots.schemas';
import { dateInZone, formatDateTime } from './dates';
import { translate } from './i18n/i18n';

/*
 * The opening round (issue 26) as Book a Field and the coach dashboard see it: which round holds the season's
 * booking back, which slots it covers, and the words for them. Pure, and free of zod: Book a Field is a first-screen
 * page (scripts/size-budget.mjs), and shared/opening/opening.schemas.ts would bring zod with it; only its types are
 * imported here.
 */

/**
 * shared/opening/opening.schemas.ts `openingStatus`, repeated for the reason above (opening-slots.test.ts holds the
 * two to the same answers): cancelled > drawn > announced (before opensAt) > open (until closesAt) > closed.
 */
export function roundStatusAt(round: Pick<OpeningRound, 'opensAt' | 'closesAt' | 'drawnAt' | 'cancelledAt'>, now: Date): OpeningStatus {
  if (round.cancelledAt) return 'cancelled';
  if (round.drawnAt) return 'drawn';
  const t = now.getTime();
  if (t < Date.parse(round.opensAt)) return 'announced';
  if (t < Date.parse(round.closesAt)) return 'open';
  return 'closed';
}

/** A round whose slots are not bookable first-come right now, with its status at that moment. */
export interface HoldingRound {
  round: OpeningRound;
  status: 'announced' | 'open' | 'closed' | 'drawn';
}

/**
 * The round of `seasonId` that holds its covered slots back at `now`: the one announced, open or closed (the server
 * allows one per season), else a drawn one whose rest the league has not opened for booking (firstComeAfter false).
 * A cancelled round covers nothing.
 */
export function holdingRound(rounds: readonly OpeningRound[], seasonId: string | null | undefined, now: Date): HoldingRound | null {
  if (!seasonId) return null;
  let drawn: HoldingRound | null = null;
  for (const round of rounds) {
    if (round.seasonId !== seasonId) continue;
    const status = roundStatusAt(round, now);
    if (status === 'announced' || status === 'open' || status === 'closed') return { round, status };
    if (status === 'drawn' && !round.firstComeAfter && !drawn) drawn = { round, status };
  }
  return drawn;
}

/** A round ahead of its draw. */
export interface PendingRound {
  round: OpeningRound;
  status: 'announced' | 'open' | 'closed';
}

/**
 * The round still ahead of its draw (announced, open or closed) among the current ones, which are all the active
 * season's (GET /api/openings/current): what the coach dashboard tells a coach about.
 */
export function pendingRound(rounds: readonly OpeningRound[], now: Date): PendingRound | null {
  for (const round of rounds) {
    const status = roundStatusAt(round, now);
    if (status === 'announced' || status === 'open' || status === 'closed') return { round, status };
  }
  return null;
}

/** Whether the round covers a slot: the same season, and the slot's league-day start within [coversFrom, coversTo]. */
export function roundCovers(round: Pick<OpeningRound, 'seasonId' | 'coversFrom' | 'coversTo'>, slot: Pick<Slot, 'seasonId' | 'startsAt'>, timeZone: string): boolean {
  if (slot.seasonId !== round.seasonId) return false;
  const day = dateInZone(slot.startsAt, timeZone);
  return day >= round.coversFrom && day <= round.coversTo;
}

/** "Thu Dec 3, 8:00 pm", as the server words the round's times (shared/time/date-words.ts `formatDateTime`). */
export function openingDateTime(iso: string, timeZone: string): string {
  return formatDateTime(iso, timeZone);
}

/** "Tue Dec 1, 5:00 pm on Field 1" ("mar 1 dic, 5:00 p.m. en Campo 1"): a slot as the ranked list names it. */
export function preferenceSlotName(slot: Pick<Slot, 'startsAt' | 'fieldName'>, timeZone: string): string {
  return translate('common', 'opening.slotOnField', { when: formatDateTime(slot.startsAt, timeZone), field: slot.fieldName });
}

/** What a covered slot says instead of Book: "Opening round · draw Thu Dec 3, 8:00 pm". */
export function openingSlotText(held: HoldingRound, timeZone: string): string {
  return held.status === 'drawn' ? translate('common', 'opening.drawn') : translate('common', 'opening.draw', { when: openingDateTime(held.round.drawAt, timeZone) });
}

/** The id of a slot's row in the ranked list, so the week's "Ranked #2" can take the focus there. */
export const preferenceItemId = (slotId: string) => `preference-${slotId}`;

/**
 * The ranked list's panel on Book a Field (features/opening draws it; the app passes it to the page, router.tsx):
 * the page holds the list being edited, so the week's slots can add to it and show their rank, and a failed save
 * loses nothing.
 */
export interface PreferencesPanelProps {
  round: OpeningRound;
  teamName: string;
  timeZone: string;
  /** The list on screen, rank 1 first, with any change not saved yet. */
  slotIds: readonly string[];
  /** The list the server holds and when it was saved (null: never). */
  saved: { slotIds: readonly string[]; savedAt: string | null };
  /** The week on screen: the slots the list names are looked up here first. */
  weekSlots: readonly Slot[];
  onChange: (slotIds: string[]) => void;
  /** The server now holds `slotIds`: the page drops its copy (unless changed since) and shows the saved list. */
  onSaved: (slotIds: readonly string[]) => void;
}
