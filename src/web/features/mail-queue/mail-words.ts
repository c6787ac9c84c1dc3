import type { QueuedMail } from '../../../shared/mail/mail-queue.schemas';

const KINDS: Record<string, string> = {
  invitation: 'Invitation',
  'password.reset': 'Password reset',
  'email.verify': 'Email address check',
  'booking.created': 'Practice booked',
  'booking.cancelled': 'Practice cancelled',
  'booking.bumped': 'Practice bumped',
  'booking.moved': 'Practice moved',
  'booking.reminder': 'Practice reminder',
  'practice-request.approved': 'Practice request approved',
  'practice-request.declined': 'Practice request declined',
  'contact.received': 'Contact message for admins',
  'clinic.registered': 'Clinic registration',
  'clinic.promoted': 'Clinic place from the waitlist',
  'clinic.cancelled': 'Clinic cancelled',
  'clinic.registration.cancelled': 'Clinic registration cancelled',
  'clinic.changed': 'Clinic changed',
};

/** What kind of email it is, in words ("Invitation"); an unknown kind is shown as stored. */
export const mailKindLabel = (kind: string) => KINDS[kind] ?? kind;

/** The status in words: what is happening to the message now. */
export function mailStatusLabel(m: Pick<QueuedMail, 'status' | 'attempts'>): string {
  if (m.status === 'failed') return 'Failed';
  if (m.status === 'sending') return 'Sending now';
  return m.attempts === 0 ? 'Waiting to be sent' : 'Waiting to retry';
}
