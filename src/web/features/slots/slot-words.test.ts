import { describe, expect, it } from 'vitest';
import { countOf } from '../../lib/count-words';
import { generateSummary, skipReasonWords } from './slot-words';

describe('slot words', () => {
  it('names every skip reason in words', () => {
    expect(skipReasonWords('skipped-date')).toBe('skipped date');
    expect(skipReasonWords('dst-gap')).toBe('time does not exist (clocks spring forward)');
    expect(skipReasonWords('dst-repeat')).toBe('time happens twice (clocks fall back)');
    expect(skipReasonWords('dst-shift')).toBe('daylight-saving change inside the slot');
    expect(skipReasonWords('something-new')).toBe('something-new');
  });

  it('summarizes a generation run', () => {
    expect(generateSummary({ created: 1240, skippedOverlaps: 12 })).toBe('Created 1,240 slots; 12 overlapped existing slots and were skipped.');
    expect(generateSummary({ created: 1, skippedOverlaps: 0 })).toBe('Created 1 slot.');
    expect(generateSummary({ created: 0, skippedOverlaps: 1 })).toBe('Created 0 slots; 1 overlapped an existing slot and was skipped.');
    expect(countOf(2, 'booking')).toBe('2 bookings');
  });
});
