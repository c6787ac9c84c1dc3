import type { OpeningRound, OpeningStatus } from '../../../shared/opening/opening.schemas';
import { formatDateTime, formatWeekdayDay } from '../../lib/dates';
import type { Translate } from '../../lib/i18n';

type Tone = 'accent' | 'success' | 'neutral' | 'danger';

/** How a round's status reads, and the badge tone it shows in. */
export function statusWords(t: Translate<'opening'>, status: OpeningStatus): { label: string; tone: Tone } {
  switch (status) {
    case 'announced':
      return { label: t('status.announced'), tone: 'accent' };
    case 'open':
      return { label: t('status.open'), tone: 'success' };
    case 'closed':
      return { label: t('status.closed'), tone: 'accent' };
    case 'drawn':
      return { label: t('status.drawn'), tone: 'neutral' };
    case 'cancelled':
      return { label: t('status.cancelled'), tone: 'danger' };
  }
}

/** How the team order is decided, in a sentence. */
export function weightingWords(t: Translate<'opening'>, weighting: OpeningRound['weighting']): string {
  return weighting === 'fewer-prime-hours-first' ? t('weighting.fewerPrimeHoursFirst') : t('weighting.none');
}

/** "Tue Dec 1 – Mon Dec 14": the days the round covers (calendar dates, no zone). */
export const coversWords = (round: Pick<OpeningRound, 'coversFrom' | 'coversTo'>) =>
  round.coversFrom === round.coversTo ? formatWeekdayDay(round.coversFrom) : `${formatWeekdayDay(round.coversFrom)} – ${formatWeekdayDay(round.coversTo)}`;

/**
 * The round's times as label and value, in the league's zone; a division with its own time to open its lists (the
 * staged opening, issue 29) right after the round's own opening ("12U lists open").
 */
export function roundTimes(t: Translate<'opening'>, round: OpeningRound, timeZone: string): Array<{ label: string; value: string }> {
  return [
    { label: t('times.covered'), value: coversWords(round) },
    { label: t('times.opens'), value: formatDateTime(round.opensAt, timeZone) },
    ...(round.divisionOpens ?? []).map((d) => ({ label: t('times.divisionOpens', { division: d.divisionName }), value: formatDateTime(d.opensAt, timeZone) })),
    { label: t('times.closes'), value: formatDateTime(round.closesAt, timeZone) },
    { label: round.drawnAt ? t('times.drawnAt') : t('times.draw'), value: formatDateTime(round.drawnAt ?? round.drawAt, timeZone) },
    ...(round.cancelledAt ? [{ label: t('times.cancelledAt'), value: formatDateTime(round.cancelledAt, timeZone) }] : []),
  ];
}
