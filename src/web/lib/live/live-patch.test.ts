import { describe, expect, it } from 'vitest';
import type { Slot } from '../../../shared/slots/slots.schemas';
import { testSlot } from '../../test/slot-fixture';
import { patchSlotList } from './live-patch';

const slot = (id: string, over: Partial<Slot> = {}): Slot => testSlot({ id, seasonId: 's1', ...over });
const week = { from: '2027-05-03', to: '2027-05-09', seasonId: 's1' };

describe('patching a cached week with the slots a live event named', () => {
  it('replaces a slot that was booked and keeps every other slot as it was', () => {
    const cached = [slot('a'), slot('b', { startsAt: '2027-05-05T22:00:00.000Z', endsAt: '2027-05-05T23:00:00.000Z' })];
    const booked = slot('a', { status: 'booked', teamName: 'Blue Jays', bookingId: 'k1', teamId: 't1' });
    const result = patchSlotList(week, cached, ['a'], [booked]);
    expect(result).toEqual({ kind: 'patched', slots: [booked, cached[1]] });
    if (result.kind === 'patched') expect(result.slots[1]).toBe(cached[1]);
  });

  it('drops a slot the server no longer shows (deleted, or its field closed)', () => {
    expect(patchSlotList(week, [slot('a'), slot('b', { startsAt: '2027-05-06T22:00:00.000Z' })], ['a'], [])).toEqual({
      kind: 'patched',
      slots: [slot('b', { startsAt: '2027-05-06T22:00:00.000Z' })],
    });
  });

  it('asks for a reload when a named slot moved in time, since it may now sort or belong elsewhere', () => {
    expect(patchSlotList(week, [slot('a')], ['a'], [slot('a', { startsAt: '2027-05-04T21:00:00.000Z' })])).toEqual({ kind: 'refetch' });
  });

  it('asks for a reload when a slot it does not hold could belong to it, and ignores one that cannot', () => {
    expect(patchSlotList(week, [], ['n'], [slot('n')])).toEqual({ kind: 'refetch' });
    expect(patchSlotList(week, [], ['n'], [slot('n', { startsAt: '2027-06-01T22:00:00.000Z' })])).toEqual({ kind: 'unchanged' });
    expect(patchSlotList(week, [], ['n'], [slot('n', { seasonId: 'other' })])).toEqual({ kind: 'unchanged' });
    expect(patchSlotList({ ...week, fieldId: 'f2' }, [], ['n'], [slot('n')])).toEqual({ kind: 'unchanged' });
  });

  it('leaves a week that holds none of the named slots untouched', () => {
    expect(patchSlotList(week, [slot('a')], ['z'], [])).toEqual({ kind: 'unchanged' });
  });
});
