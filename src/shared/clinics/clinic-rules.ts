import type { MessageKey } from '../i18n/catalogues';
import type { Locale } from '../i18n/locales';
import { formatDateTime } from '../time/date-words';

/**
 * The clinic rules the server decides with and the web app shows before the click: whether registration is open,
 * how many places are left, and who takes a freed place.
 */

export interface ClinicWindowFacts {
  startsAt: string;
  endsAt: string;
  registrationOpensAt: string | null;
  registrationClosesAt: string | null;
  published: boolean;
  cancelledAt: string | null;
}

export type RegistrationWindow =
  { state: 'open' } | { state: 'not-yet'; opensAt: string } | { state: 'closed'; reason: 'cancelled' | 'unpublished' | 'ended' | 'started' | 'window-closed' };

/**
 * Whether a person may register now. Registration opens at `registrationOpensAt` (or at once) and closes at
 * `registrationClosesAt` (or when the clinic starts): a range that includes its start and not its end.
 */
export function registrationWindow(clinic: ClinicWindowFacts, now: Date): RegistrationWindow {
  const t = now.getTime();
  if (clinic.cancelledAt) return { state: 'closed', reason: 'cancelled' };
  if (!clinic.published) return { state: 'closed', reason: 'unpublished' };
  if (t >= Date.parse(clinic.endsAt)) return { state: 'closed', reason: 'ended' };
  if (clinic.registrationOpensAt && t < Date.parse(clinic.registrationOpensAt)) return { state: 'not-yet', opensAt: clinic.registrationOpensAt };
  if (clinic.registrationClosesAt) {
    if (t >= Date.parse(clinic.registrationClosesAt)) return { state: 'closed', reason: 'window-closed' };
  } else if (t >= Date.parse(clinic.startsAt)) {
    return { state: 'closed', reason: 'started' };
  }
  return { state: 'open' };
}

/** Places not taken (never below zero: a capacity lowered by hand in the database still reads as full). */
export function placesLeft(capacity: number, registered: number): number {
  return Math.max(0, capacity - registered);
}

/**
 * "7 of 12 places left", or "Full — join the waitlist (3 waiting)": the one wording of a clinic's places, on
 * /clinics, on the public calendar and in the league's calendar feed.
 */
export function placesText(clinic: { capacity: number; registeredCount: number; waitlistCount: number }): string {
  const left = placesLeft(clinic.capacity, clinic.registeredCount);
  if (left > 0) return `${left} of ${clinic.capacity} place${clinic.capacity === 1 ? '' : 's'} left`;
  return `Full — join the waitlist (${clinic.waitlistCount} waiting)`;
}

/** What a new registration becomes: a place while one is left, else the waitlist. */
export function statusForNewRegistration(capacity: number, registered: number): 'registered' | 'waitlisted' {
  return placesLeft(capacity, registered) > 0 ? 'registered' : 'waitlisted';
}

/**
 * Who takes the free places: the first on the waitlist in the order they joined it (`seq`, taken at insert under
 * the clinic's lock), as many as places are free.
 */
export function whoIsPromoted<T extends { seq: number }>(waitlist: readonly T[], capacity: number, registered: number): T[] {
  const free = placesLeft(capacity, registered);
  return [...waitlist].sort((a, b) => a.seq - b.seq).slice(0, free);
}

/** Why a capacity change is refused, in words, or null when it is fine. */
export function capacityProblem(newCapacity: number, registered: number): string | null {
  if (newCapacity >= registered) return null;
  return `${registered} participants are registered, so the capacity cannot go below ${registered}. Cancel registrations first, or keep at least ${registered} places.`;
}

/** `capacityProblem` by key in the errors catalogue (the server's answer carries it; the web app words it). */
export function capacityProblemWords(newCapacity: number, registered: number): ClinicWords | null {
  return newCapacity >= registered ? null : { key: 'clinics.capacityBelowRegistered', params: { registered } };
}

/** "Sat Apr 4, 9:00 am" in the league's zone. */
export function formatClinicInstant(iso: string, timeZone: string): string {
  return formatDateTime(new Date(iso), timeZone);
}

/** Why a person cannot register now, in words (null when registration is open). */
export function registrationWindowWords(window: RegistrationWindow, clinic: Pick<ClinicWindowFacts, 'registrationClosesAt'>, timeZone: string): string | null {
  if (window.state === 'open') return null;
  if (window.state === 'not-yet') return `Registration opens ${formatClinicInstant(window.opensAt, timeZone)}. Come back then.`;
  switch (window.reason) {
    case 'cancelled':
      return 'This clinic was cancelled, so registration is closed.';
    case 'unpublished':
      return 'This clinic is not published yet, so nobody can register. Publish it first.';
    case 'ended':
      return 'This clinic is over, so registration is closed.';
    case 'started':
      return 'This clinic has already started, so registration is closed.';
    case 'window-closed':
      return `Registration closed ${clinic.registrationClosesAt ? formatClinicInstant(clinic.registrationClosesAt, timeZone) : ''}. Contact the league if you still hope to join.`.replace(
        ' .',
        '.',
      );
  }
}

/** A clinic refusal's words by key in the errors catalogue and their values. */
export interface ClinicWords {
  key: MessageKey<'errors'>;
  params: Record<string, string | number>;
}

/**
 * `registrationWindowWords` by key in the errors catalogue, its dates written in `locale`: worded in English, it reads
 * exactly as `registrationWindowWords` (a test holds every case to it).
 */
export function registrationWindowKeyedWords(
  window: RegistrationWindow,
  clinic: Pick<ClinicWindowFacts, 'registrationClosesAt'>,
  timeZone: string,
  locale: Locale = 'en',
): ClinicWords | null {
  if (window.state === 'open') return null;
  if (window.state === 'not-yet') return { key: 'clinics.registrationNotYet', params: { opens: formatDateTime(new Date(window.opensAt), timeZone, locale) } };
  switch (window.reason) {
    case 'cancelled':
      return { key: 'clinics.registrationCancelled', params: {} };
    case 'unpublished':
      return { key: 'clinics.registrationUnpublished', params: {} };
    case 'ended':
      return { key: 'clinics.registrationEnded', params: {} };
    case 'started':
      return { key: 'clinics.registrationStarted', params: {} };
    case 'window-closed':
      return clinic.registrationClosesAt
        ? { key: 'clinics.registrationWindowClosed', params: { closed: formatDateTime(new Date(clinic.registrationClosesAt), timeZone, locale) } }
        : { key: 'clinics.registrationWindowClosedNoDate', params: {} };
  }
}
