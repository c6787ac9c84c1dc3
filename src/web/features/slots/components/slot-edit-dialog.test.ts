import { describe, expect, it } from 'vitest';
import { slotEditFormSchema } from './slot-edit-dialog';

const schema = slotEditFormSchema('America/Chicago');

describe('slotEditFormSchema', () => {
  it('sends league wall times as ISO with the offset of each side of a DST change', () => {
    const result = schema.safeParse({ startsAt: '2027-03-13T18:00', endsAt: '2027-03-14T18:00', notes: '  ' });
    expect(result.success && result.data).toEqual({ startsAt: '2027-03-13T18:00:00-06:00', endsAt: '2027-03-14T18:00:00-05:00', notes: null });
  });

  it('puts problems at the field they belong to', () => {
    const gap = schema.safeParse({ startsAt: '2027-03-14T02:15', endsAt: '2027-03-14T04:00', notes: '' });
    expect(gap.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['startsAt', '2:15 am does not exist on Sun Mar 14: the clocks spring forward. Choose another time.'],
    ]);
    const backwards = schema.safeParse({ startsAt: '2027-03-14T05:00', endsAt: '2027-03-14T04:00', notes: '' });
    expect(backwards.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['endsAt', 'The slot must end after it starts']]);
  });
});
