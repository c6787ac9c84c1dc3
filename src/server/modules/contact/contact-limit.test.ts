import { describe, expect, it } from 'vitest';
import { CONTACT_LIMITS } from '../../../shared/contact/contact.schemas';
import { contactLimitVerdict, HOUR_MS, limitMessage } from './contact-limit';

const now = new Date('2026-05-01T12:00:00Z');
const ago = (minutes: number) => new Date(now.getTime() - minutes * 60_000);
const none = { n: 0, oldest: null };

describe('the contact rate limit', () => {
  it('lets messages through below both limits', () => {
    expect(contactLimitVerdict(none, none, now)).toBeNull();
    expect(
      contactLimitVerdict({ n: CONTACT_LIMITS.perAddressPerHour - 1, oldest: ago(5) }, { n: CONTACT_LIMITS.perEmailPerHour - 1, oldest: ago(5) }, now),
    ).toBeNull();
  });

  it('stops the email at its limit, and says when the oldest message of the hour stops counting', () => {
    const v = contactLimitVerdict({ n: 3, oldest: ago(50) }, { n: CONTACT_LIMITS.perEmailPerHour, oldest: ago(50) }, now);
    expect(v).toEqual({ by: 'email', retryAfterMinutes: 10 });
  });

  it('stops the network address at its limit whatever the email', () => {
    expect(contactLimitVerdict({ n: CONTACT_LIMITS.perAddressPerHour, oldest: ago(59.5) }, none, now)).toEqual({ by: 'address', retryAfterMinutes: 1 });
    expect(contactLimitVerdict({ n: CONTACT_LIMITS.perAddressPerHour, oldest: new Date(now.getTime() - HOUR_MS + 1) }, none, now)!.retryAfterMinutes).toBe(1);
  });

  it('tells the person what happened and what to do', () => {
    expect(limitMessage({ by: 'email', retryAfterMinutes: 10 }, 'info@league.org')).toBe(
      'You have sent 3 messages from this email address in the last hour, the most we take. Try again in 10 minutes, or email the league at info@league.org. Your message was not sent, so keep a copy.',
    );
    expect(limitMessage({ by: 'address', retryAfterMinutes: 1 }, null)).toContain(
      'from this network in the last hour, the most we take. Try again in 1 minute. Your',
    );
  });
});
