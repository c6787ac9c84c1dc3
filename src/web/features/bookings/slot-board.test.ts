import { describe, expect, it } from 'vitest';
import type { Slot } from '../../../shared/slots/slots.schemas';
import { slotBoard } from './slot-board';
import { testSlot } from '../../test/slot-fixture';

const slot = (id: string, facilityId: string, fieldId: string, fieldName: string, startsAt: string): Slot =>
  testSlot({ id, seasonId: 's', fieldId, fieldName, fieldColor: '#000000', facilityId, facilityName: facilityId === 'park' ? 'Riverside Park' : 'Lincoln School', startsAt, endsAt: startsAt });

describe('slotBoard', () => {
  it('groups by facility and field in the league’s order, then by league day in time order', () => {
    const slots = [
      slot('late', 'park', 'f10', 'Field 10', '2026-11-25T01:00:00Z'),
      slot('early', 'park', 'f10', 'Field 10', '2026-11-24T23:00:00Z'),
      slot('f2', 'park', 'f2', 'Field 2', '2026-11-24T23:00:00Z'),
      slot('school', 'school', 'north', 'North Diamond', '2026-11-24T23:00:00Z'),
    ].map((s) => ({ slot: s, view: { kind: 'open' as const } }));
    const board = slotBoard(slots, 'America/Chicago', ['school', 'park']);
    expect(board.map((g) => [g.facilityName, g.fields.map((f) => f.fieldName)])).toEqual([
      ['Lincoln School', ['North Diamond']],
      ['Riverside Park', ['Field 2', 'Field 10']],
    ]);
    // 01:00Z on the 25th is still the 24th in Chicago.
    expect([...board[1]!.fields[1]!.byDay].map(([day, list]) => [day, list.map((v) => v.slot.id)])).toEqual([['2026-11-24', ['early', 'late']]]);
  });

  it('says once per field why the team may not use it (issue 29), from its first slot refused for that', () => {
    const words = 'North Diamond is only for 12U teams, and Blue Jays play in 8U. Pick a slot on another field.';
    const board = slotBoard(
      [
        { slot: slot('booked', 'school', 'north', 'North Diamond', '2026-11-24T22:00:00Z'), view: { kind: 'booked' as const, teamName: 'Owls', ours: false, otherDivision: true as const } },
        { slot: slot('open', 'school', 'north', 'North Diamond', '2026-11-24T23:00:00Z'), view: { kind: 'unavailable' as const, code: 'FIELD_DIVISION' as const, message: words } },
        { slot: slot('mine', 'park', 'f1', 'Field 1', '2026-11-24T23:00:00Z'), view: { kind: 'bookable' as const } },
      ],
      'America/Chicago',
    );
    expect(board.flatMap((g) => g.fields.map((f) => [f.fieldName, f.note]))).toEqual([
      ['North Diamond', words],
      ['Field 1', null],
    ]);
  });
});
