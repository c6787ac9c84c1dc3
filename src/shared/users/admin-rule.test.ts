import { describe, expect, it } from 'vitest';
import { claimsSayAdmin, decideAdmin, parseAdminClaim } from './admin-rule';

describe('the admin rule (spec §6)', () => {
  it('an admin claim makes an admin whatever the role', async () => {
    expect(await decideAdmin(async () => ({ admin: true }), 'member')).toEqual({ isAdmin: true, reason: 'claim', claimCheckFailed: false });
    expect(await decideAdmin(async () => ({ admin: true }), 'coach')).toMatchObject({ isAdmin: true, reason: 'claim' });
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

  it('reads only a JSON true under the admin claim', () => {
    expect(claimsSayAdmin({ admin: true })).toBe(true);
    expect(claimsSayAdmin({ admin: 1 })).toBe(false);
    expect(claimsSayAdmin({ admin: 'true' })).toBe(false);
    expect(claimsSayAdmin({ admin: [true] })).toBe(false);
    expect(claimsSayAdmin(undefined)).toBe(false);
  });

  it("a provider's own role claim does not count unless the league's rule names it", () => {
    // Before identity providers were wired in, `role: 'admin'` counted too; a provider's `role` is its own word.
    expect(claimsSayAdmin({ role: 'admin' })).toBe(false);
    expect(claimsSayAdmin({ role: 'admin' }, 'role=admin')).toBe(true);
  });

  it('reads the claim the league names (OIDC_ADMIN_CLAIM)', async () => {
    expect(claimsSayAdmin({ is_cgsl_admin: true }, 'is_cgsl_admin')).toBe(true);
    expect(claimsSayAdmin({ admin: true }, 'is_cgsl_admin')).toBe(false);
    expect(await decideAdmin(async () => ({ is_cgsl_admin: true }), 'member', 'is_cgsl_admin')).toMatchObject({ isAdmin: true, reason: 'claim' });
    // The web app learns the name with the claims: a function read after they arrive.
    let named: string | undefined;
    const decision = await decideAdmin(
      async () => {
        named = 'is_cgsl_admin';
        return { is_cgsl_admin: true };
      },
      'member',
      () => named,
    );
    expect(decision.reason).toBe('claim');
  });

  it('name=value: the claim equals the value or is a list holding it (roles, groups)', () => {
    expect(claimsSayAdmin({ roles: ['viewer', 'cgsl-admin'] }, 'roles=cgsl-admin')).toBe(true);
    expect(claimsSayAdmin({ roles: 'cgsl-admin' }, 'roles=cgsl-admin')).toBe(true);
    expect(claimsSayAdmin({ roles: ['viewer'] }, 'roles=cgsl-admin')).toBe(false);
    expect(claimsSayAdmin({ roles: 'cgsl-admins' }, 'roles=cgsl-admin')).toBe(false);
    expect(claimsSayAdmin({ groups: [['cgsl-admin']] }, 'groups=cgsl-admin')).toBe(false);
    // A claim named by a URL (Auth0's namespaced claims) with a value.
    expect(claimsSayAdmin({ 'https://cgsl.example/roles': ['admin'] }, 'https://cgsl.example/roles=admin')).toBe(true);
    expect(parseAdminClaim('https://cgsl.example/admin')).toEqual({ claim: 'https://cgsl.example/admin', value: null });
  });

  it('only the claims object itself is read, not what it inherits', () => {
    expect(claimsSayAdmin(Object.create({ admin: true }) as Record<string, unknown>)).toBe(false);
  });
});
