import { z } from 'zod';

/**
 * The calendar the league can use: every date the API takes lies in these years. A date far outside them is a
 * typo or a probe, and near the edges of what JavaScript, Temporal and PostgreSQL represent (year 9999 + 1 day)
 * it used to end in a 500 instead of a clear answer.
 */
export const FIRST_YEAR = 2000;
export const LAST_YEAR = 2100;
export const FIRST_DATE = `${FIRST_YEAR}-01-01`;
export const LAST_DATE = `${LAST_YEAR}-12-31`;

const outOfRange = `Use a date from ${FIRST_YEAR} to ${LAST_YEAR}`;
const FIRST_INSTANT = Date.UTC(FIRST_YEAR, 0, 1) - 14 * 3_600_000;
const AFTER_LAST_INSTANT = Date.UTC(LAST_YEAR + 1, 0, 1) + 14 * 3_600_000;

/** "YYYY-MM-DD", a real calendar day, from FIRST_DATE to LAST_DATE. */
export function boundedIsoDate(message = 'Use a date like 2027-03-01') {
  return z.iso.date({ message }).refine((v) => v >= FIRST_DATE && v <= LAST_DATE, outOfRange);
}

/** A full ISO date and time with an offset, in the years FIRST_YEAR to LAST_YEAR (local time anywhere on Earth). */
export function boundedIsoDateTime(message = 'Use a full date and time') {
  return z.iso.datetime({ offset: true, message }).refine((v) => {
    const at = Date.parse(v);
    return at >= FIRST_INSTANT && at < AFTER_LAST_INSTANT;
  }, outOfRange);
}

/** Whole days from one "YYYY-MM-DD" to another (negative when `to` is before `from`). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}
