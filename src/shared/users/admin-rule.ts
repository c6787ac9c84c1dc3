import type { Role } from '../constants';

export type Claims = Record<string, unknown>;

export interface AdminDecision {
  isAdmin: boolean;
  /** Why, in words, for the diagnostics page. */
  reason: 'claim' | 'role' | 'none';
  claimCheckFailed: boolean;
}

/** True when an identity token's claims say the user is an admin (`admin: true`, or `role: 'admin'`). */
export function claimsSayAdmin(claims: Claims | null | undefined): boolean {
  if (!claims) return false;
  return claims.admin === true || claims.role === 'admin';
}

/**
 * Spec §6: admin if the identity token carries an admin claim, or the profile role is 'admin'.
 * A failure of the claim check is ignored: the profile role alone then decides.
 */
export async function decideAdmin(
  readClaims: () => Promise<Claims | null | undefined>,
  profileRole: Role | null | undefined,
): Promise<AdminDecision> {
  let claimAdmin = false;
  let claimCheckFailed = false;
  try {
    claimAdmin = claimsSayAdmin(await readClaims());
  } catch {
    claimCheckFailed = true;
  }
  if (claimAdmin) return { isAdmin: true, reason: 'claim', claimCheckFailed };
  if (profileRole === 'admin') return { isAdmin: true, reason: 'role', claimCheckFailed };
  return { isAdmin: false, reason: 'none', claimCheckFailed };
}
