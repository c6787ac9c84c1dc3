import type { AuditContext, AuditEntry } from '../../context';
import type { Database } from '../../db/client';
import { recordAudit } from '../audit/audit.service';

/**
 * Security events of an account, written to the audit log (issue 24): a password changed or reset, every other
 * device signed out, the league's identity provider linked to an existing account, and sign-ins locked after
 * too many failures. better-auth makes these changes itself, outside any transaction of ours, so each entry is
 * written right after its change succeeded. No entry holds a secret: never a password, a hash, a token or a
 * link, only who, what and when (the request's address and browser are in the entry's context as for every entry).
 */
export type SecurityEvent =
  | { kind: 'password.change'; userId: string; email: string; otherDevicesSignedOut: boolean }
  | { kind: 'password.reset'; userId: string; email: string }
  | { kind: 'sessions.revoke_others'; userId: string; email: string }
  | { kind: 'provider.link'; userId: string; email: string; providerName: string }
  | { kind: 'sign_in.locked'; userId: string; email: string; failures: number; lockedForMinutes: number };

/** The audit entry of one event: action `user.<kind>`, about the person (entity `user`), in words. */
export function securityAuditEntry(event: SecurityEvent): AuditEntry {
  const about = { entityType: 'user', entityId: event.userId } as const;
  switch (event.kind) {
    case 'password.change':
      return {
        ...about,
        action: 'user.password.change',
        summary: event.otherDevicesSignedOut
          ? `${event.email} changed their password and signed out of every other device`
          : `${event.email} changed their password`,
        after: { otherDevicesSignedOut: event.otherDevicesSignedOut },
      };
    case 'password.reset':
      return { ...about, action: 'user.password.reset', summary: `${event.email} chose a new password with a reset link; every session ended` };
    case 'sessions.revoke_others':
      return { ...about, action: 'user.sessions.revoke_others', summary: `${event.email} signed out of every other device` };
    case 'provider.link':
      return {
        ...about,
        action: 'user.provider.link',
        summary: `${event.providerName} was linked to ${event.email}: they can now log in with it as well as with their password`,
        after: { provider: event.providerName },
      };
    case 'sign_in.locked':
      return {
        ...about,
        action: 'user.sign_in.locked',
        summary: `Sign-ins to ${event.email} refused for up to ${event.lockedForMinutes} minutes after ${event.failures} failed attempts`,
        after: { failures: event.failures, lockedForMinutes: event.lockedForMinutes },
      };
  }
}

export function recordSecurityEvent(db: Database, ctx: AuditContext, event: SecurityEvent): Promise<void> {
  return recordAudit(db, ctx, securityAuditEntry(event));
}

/** Who and from where, for an event better-auth handled: the person themselves, or nobody signed in (`actor` null). */
export function securityAuditContext(actor: { userId: string; email: string } | null, headers: { ip: string | null; userAgent: string | null }): AuditContext {
  return { actorId: actor?.userId ?? null, actorEmail: actor?.email ?? null, ip: headers.ip, userAgent: headers.userAgent };
}
