import type { SkipReason } from '../../../shared/slots/slot-generator';
import type { MessageKey } from '../../../shared/i18n/catalogues';
import type { Translate } from '../../lib/i18n';

type T = Translate<'slots'>;

const REASONS: Record<SkipReason, MessageKey<'slots'>> = {
  'skipped-date': 'words.skippedDate',
  'dst-gap': 'words.dstGap',
  'dst-repeat': 'words.dstRepeat',
  'dst-shift': 'words.dstShift',
};

/** Why the generator skipped a time, in words. Unknown reasons from a newer server are shown as sent. */
export function skipReasonWords(t: T, reason: string): string {
  return reason in REASONS ? t(REASONS[reason as SkipReason]) : reason;
}

/** "Created 1,240 slots; 12 overlapped existing slots and were skipped." */
export function generateSummary(t: T, result: { created: number; skippedOverlaps: number }): string {
  if (result.skippedOverlaps === 0) return t('words.created', { created: result.created });
  return t('words.createdOverlaps', { created: result.created, overlaps: result.skippedOverlaps });
}
