import type { MessageKey } from '../../../shared/i18n/catalogues';
import type { QueuedMail } from '../../../shared/mail/mail-queue.schemas';
import type { Translate } from '../../lib/i18n';

const KINDS: Record<string, MessageKey<'mail-queue'>> = {
  invitation: 'kind.invitation',
  'password.reset': 'kind.passwordReset',
  'email.verify': 'kind.emailVerify',
  'booking.created': 'kind.bookingCreated',
  'booking.cancelled': 'kind.bookingCancelled',
  'booking.bumped': 'kind.bookingBumped',
  'booking.moved': 'kind.bookingMoved',
  'booking.reminder': 'kind.bookingReminder',
  'practice-request.approved': 'kind.practiceRequestApproved',
  'practice-request.declined': 'kind.practiceRequestDeclined',
  'contact.received': 'kind.contactReceived',
  'clinic.registered': 'kind.clinicRegistered',
  'clinic.promoted': 'kind.clinicPromoted',
  'clinic.cancelled': 'kind.clinicCancelled',
  'clinic.registration.cancelled': 'kind.clinicRegistrationCancelled',
  'clinic.changed': 'kind.clinicChanged',
};

/** What kind of email it is, in words ("Invitation"); an unknown kind is shown as stored. */
export function mailKindLabel(t: Translate<'mail-queue'>, kind: string): string {
  const key = Object.hasOwn(KINDS, kind) ? KINDS[kind] : undefined;
  return key ? t(key) : kind;
}

/** The status in words: what is happening to the message now. */
export function mailStatusLabel(t: Translate<'mail-queue'>, m: Pick<QueuedMail, 'status' | 'attempts'>): string {
  if (m.status === 'failed') return t('status.failed');
  if (m.status === 'sending') return t('status.sending');
  return m.attempts === 0 ? t('status.waitingFirst') : t('status.waitingRetry');
}
