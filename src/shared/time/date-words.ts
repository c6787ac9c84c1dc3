import type { Locale } from '../i18n/locales';

/**
 * An instant as people read it, in the league's time zone and the reader's language: "Sat Nov 28, 9:00 am" in
 * English, "sáb 28 nov, 9:00 a.m." in Spanish (the app's one style, as web/lib/dates.ts `formatDateTime` writes
 * it). Intl only, no Temporal, so the web app can load it cheaply. One formatter per language and zone is kept:
 * building one costs far more than formatting (a draw words every slot it covers).
 */

/** Intl's tag per language (as shared/i18n/locales.ts INTL_LOCALE; spelled here so this file stays tiny). */
const TAGS: Record<Locale, string> = { en: 'en-US', es: 'es-US' };

const formats = new Map<string, Intl.DateTimeFormat>();

type Parts = Record<'weekday' | 'month' | 'day' | 'hour' | 'minute' | 'dayPeriod', string>;

function partsOf(d: Date, timeZone: string, locale: Locale): Parts {
  const id = `${locale}|${timeZone}`;
  let format = formats.get(id);
  if (!format) {
    format = new Intl.DateTimeFormat(TAGS[locale], { timeZone, weekday: 'short', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit', hour12: true });
    formats.set(id, format);
  }
  const out: Parts = { weekday: '', month: '', day: '', hour: '', minute: '', dayPeriod: '' };
  for (const p of format.formatToParts(d)) {
    if (p.type in out) out[p.type as keyof Parts] = p.value.replace(/[\u202f\u00a0]/g, ' ');
  }
  if (locale !== 'en') {
    // Spanish names are lower case and carry no abbreviation dot ("sáb", "nov"), whatever the ICU version writes.
    out.weekday = out.weekday.toLocaleLowerCase('es').replace(/\.$/, '');
    out.month = out.month.toLocaleLowerCase('es').replace(/\.$/, '');
  }
  out.dayPeriod = out.dayPeriod.toLowerCase();
  return out;
}

const clock = (p: Parts) => `${p.hour}:${p.minute} ${p.dayPeriod}`;

/** "5:00 pm" in the zone; "5:00 p.m." in Spanish. */
export function formatTime(d: Date | string, timeZone: string, locale: Locale = 'en'): string {
  return clock(partsOf(new Date(d), timeZone, locale)).trim();
}

/** "Sat Nov 28, 9:00 am" in the zone; "sáb 28 nov, 9:00 a.m." in Spanish (no "de"). */
export function formatDateTime(d: Date | string, timeZone: string, locale: Locale = 'en'): string {
  const p = partsOf(new Date(d), timeZone, locale);
  const day = locale === 'en' ? `${p.weekday} ${p.month} ${p.day}` : `${p.weekday} ${p.day} ${p.month}`;
  return `${day}, ${clock(p)}`.trim();
}

/** "Tue 5:00 pm": a time within the coming days, named by its weekday; "mar 5:00 p.m." in Spanish. */
export function formatWeekdayTime(d: Date | string, timeZone: string, locale: Locale = 'en'): string {
  const p = partsOf(new Date(d), timeZone, locale);
  return `${p.weekday} ${clock(p)}`.trim();
}

const dayFormats = new Map<string, Intl.DateTimeFormat>();

function dayFormat(locale: Locale, timeZone: string, style: 'weekdayDay' | 'monthDay' | 'long'): Intl.DateTimeFormat {
  const id = `${locale}|${timeZone}|${style}`;
  let format = dayFormats.get(id);
  if (!format) {
    const options: Intl.DateTimeFormatOptions =
      style === 'weekdayDay'
        ? { weekday: 'short', month: 'short', day: 'numeric' }
        : style === 'monthDay'
          ? { month: 'short', day: 'numeric' }
          : { weekday: 'long', month: 'long', day: 'numeric' };
    format = new Intl.DateTimeFormat(TAGS[locale], { timeZone, ...options });
    dayFormats.set(id, format);
  }
  return format;
}

/** The Spanish short names, lower case and without a dot, in the day-first order: "mar 7 abr", "10 dic". */
function spanishShort(d: Date, timeZone: string, withWeekday: boolean): string {
  const p: Record<string, string> = {};
  for (const part of dayFormat('es', timeZone, withWeekday ? 'weekdayDay' : 'monthDay').formatToParts(d)) p[part.type] = part.value;
  const short = (s = '') => s.toLocaleLowerCase('es').replace(/\.$/, '');
  return withWeekday ? `${short(p.weekday)} ${p.day} ${short(p.month)}` : `${p.day} ${short(p.month)}`;
}

/** A league calendar day ("YYYY-MM-DD"): "Tue, Apr 7"; "mar 7 abr" in Spanish. */
export function formatWeekdayDay(isoDay: string, locale: Locale = 'en'): string {
  const noon = new Date(`${isoDay}T12:00:00Z`);
  return locale === 'en' ? dayFormat('en', 'UTC', 'weekdayDay').format(noon) : spanishShort(noon, 'UTC', true);
}

/** The day of an instant in the zone: "Dec 10"; "10 dic" in Spanish. */
export function formatMonthDay(d: Date | string, timeZone: string, locale: Locale = 'en'): string {
  return locale === 'en' ? dayFormat('en', timeZone, 'monthDay').format(new Date(d)) : spanishShort(new Date(d), timeZone, false);
}

/** The day of an instant in the zone, in full: "Monday, March 3"; "lunes, 3 de marzo" in Spanish. */
export function formatLongDay(d: Date | string, timeZone: string, locale: Locale = 'en'): string {
  return dayFormat(locale, timeZone, 'long').format(new Date(d)).replace(/[\u202f\u00a0]/g, ' ');
}
