// How a closure's time reads, on the field status, the coach's banner and in the email (issue 28):
// "today 4–9 pm", "tomorrow 4–9 pm", "Tue, Dec 1, 4–9 pm", "today 4 pm – Wed, Dec 2, 9 am".

function parts(d: Date, timeZone: string) {
  const day = d.toLocaleDateString('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
  const time = d
    .toLocaleTimeString('en-US', { timeZone, hour: 'numeric', minute: '2-digit' })
    .replace(/[\u202f\u00a0]/g, ' ')
    .replace(':00', '')
    .replace(' AM', ' am')
    .replace(' PM', ' pm');
  return { day, time };
}

function dayWords(day: string, today: string, timeZone: string, at: Date): string {
  if (day === today) return 'today';
  const tomorrow = new Date(Date.parse(`${today}T12:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
  if (day === tomorrow) return 'tomorrow';
  return `${at.toLocaleDateString('en-US', { timeZone, weekday: 'short', month: 'short', day: 'numeric' })},`;
}

/** When a closure is, as people read it, relative to `now` in the league's zone. */
export function closureWhen(startsAt: Date, endsAt: Date, timeZone: string, now: Date): string {
  const today = parts(now, timeZone).day;
  const from = parts(startsAt, timeZone);
  // A closure that ends at midnight ends on the day it started.
  const to = parts(new Date(endsAt.getTime() - 1), timeZone);
  const toTime = parts(endsAt, timeZone).time;
  const fromDay = dayWords(from.day, today, timeZone, startsAt);
  if (from.day === to.day) {
    const sameHalf = from.time.slice(-2) === toTime.slice(-2);
    return `${fromDay} ${sameHalf ? from.time.slice(0, -3) : from.time}–${toTime}`;
  }
  return `${fromDay} ${from.time} – ${dayWords(to.day, today, timeZone, endsAt)} ${toTime}`;
}

/** "Riverside Park" or "Riverside Park (Field 1, Field 2)". */
export function closurePlace(c: { facilityName: string; fieldNames: readonly string[] | null }): string {
  return c.fieldNames && c.fieldNames.length > 0 ? `${c.facilityName} (${c.fieldNames.join(', ')})` : c.facilityName;
}

/** "Riverside Park: closed today 4–9 pm (Wet fields)". */
export function closureLine(
  c: { facilityName: string; fieldNames: readonly string[] | null; startsAt: string; endsAt: string; reason: string },
  timeZone: string,
  now: Date,
): string {
  return `${closurePlace(c)}: closed ${closureWhen(new Date(c.startsAt), new Date(c.endsAt), timeZone, now)} (${c.reason})`;
}

/**
 * "1 make-up practice to use by Dec 10" (the first to run out), or null without credits. Here rather than in
 * rain-outs.schemas.ts (which re-exports it) so Book a Field can say it without loading zod (decision 012).
 */
export function creditsLine(credits: ReadonlyArray<{ expiresAt: string }>, timeZone: string): string | null {
  if (credits.length === 0) return null;
  const first = Math.min(...credits.map((c) => Date.parse(c.expiresAt)));
  // The credit runs out at the start of the day after its last day.
  const lastDay = new Date(first - 1).toLocaleDateString('en-US', { timeZone, month: 'short', day: 'numeric' });
  return credits.length === 1 ? `1 make-up practice to use by ${lastDay}` : `${credits.length} make-up practices, the first to use by ${lastDay}`;
}
