import { placesLeft, registrationWindow, type RegistrationWindow } from '../../../shared/clinics/clinic-rules';
import type { Clinic, Registration } from '../../../shared/clinics/clinics.schemas';
import { formatDateTime } from '../../lib/dates';
import type { Translate } from '../../lib/i18n';

type T = Translate<'clinics'>;

/** "7 of 12 places left", or "Full — join the waitlist (3 waiting)" (the shared wording, in the person's language). */
export function placesText(t: T, clinic: Pick<Clinic, 'capacity' | 'registeredCount' | 'waitlistCount'>): string {
  const left = placesLeft(clinic.capacity, clinic.registeredCount);
  if (left > 0) return t('words.places', { left, capacity: clinic.capacity });
  return t('words.full', { waiting: clinic.waitlistCount });
}

/** What the card says about registration now. */
export function windowText(t: T, window: RegistrationWindow, clinic: Pick<Clinic, 'registrationClosesAt' | 'startsAt'>, timeZone: string): string {
  if (window.state === 'open') return t('words.windowOpen', { when: formatDateTime(clinic.registrationClosesAt ?? clinic.startsAt, timeZone) });
  if (window.state === 'not-yet') return t('words.windowOpens', { when: formatDateTime(window.opensAt, timeZone) });
  switch (window.reason) {
    case 'unpublished':
      return t('words.windowUnpublished');
    case 'cancelled':
      return t('words.windowCancelled');
    default:
      return t('words.windowClosed');
  }
}

export const clinicWindow = (clinic: Clinic, now: Date) => registrationWindow(clinic, now);

/** The toast after a registration: "Ava is registered" / "Ava is on the waitlist, number 2". */
export function registeredMessage(t: T, r: Pick<Registration, 'participantName' | 'status' | 'waitlistPosition'>): string {
  return r.status === 'registered'
    ? t('words.registered', { name: r.participantName })
    : t('words.waitlisted', { name: r.participantName, position: r.waitlistPosition ?? '?' });
}

/** The toast after a cancel. */
export function cancelledMessage(t: T, name: string, promoted: string | null): string {
  return promoted ? t('words.cancelledPromoted', { name, promoted }) : t('words.cancelled', { name });
}

export function statusText(t: T, r: Pick<Registration, 'status' | 'waitlistPosition'>): string {
  if (r.status === 'registered') return t('words.statusRegistered');
  if (r.status === 'waitlisted') return t('words.statusWaitlisted', { position: r.waitlistPosition ?? '?' });
  return t('words.statusCancelled');
}

/** The roster's summary for an admin: "1 of 1 places taken · 2 waiting". */
export function rosterSummary(t: T, clinic: Pick<Clinic, 'capacity' | 'registeredCount' | 'waitlistCount'>): string {
  return t('words.rosterSummary', { registered: clinic.registeredCount, capacity: clinic.capacity, waiting: clinic.waitlistCount });
}
