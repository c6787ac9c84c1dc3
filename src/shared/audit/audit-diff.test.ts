import { describe, expect, it } from 'vitest';
import { auditDiff, auditValueText } from './audit-diff';

describe('auditDiff', () => {
  it('lists changed, added and removed keys in path order, and leaves out what did not change', () => {
    expect(auditDiff({ role: 'coach', team: 'Jays', same: 1 }, { role: 'admin', same: 1, sessionsEnded: 2 })).toEqual([
      { path: 'role', kind: 'changed', before: 'coach', after: 'admin' },
      { path: 'sessionsEnded', kind: 'added', after: 2 },
      { path: 'team', kind: 'removed', before: 'Jays' },
    ]);
  });

  it('flattens nested objects into dotted paths', () => {
    expect(auditDiff({ rules: { maxPerWeek: 2, cutoff: { hours: 24 } } }, { rules: { maxPerWeek: 3, cutoff: { hours: 24, late: true } } })).toEqual([
      { path: 'rules.cutoff.late', kind: 'added', after: true },
      { path: 'rules.maxPerWeek', kind: 'changed', before: 2, after: 3 },
    ]);
  });

  it('a creation (no before) is all added; a deletion (no after) is all removed', () => {
    expect(auditDiff(null, { bookingId: 'b1', slotId: 's1' })).toEqual([
      { path: 'bookingId', kind: 'added', after: 'b1' },
      { path: 'slotId', kind: 'added', after: 's1' },
    ]);
    expect(auditDiff({ name: 'Field 1' }, undefined)).toEqual([{ path: 'name', kind: 'removed', before: 'Field 1' }]);
    expect(auditDiff(null, null)).toEqual([]);
  });

  it('compares arrays and objects as JSON values, ignoring key order', () => {
    expect(auditDiff({ days: [1, 2], o: { a: 1, b: 2 } }, { days: [1, 2], o: { b: 2, a: 1 } })).toEqual([]);
    expect(auditDiff({ days: [1, 2] }, { days: [2, 1] })).toEqual([{ path: 'days', kind: 'changed', before: [1, 2], after: [2, 1] }]);
    expect(auditDiff({ list: [{ a: 1 }] }, { list: [{ a: 2 }] })).toEqual([{ path: 'list', kind: 'changed', before: [{ a: 1 }], after: [{ a: 2 }] }]);
  });

  it('a value turning from scalar to object (or back) shows as removed and added paths', () => {
    expect(auditDiff({ reason: 'Rain' }, { reason: { text: 'Rain' } })).toEqual([
      { path: 'reason', kind: 'removed', before: 'Rain' },
      { path: 'reason.text', kind: 'added', after: 'Rain' },
    ]);
  });

  it('null is a value: set to null is a change, not a removal; an empty object is kept as a value', () => {
    expect(auditDiff({ teamId: 't1' }, { teamId: null })).toEqual([{ path: 'teamId', kind: 'changed', before: 't1', after: null }]);
    expect(auditDiff({ extra: {} }, {})).toEqual([{ path: 'extra', kind: 'removed', before: {} }]);
  });

  it('scalar roots are compared under "(value)"', () => {
    expect(auditDiff('a', 'b')).toEqual([{ path: '(value)', kind: 'changed', before: 'a', after: 'b' }]);
  });
});

describe('auditValueText', () => {
  it('shows values as JSON', () => {
    expect(auditValueText('coach')).toBe('"coach"');
    expect(auditValueText(null)).toBe('null');
    expect(auditValueText([1, 'a'])).toBe('[1,"a"]');
    expect(auditValueText(undefined)).toBe('');
  });
});
