/**
 * An instant as people read it, in the league's time zone: "Sat Nov 28, 9:00 am" (the app's one style, as
 * web/lib/dates.ts `formatDateTime` writes it). Intl only, no Temporal, so the web app can load it cheaply.
 * One formatter per zone is kept: building one costs far more than formatting (a draw words every slot it covers).
 */

const formats = new Map<string, Intl.DateTimeFormat>();

function partsOf(d: Date, timeZone: string): Record<'weekday' | 'month' | 'day' | 'hour' | 'minute' | 'dayPeriod', string> {
  let format = formats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { timeZone, weekday: 'short', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit', hour12: true });
    formats.set(timeZone, format);
  }
  const out = { weekday: '', month: '', day: '', hour: '', minute: '', dayPeriod: '' };
  for (const p of format.formatToParts(d)) {
    if (p.type in out) out[p.type as keyof typeof out] = p.value;
  }
  return out;
}

/** "5:00 pm" in the zone. */
export function formatTime(d: Date | string, timeZone: string): string {
  const p = partsOf(new Date(d), timeZone);
  return `${p.hour}:${p.minute} ${p.dayPeriod.toLowerCase()}`.trim();
}

/** "Sat Nov 28, 9:00 am" in the zone. */
export function formatDateTime(d: Date | string, timeZone: string): string {
  const p = partsOf(new Date(d), timeZone);
  return `${p.weekday} ${p.month} ${p.day}, ${p.hour}:${p.minute} ${p.dayPeriod.toLowerCase()}`.trim();
}

/** "Tue 5:00 pm": a time within the coming days, named by its weekday. */
export function formatWeekdayTime(d: Date | string, timeZone: string): string {
  const p = partsOf(new Date(d), timeZone);
  return `${p.weekday} ${p.hour}:${p.minute} ${p.dayPeriod.toLowerCase()}`.trim();
}
