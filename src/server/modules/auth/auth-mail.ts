import { RESET_LINK_TTL_SECONDS, VERIFY_LINK_TTL_SECONDS } from '../../../shared/auth/auth.schemas';
import type { Locale } from '../../../shared/i18n/locales';
import { layoutMail, mailWords } from '../mail/mail-layout';

/** A message ready for `enqueueMail`, minus the addressing. */
export interface AuthMail {
  kind: 'password.reset' | 'email.verify';
  subject: string;
  text: string;
  html: string;
}

const hours = (seconds: number) => Math.round(seconds / 3600);

/** The password-reset email: one link to our /reset-password page, which works once, for an hour. In `locale`. */
export function passwordResetMail(leagueName: string, input: { email: string; url: string }, locale: Locale = 'en'): AuthMail {
  const w = mailWords(locale);
  const body = layoutMail(
    leagueName,
    {
      heading: w('reset.heading'),
      paragraphs: [w('reset.asked', { league: leagueName, email: input.email }), w('reset.expires', { hours: hours(RESET_LINK_TTL_SECONDS) }), w('reset.ignore')],
      action: { label: w('reset.action'), url: input.url },
      footer: w('security.footer'),
    },
    locale,
  );
  return { kind: 'password.reset', subject: w('reset.subject', { league: leagueName }), ...body };
}

/** The email sent at sign-up (and from "Resend verification email"): one link that confirms the address. In `locale`. */
export function verifyEmailMail(leagueName: string, input: { name: string; email: string; url: string }, locale: Locale = 'en'): AuthMail {
  const w = mailWords(locale);
  const body = layoutMail(
    leagueName,
    {
      heading: w('verify.heading'),
      paragraphs: [w('verify.hello', { name: input.name, email: input.email }), w('verify.expires', { hours: hours(VERIFY_LINK_TTL_SECONDS) }), w('verify.ignore')],
      action: { label: w('verify.action'), url: input.url },
      footer: w('security.footer'),
    },
    locale,
  );
  return { kind: 'email.verify', subject: w('verify.subject', { league: leagueName }), ...body };
}
