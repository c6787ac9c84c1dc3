import { Temporal } from 'temporal-polyfill';

/** Minutes since midnight of "HH:MM" (or "HH:MM:SS"). */
export function minutesOf(hhmm: string): number {
  const [h, m] = hhmm.split(':').map(Number);
  return h! * 60 + m!;
}

export interface WindowProblem {
  path: string[];
  message: string;
}

/** What is wrong with a request's dates, window and duration, field by field (none: it is well formed). */
export function windowProblems(v: { preferredDates: string[]; windowStart: string; windowEnd: string; durationMinutes: number }): WindowProblem[] {
  const problems: WindowProblem[] = [];
  const seen = new Set<string>();
  v.preferredDates.forEach((d, i) => {
    if (seen.has(d)) problems.push({ path: ['preferredDates', String(i)], message: 'You chose this date already: pick another one or remove it' });
    seen.add(d);
  });
  const start = minutesOf(v.windowStart);
  const end = minutesOf(v.windowEnd);
  if (end <= start) problems.push({ path: ['windowEnd'], message: 'The latest end must be after the earliest start' });
  else if (Number.isFinite(v.durationMinutes) && end - start < v.durationMinutes) {
    problems.push({
      path: ['windowEnd'],
      message: `A ${v.durationMinutes}-minute practice does not fit between ${v.windowStart} and ${v.windowEnd}: widen the window or shorten the practice`,
    });
  }
  return problems;
}

/** The preferred dates before the league's today (a request asks for days still to come; today is allowed). */
export function pastDates(dates: string[], today: string): string[] {
  return dates.filter((d) => d < today);
}

/** The instant a league-local date and time stand for. */
export function zonedInstant(date: string, hhmm: string, timeZone: string): Date {
  const [hour, minute] = hhmm.split(':').map(Number);
  const zdt = Temporal.PlainDate.from(date).toPlainDateTime({ hour: hour!, minute: minute! }).toZonedDateTime(timeZone);
  return new Date(zdt.epochMilliseconds);
}

/** The request's window on one of its dates, as instants. */
export function windowOn(date: string, window: { windowStart: string; windowEnd: string }, timeZone: string): { start: Date; end: Date } {
  return { start: zonedInstant(date, window.windowStart, timeZone), end: zonedInstant(date, window.windowEnd, timeZone) };
}

export interface SlotLike {
  startsAt: string;
  endsAt: string;
  status: 'open' | 'booked' | 'blocked';
}

/**
 * The slots a request's window on one date collides with: those overlapping the window (a range includes its
 * start, not its end, so a slot ending when the window opens is outside). Each is marked `fits` when it is open
 * and lies inside the window, long enough for the practice: the candidates an admin approves with.
 */
export function classifySlots<S extends SlotLike>(slots: S[], window: { start: Date; end: Date }, durationMinutes: number): Array<S & { fits: boolean }> {
  const ws = window.start.getTime();
  const we = window.end.getTime();
  return slots
    .filter((s) => Date.parse(s.startsAt) < we && Date.parse(s.endsAt) > ws)
    .map((s) => {
      const start = Date.parse(s.startsAt);
      const end = Date.parse(s.endsAt);
      return { ...s, fits: s.status === 'open' && start >= ws && end <= we && end - start >= durationMinutes * 60_000 };
    })
    .sort((a, b) => Number(b.fits) - Number(a.fits) || Date.parse(a.startsAt) - Date.parse(b.startsAt));
}

/** Whether a block lies over the window and where the request wants to practise (anywhere, a facility, a field). */
export function blockCollides(
  block: { scope: string; fieldId: string | null; facilityId: string | null; startsAt: string; endsAt: string },
  window: { start: Date; end: Date },
  where: { facilityId: string | null; fieldId: string | null },
): boolean {
  if (!(Date.parse(block.startsAt) < window.end.getTime() && Date.parse(block.endsAt) > window.start.getTime())) return false;
  if (where.fieldId) return block.fieldId === where.fieldId || (block.scope === 'facility' && block.facilityId === where.facilityId);
  if (where.facilityId) return block.facilityId === where.facilityId;
  return true;
}

/**
 * When the practice of an approved request was cancelled afterwards: the instant, which the web writes as the league
 * day ("Approved; practice cancelled on Tue Dec 8"). Null for any other request (pending, declined, withdrawn, or
 * approved with its practice standing). The request stays approved (decision 017): the league said yes, and the
 * practice went later (a block, a bump, a cancel).
 */
export function approvedPracticeCancelledAt(r: {
  status: string;
  booking: { status: string; cancelledAt: string | null } | null;
}): string | null {
  if (r.status !== 'approved' || r.booking?.status !== 'cancelled') return null;
  return r.booking.cancelledAt;
}
