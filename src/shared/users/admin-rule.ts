import type { Role } from '../constants';

export type Claims = Record<string, unknown>;

export interface AdminDecision {
  isAdmin: boolean;
  /** Why, in words, for the diagnostics page. */
  reason: 'claim' | 'role' | 'none';
  claimCheckFailed: boolean;
}

/** The claim that marks an admin unless the server says otherwise (OIDC_ADMIN_CLAIM). */
export const DEFAULT_ADMIN_CLAIM = 'admin';

/**
 * OIDC_ADMIN_CLAIM as a rule: `name` means the claim `name` is `true` (a JSON boolean, as spec §6's admin claim);
 * `name=value` means the claim equals `value` or is a list holding it, for providers that only send roles or
 * groups (`roles=cgsl-admin` for Microsoft Entra app roles, `groups=cgsl-admins` for Keycloak or Authentik).
 * Claim names may be URLs (Auth0 namespaces its custom claims), so only the first `=` splits.
 */
export function parseAdminClaim(setting: string): { claim: string; value: string | null } {
  const at = setting.indexOf('=');
  if (at <= 0) return { claim: setting.trim(), value: null };
  return { claim: setting.slice(0, at).trim(), value: setting.slice(at + 1).trim() };
}

/**
 * True when an identity token's claims say the user is an admin, by the league's rule (`adminClaim`, default
 * `admin`: the claim is `true`). Only a JSON `true` counts for a bare name: "true", 1 or "yes" do not, so a
 * provider that sends a text attribute is not taken for one that says yes. A provider's own `role` claim is
 * its vocabulary, not ours, and counts only when the rule names it (`role=admin`).
 */
export function claimsSayAdmin(claims: Claims | null | undefined, adminClaim: string = DEFAULT_ADMIN_CLAIM): boolean {
  if (!claims) return false;
  const { claim, value } = parseAdminClaim(adminClaim);
  if (!claim || !Object.hasOwn(claims, claim)) return false;
  const held = claims[claim];
  if (value === null) return held === true;
  return held === value || (Array.isArray(held) && held.includes(value));
}

/**
 * Spec §6: admin if the identity token carries an admin claim, or the profile role is 'admin'.
 * A failure of the claim check is ignored: the profile role alone then decides.
 * `adminClaim` is the league's rule (see `claimsSayAdmin`); the web app learns it with the claims, so it may be
 * given as a function read once the claims are in.
 */
export async function decideAdmin(
  readClaims: () => Promise<Claims | null | undefined>,
  profileRole: Role | null | undefined,
  adminClaim: string | (() => string | undefined) = DEFAULT_ADMIN_CLAIM,
): Promise<AdminDecision> {
  let claimAdmin = false;
  let claimCheckFailed = false;
  try {
    const claims = await readClaims();
    claimAdmin = claimsSayAdmin(claims, (typeof adminClaim === 'function' ? adminClaim() : adminClaim) ?? DEFAULT_ADMIN_CLAIM);
  } catch {
    claimCheckFailed = true;
  }
  if (claimAdmin) return { isAdmin: true, reason: 'claim', claimCheckFailed };
  if (profileRole === 'admin') return { isAdmin: true, reason: 'role', claimCheckFailed };
  return { isAdmin: false, reason: 'none', claimCheckFailed };
}
