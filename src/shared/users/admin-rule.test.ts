import { describe, expect, it } from 'vitest';
import { claimsSayAdmin, decideAdmin } from './admin-rule';

describe('the admin rule (spec §6)', () => {
  it('an admin claim makes an admin whatever the role', async () => {
    expect(await decideAdmin(async () => ({ admin: true }), 'member')).toEqual({ isAdmin: true, reason: 'claim', claimCheckFailed: false });
    expect(await decideAdmin(async () => ({ role: 'admin' }), 'coach')).toMatchObject({ isAdmin: true, reason: 'claim' });
  });

  it('the profile role admin makes an admin without a claim', async () => {
    expect(await decideAdmin(async () => ({}), 'admin')).toEqual({ isAdmin: true, reason: 'role', claimCheckFailed: false });
    expect(await decideAdmin(async () => null, 'admin')).toMatchObject({ isAdmin: true, reason: 'role' });
  });

  it('neither claim nor role: not an admin', async () => {
    expect(await decideAdmin(async () => ({ admin: false }), 'coach')).toEqual({ isAdmin: false, reason: 'none', claimCheckFailed: false });
    expect(await decideAdmin(async () => ({ admin: 'true' }), 'member')).toMatchObject({ isAdmin: false });
    expect(await decideAdmin(async () => ({}), null)).toMatchObject({ isAdmin: false });
  });

  it('a failing claim check is ignored: the profile role alone decides', async () => {
    const failing = async () => {
      throw new Error('token service down');
    };
    expect(await decideAdmin(failing, 'admin')).toEqual({ isAdmin: true, reason: 'role', claimCheckFailed: true });
    expect(await decideAdmin(failing, 'member')).toEqual({ isAdmin: false, reason: 'none', claimCheckFailed: true });
  });

  it('reads only a boolean admin claim or the admin role claim', () => {
    expect(claimsSayAdmin({ admin: true })).toBe(true);
    expect(claimsSayAdmin({ admin: 1 })).toBe(false);
    expect(claimsSayAdmin(undefined)).toBe(false);
  });
});
