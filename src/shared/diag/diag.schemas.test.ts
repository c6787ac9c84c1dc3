import { describe, expect, it } from 'vitest';
import { adminDecisionInWords } from './diag.schemas';

describe('adminDecisionInWords', () => {
  it('says why, for each reason of spec §6', () => {
    expect(adminDecisionInWords({ isAdmin: true, reason: 'claim', claimCheckFailed: false }, 'member')).toBe('yes: the sign-in token carries the admin claim');
    expect(adminDecisionInWords({ isAdmin: true, reason: 'role', claimCheckFailed: false }, 'admin')).toBe("yes: the profile role is 'admin'");
    expect(adminDecisionInWords({ isAdmin: false, reason: 'none', claimCheckFailed: false }, 'coach')).toBe(
      "no: the sign-in token has no admin claim and the profile role is 'coach'",
    );
  });

  it('says when the claim check failed and was ignored', () => {
    expect(adminDecisionInWords({ isAdmin: true, reason: 'role', claimCheckFailed: true }, 'admin')).toBe(
      "yes: the profile role is 'admin' (the claim check failed and was ignored, so the profile role decided)",
    );
    expect(adminDecisionInWords({ isAdmin: false, reason: 'none', claimCheckFailed: true }, 'coach')).toBe(
      "no: the profile role is 'coach' (the claim check failed and was ignored, so the profile role decided)",
    );
  });
});
