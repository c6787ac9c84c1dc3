import type { Closure, ReopenResult } from '../../../shared/rain-outs/rain-outs.schemas';
import type { Translate } from '../../lib/i18n';

type Words = Translate<'rain-outs'>;

/** What a rain-out will do, asked before it is sent: "Cancels every practice on Riverside Park today 4–9 pm; …". */
export function rainOutConsequence(t: Words, place: string, when: string): string {
  return t('words.consequence', { place, when });
}

/** "Riverside Park closed: 3 practices cancelled, 3 make-up credits, 2 teams told." */
export function rainedOutMessage(
  t: Words,
  place: string,
  result: {
    practicesCancelled: number;
    creditsGranted: number;
    teamsTold: number;
  },
): string {
  if (result.practicesCancelled === 0) return t('words.closedNothing', { place });
  return t('words.closed', { place, practices: result.practicesCancelled, credits: result.creditsGranted, teams: result.teamsTold });
}

/** "Reopened: 2 practices back, 1 stays cancelled (slot no longer free)." */
export function reopenedMessage(t: Words, place: string, result: ReopenResult): string {
  const { practicesRestored: back, practicesNotRestored: kept } = result;
  if (back === 0 && kept === 0) return t('words.reopenedNothing', { place });
  return kept === 0 ? t('words.reopened', { place, back }) : t('words.reopenedSomeKept', { place, back, kept });
}

/** "3 practices cancelled · 1 restored" */
export function closureCounts(t: Words, closure: Pick<Closure, 'practicesCancelled' | 'practicesRestored' | 'reopenedAt'>): string {
  return closure.reopenedAt === null
    ? t('words.counts', { cancelled: closure.practicesCancelled })
    : t('words.countsRestored', { cancelled: closure.practicesCancelled, restored: closure.practicesRestored });
}
