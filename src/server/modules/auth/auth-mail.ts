import { RESET_LINK_TTL_SECONDS, VERIFY_LINK_TTL_SECONDS } from '../../../shared/auth/auth.schemas';
import { layoutMail } from '../mail/mail-layout';

/** A message ready for `enqueueMail`, minus the addressing. */
export interface AuthMail {
  kind: 'password.reset' | 'email.verify';
  subject: string;
  text: string;
  html: string;
}

const SECURITY_FOOTER = 'This is a security email about your account. It is always sent, whatever you choose on your profile.';

const hours = (seconds: number) => (seconds === 3600 ? '1 hour' : `${Math.round(seconds / 3600)} hours`);

/** The password-reset email: one link to our /reset-password page, which works once, for an hour. */
export function passwordResetMail(leagueName: string, input: { email: string; url: string }): AuthMail {
  const body = layoutMail(leagueName, {
    heading: 'Choose a new password',
    paragraphs: [
      `Someone asked to reset the password of the ${leagueName} account for ${input.email}. If that was you, choose a new password with the link below.`,
      `The link works once and expires in ${hours(RESET_LINK_TTL_SECONDS)}. Choosing a new password signs you out on every device.`,
      'If you did not ask for this, ignore this email: your password stays as it is.',
    ],
    action: { label: 'Choose a new password', url: input.url },
    footer: SECURITY_FOOTER,
  });
  return { kind: 'password.reset', subject: `Reset your ${leagueName} password`, ...body };
}

/** The email sent at sign-up (and from "Resend verification email"): one link that confirms the address. */
export function verifyEmailMail(leagueName: string, input: { name: string; email: string; url: string }): AuthMail {
  const body = layoutMail(leagueName, {
    heading: 'Confirm your email address',
    paragraphs: [
      `Hello ${input.name}, confirm that ${input.email} is your address, so the league knows its booking news and reminders reach you.`,
      `The link expires in ${hours(VERIFY_LINK_TTL_SECONDS)}. You can ask for a new one on your profile at any time.`,
      'If you did not create this account, ignore this email.',
    ],
    action: { label: 'Confirm my email address', url: input.url },
    footer: SECURITY_FOOTER,
  });
  return { kind: 'email.verify', subject: `Confirm your email address for ${leagueName}`, ...body };
}
