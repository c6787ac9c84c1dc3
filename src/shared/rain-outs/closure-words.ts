// How a closure's time reads, on the field status, the coach's banner and in the email (issue 28):
// "today 4–9 pm", "tomorrow 4–9 pm", "Tue, Dec 1, 4–9 pm", "today 4 pm – Wed, Dec 2, 9 am". In another language the
// caller hands in its words (issue 30): "hoy, 4:00 p.m. – 9:00 p.m.", "mar 1 dic, 4:00 p.m. – mié 2 dic, 9:00 a.m.".

/**
 * A language's words for `closureWhen`, from the caller's own date formatting (the web's lib/dates follows the
 * person's language), so this file stays free of Intl tables and Temporal: Book a Field's first screen loads it.
 */
export interface ClosureWhenWords {
  /** "hoy" (0) and "mañana" (1): Intl.RelativeTimeFormat with numeric 'auto'. */
  relativeDay(offset: 0 | 1): string;
  /** A league calendar day, "YYYY-MM-DD": "mar 1 dic". */
  day(isoDay: string): string;
  /** An instant's time in the league's zone: "4:00 p.m.". */
  time(at: Date): string;
}

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

const nextDay = (isoDay: string) => new Date(Date.parse(`${isoDay}T12:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

function dayWords(day: string, today: string, timeZone: string, at: Date): string {
  if (day === today) return 'today';
  if (day === nextDay(today)) return 'tomorrow';
  return `${at.toLocaleDateString('en-US', { timeZone, weekday: 'short', month: 'short', day: 'numeric' })},`;
}

/** When a closure is, as people read it, relative to `now` in the league's zone; in English unless `words` are given. */
export function closureWhen(startsAt: Date, endsAt: Date, timeZone: string, now: Date, words?: ClosureWhenWords): string {
  if (words) return closureWhenIn(words, startsAt, endsAt, timeZone, now);
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

function closureWhenIn(words: ClosureWhenWords, startsAt: Date, endsAt: Date, timeZone: string, now: Date): string {
  const today = parts(now, timeZone).day;
  const dayOf = (day: string) => (day === today ? words.relativeDay(0) : day === nextDay(today) ? words.relativeDay(1) : words.day(day));
  const fromDay = parts(startsAt, timeZone).day;
  // A closure that ends at midnight ends on the day it started.
  const toDay = parts(new Date(endsAt.getTime() - 1), timeZone).day;
  const from = `${dayOf(fromDay)}, ${words.time(startsAt)}`;
  return fromDay === toDay ? `${from} – ${words.time(endsAt)}` : `${from} – ${dayOf(toDay)}, ${words.time(endsAt)}`;
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
 * The last day ("YYYY-MM-DD" in the league's zone) to use the team's first make-up credit to run out, or null without
 * credits: "1 make-up practice to use by Dec 17". A credit runs out at the start of the day after its last day. Here
 * rather than in rain-outs.schemas.ts so Book a Field can say it without loading zod or Temporal (decision 012).
 */
export function firstCreditLastDay(expiries: readonly string[], timeZone: string): string | null {
  if (expiries.length === 0) return null;
  return parts(new Date(Math.min(...expiries.map((e) => Date.parse(e))) - 1), timeZone).day;
}
