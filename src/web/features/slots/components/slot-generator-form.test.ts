import { describe, expect, it } from 'vitest';
import { generatorRequestKey } from './slot-generator-form';

describe('generatorRequestKey', () => {
  const base = { seasonId: 's', fieldIds: ['a', 'b'], daysOfWeek: [1, 3], firstStart: '17:00', lastEnd: '20:00', lengthMinutes: 90, gapMinutes: 0, startDate: '2027-02-15', endDate: '2027-06-15', skipDates: ['2027-03-03'] };

  it('ignores the order things were ticked in, so the preview is not called stale for nothing', () => {
    expect(generatorRequestKey({ ...base, fieldIds: ['b', 'a'], daysOfWeek: [3, 1] })).toBe(generatorRequestKey(base));
    expect(generatorRequestKey({ ...base, skipDates: undefined })).toBe(generatorRequestKey({ ...base, skipDates: [] }));
  });

  it('changes with anything that changes the request', () => {
    expect(generatorRequestKey({ ...base, gapMinutes: 15 })).not.toBe(generatorRequestKey(base));
    expect(generatorRequestKey({ ...base, skipDates: [] })).not.toBe(generatorRequestKey(base));
  });
});
