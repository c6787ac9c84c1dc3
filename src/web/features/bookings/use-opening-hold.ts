import { useMemo } from 'react';
import type { OpeningRound } from '../../../shared/opening/opening.schemas';
import { holdingRound, openingSlotText, type HoldingRound } from '../../lib/opening-slots';
import type { OpeningHold } from './slot-availability';

/** The round of the season on screen that holds slots back at `nowMs`, the same object while nothing about it changes. */
export function useHoldingRound(rounds: readonly OpeningRound[] | undefined, seasonId: string | undefined, nowMs: number): HoldingRound | null {
  const held = holdingRound(rounds ?? [], seasonId, new Date(nowMs));
  const round = held?.round;
  const status = held?.status;
  return useMemo(() => (round && status ? { round, status } : null), [round, status]);
}

/** The hold as the week applies it (withOpening), the same object while the round, the zone and the list stay: a week is a hundred slots or more. */
export function useOpeningHold(held: HoldingRound | null, timeZone: string, ranked: readonly string[] | null): OpeningHold | null {
  return useMemo(() => (held ? { held, words: openingSlotText(held, timeZone), timeZone, ranked } : null), [held, timeZone, ranked]);
}
