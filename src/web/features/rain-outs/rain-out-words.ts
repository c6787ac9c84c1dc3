import type { Closure, ReopenResult } from '../../../shared/rain-outs/rain-outs.schemas';
import { countOf } from '../../lib/count-words';

/** What a rain-out will do, asked before it is sent: "Cancels every practice on Riverside Park today 4–9 pm; …". */
export function rainOutConsequence(place: string, when: string): string {
  return `Cancels every practice on ${place} ${when}; each team gets a make-up practice and one email.`;
}

/** "Riverside Park closed: 3 practices cancelled, 3 make-up credits, 2 teams told." */
export function rainedOutMessage(
  place: string,
  result: {
    practicesCancelled: number;
    creditsGranted: number;
    teamsTold: number;
  },
): string {
  if (result.practicesCancelled === 0) return `${place} closed: no practices were booked there, so no team was told.`;
  return `${place} closed: ${countOf(result.practicesCancelled, 'practice')} cancelled, ${countOf(result.creditsGranted, 'make-up practice')}, ${countOf(result.teamsTold, 'team')} told.`;
}

/** "Reopened: 2 practices back, 1 stays cancelled (slot no longer free)." */
export function reopenedMessage(place: string, result: ReopenResult): string {
  const { practicesRestored: back, practicesNotRestored: kept } = result;
  if (back === 0 && kept === 0) return `Reopened ${place}: its slots are open for booking again.`;
  const stays =
    kept === 0
      ? ''
      : `, ${kept === 1 ? '1 stays' : `${kept} stay`} cancelled (${kept === 1 ? 'slot' : 'slots'} no longer free; the team keeps its make-up practice)`;
  return `Reopened ${place}: ${countOf(back, 'practice')} back${stays}.`;
}

/** "3 practices cancelled · 1 restored" */
export function closureCounts(closure: Pick<Closure, 'practicesCancelled' | 'practicesRestored' | 'reopenedAt'>): string {
  const cancelled = `${countOf(closure.practicesCancelled, 'practice')} cancelled`;
  return closure.reopenedAt === null ? cancelled : `${cancelled} · ${closure.practicesRestored} restored`;
}
