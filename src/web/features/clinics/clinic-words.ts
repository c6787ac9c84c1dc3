import { registrationWindow, type RegistrationWindow } from '../../../shared/clinics/clinic-rules';
import type { Clinic, Registration } from '../../../shared/clinics/clinics.schemas';
import { formatDateTime } from '../../lib/dates';

/** "7 of 12 places left", or "Full — join the waitlist (3 waiting)" (the shared wording). */
export { placesText } from '../../../shared/clinics/clinic-rules';

/** What the card says about registration now. */
export function windowText(window: RegistrationWindow, clinic: Pick<Clinic, 'registrationClosesAt' | 'startsAt'>, timeZone: string): string {
  if (window.state === 'open') return `Registration open until ${formatDateTime(clinic.registrationClosesAt ?? clinic.startsAt, timeZone)}`;
  if (window.state === 'not-yet') return `Registration opens ${formatDateTime(window.opensAt, timeZone)}`;
  switch (window.reason) {
    case 'unpublished':
      return 'Not published: only admins see this clinic';
    case 'cancelled':
      return 'Cancelled';
    default:
      return 'Registration closed';
  }
}

export const clinicWindow = (clinic: Clinic, now: Date) => registrationWindow(clinic, now);

/** The toast after a registration: "Ava is registered" / "Ava is on the waitlist, number 2". */
export function registeredMessage(r: Pick<Registration, 'participantName' | 'status' | 'waitlistPosition'>): string {
  return r.status === 'registered' ? `${r.participantName} is registered` : `${r.participantName} is on the waitlist, number ${r.waitlistPosition ?? '?'}`;
}

/** The toast after a cancel. */
export function cancelledMessage(name: string, promoted: string | null): string {
  return promoted ? `${name}'s registration is cancelled. ${promoted} got the place.` : `${name}'s registration is cancelled.`;
}

export function statusText(r: Pick<Registration, 'status' | 'waitlistPosition'>): string {
  if (r.status === 'registered') return 'Registered';
  if (r.status === 'waitlisted') return `Waitlist, number ${r.waitlistPosition ?? '?'}`;
  return 'Cancelled';
}

/** The roster's summary for an admin: "1 of 1 places taken · 2 waiting". */
export function rosterSummary(clinic: Pick<Clinic, 'capacity' | 'registeredCount' | 'waitlistCount'>): string {
  return `${clinic.registeredCount} of ${clinic.capacity} place${clinic.capacity === 1 ? '' : 's'} taken · ${clinic.waitlistCount} waiting`;
}
