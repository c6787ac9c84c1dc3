import type { OpeningRound, OpeningStatus } from '../../../shared/opening/opening.schemas';
import { formatDateTime, formatWeekdayDay } from '../../lib/dates';
import { openingDateTime } from '../../lib/opening-slots';

/** How a round's status reads, and the badge tone it shows in. */
export const STATUS_WORDS: Record<OpeningStatus, { label: string; tone: 'accent' | 'success' | 'neutral' | 'danger' }> = {
  announced: { label: 'Announced', tone: 'accent' },
  open: { label: 'Open for preferences', tone: 'success' },
  closed: { label: 'Closed: waiting for the draw', tone: 'accent' },
  drawn: { label: 'Drawn', tone: 'neutral' },
  cancelled: { label: 'Cancelled', tone: 'danger' },
};

export const WEIGHTING_WORDS: Record<OpeningRound['weighting'], string> = {
  none: 'The seed alone decides the order',
  'fewer-prime-hours-first': 'Teams with fewer prime-time hours so far this season go first (ties in the seeded order)',
};

/** "Tue Dec 1 – Mon Dec 14": the days the round covers (calendar dates, no zone). */
export const coversWords = (round: Pick<OpeningRound, 'coversFrom' | 'coversTo'>) =>
  round.coversFrom === round.coversTo ? formatWeekdayDay(round.coversFrom) : `${formatWeekdayDay(round.coversFrom)} – ${formatWeekdayDay(round.coversTo)}`;

/**
 * The round's times as label and value, in the league's zone; a division with its own time to open its lists (the
 * staged opening, issue 29) right after the round's own opening ("12U lists open").
 */
export function roundTimes(round: OpeningRound, timeZone: string): Array<{ label: string; value: string }> {
  return [
    { label: 'Slots covered', value: coversWords(round) },
    { label: 'Preferences open', value: formatDateTime(round.opensAt, timeZone) },
    ...(round.divisionOpens ?? []).map((d) => ({ label: `${d.divisionName} lists open`, value: formatDateTime(d.opensAt, timeZone) })),
    { label: 'Preferences close', value: formatDateTime(round.closesAt, timeZone) },
    { label: round.drawnAt ? 'Drawn at' : 'Draw', value: formatDateTime(round.drawnAt ?? round.drawAt, timeZone) },
    ...(round.cancelledAt ? [{ label: 'Cancelled at', value: formatDateTime(round.cancelledAt, timeZone) }] : []),
  ];
}

/** "1st", "2nd", "3rd", "11th", "22nd". */
export function ordinal(n: number): string {
  const tens = n % 100;
  const suffix = tens >= 11 && tens <= 13 ? 'th' : ({ 1: 'st', 2: 'nd', 3: 'rd' } as Record<number, string>)[n % 10] ?? 'th';
  return `${n}${suffix}`;
}

/** "Lists for 12U open Sat Dec 5, 9:00 am.": a division's own time to start saving lists, as the server words it. */
export const listsOpenWords = (divisionName: string, listsOpenAt: string, timeZone: string) => `Lists for ${divisionName} open ${openingDateTime(listsOpenAt, timeZone)}.`;
