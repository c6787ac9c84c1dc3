import type { SkipReason } from '../../../shared/slots/slot-generator';
import { countOf, formatNumber } from '../../lib/count-words';

const REASONS: Record<SkipReason, string> = {
  'skipped-date': 'skipped date',
  'dst-gap': 'time does not exist (clocks spring forward)',
  'dst-repeat': 'time happens twice (clocks fall back)',
  'dst-shift': 'daylight-saving change inside the slot',
};

/** Why the generator skipped a time, in words. Unknown reasons from a newer server are shown as sent. */
export function skipReasonWords(reason: string): string {
  return reason in REASONS ? REASONS[reason as SkipReason] : reason;
}

/** "Created 1,240 slots; 12 overlapped existing slots and were skipped." */
export function generateSummary(result: { created: number; skippedOverlaps: number }): string {
  const created = `Created ${countOf(result.created, 'slot')}`;
  if (result.skippedOverlaps === 0) return `${created}.`;
  const overlaps =
    result.skippedOverlaps === 1 ? '1 overlapped an existing slot and was skipped' : `${formatNumber(result.skippedOverlaps)} overlapped existing slots and were skipped`;
  return `${created}; ${overlaps}.`;
}
