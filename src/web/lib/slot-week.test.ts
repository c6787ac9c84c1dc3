import { describe, expect, it } from 'vitest';
import type { Slot } from '../../shared/slots/slots.schemas';
import { testSlot } from '../test/slot-fixture';
import { describeSlot, groupSlotsByDay, initialWeekStart, isPast, weekOf } from './slot-week';

const slot = (over: Partial<Slot>): Slot =>
  testSlot({ id: 's', fieldId: 'f3', fieldName: 'Field 3', fieldColor: '#1e40af', startsAt: '2026-03-04T00:00:00Z', endsAt: '2026-03-04T01:30:00Z', ...over });

describe('slot weeks', () => {
  it('describes a slot in the league zone', () => {
    expect(describeSlot(slot({}), 'America/Chicago')).toBe('the 6:00 pm slot on Tue Mar 3 at Field 3');
  });

  it('runs Monday to Sunday', () => {
    expect(weekOf('2026-03-04')).toEqual({ from: '2026-03-02', to: '2026-03-08' });
  });

  it('opens on the URL week, this week, or the first week of a season that is not under way', () => {
    const season = { startsOn: '2026-03-01', endsOn: '2026-06-30' };
    expect(initialWeekStart('2026-04-15', '2026-03-04', season)).toBe('2026-04-13');
    expect(initialWeekStart('nonsense', '2026-03-04', season)).toBe('2026-03-02');
    expect(initialWeekStart(null, '2026-01-10', season)).toBe('2026-02-23');
    expect(initialWeekStart(null, '2026-08-10', season)).toBe('2026-02-23');
    expect(initialWeekStart(null, '2026-08-10', null)).toBe('2026-08-10');
  });

  it('groups by the league day, not the UTC day, in time order', () => {
    const late = slot({ id: 'late', startsAt: '2026-03-04T01:30:00Z', endsAt: '2026-03-04T03:00:00Z' });
    const early = slot({ id: 'early', fieldName: 'Field 10' });
    const early2 = slot({ id: 'early2', fieldName: 'Field 2' });
    const next = slot({ id: 'next', startsAt: '2026-03-04T23:00:00Z', endsAt: '2026-03-05T00:30:00Z' });
    const days = groupSlotsByDay([next, late, early, early2], 'America/Chicago');
    expect(days.map((d) => [d.date, d.slots.map((s) => s.id)])).toEqual([
      ['2026-03-03', ['early2', 'early', 'late']],
      ['2026-03-04', ['next']],
    ]);
  });

  it('calls a slot past once it has ended', () => {
    expect(isPast(slot({}), new Date('2026-03-04T01:29:59Z'))).toBe(false);
    expect(isPast(slot({}), new Date('2026-03-04T01:30:01Z'))).toBe(true);
  });
});
