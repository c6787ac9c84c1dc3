import { CONTACT_LIMITS } from '../../../shared/contact/contact.schemas';
import { wordsIn, type ErrorWords } from '../../errors';

export const HOUR_MS = 60 * 60 * 1000;

export interface SenderCount {
  n: number;
  /** The oldest message of the hour: the limit lifts an hour after it. */
  oldest: Date | null;
}

export interface LimitVerdict {
  /** Which limit stops the message. */
  by: 'address' | 'email';
  /** Whole minutes until one more message is allowed (at least 1). */
  retryAfterMinutes: number;
}

/**
 * Whether one more message may be sent, given what this network address and this email sent in the last hour.
 * Pure: the service counts under a lock and asks this.
 */
export function contactLimitVerdict(fromAddress: SenderCount, fromEmail: SenderCount, now: Date): LimitVerdict | null {
  const wait = (c: SenderCount) => Math.max(1, Math.ceil(((c.oldest?.getTime() ?? now.getTime()) + HOUR_MS - now.getTime()) / 60_000));
  if (fromEmail.n >= CONTACT_LIMITS.perEmailPerHour) return { by: 'email', retryAfterMinutes: wait(fromEmail) };
  if (fromAddress.n >= CONTACT_LIMITS.perAddressPerHour) return { by: 'address', retryAfterMinutes: wait(fromAddress) };
  return null;
}

/** What the person reads when limited: what happened, and what to do (wait, or write to the league's address). */
export function limitWords(v: LimitVerdict, leagueEmail: string | null): ErrorWords {
  const max = v.by === 'email' ? CONTACT_LIMITS.perEmailPerHour : CONTACT_LIMITS.perAddressPerHour;
  const params = { max, by: v.by, minutes: v.retryAfterMinutes };
  return leagueEmail ? { key: 'contact.limitedOrEmail', params: { ...params, email: leagueEmail } } : { key: 'contact.limited', params };
}

/** `limitWords` in English. */
export function limitMessage(v: LimitVerdict, leagueEmail: string | null): string {
  return wordsIn('en', limitWords(v, leagueEmail));
}
