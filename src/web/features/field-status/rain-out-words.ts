import { closurePlace, creditsLine } from '../../../shared/rain-outs/closure-words';
import type { MyRainOuts } from '../../../shared/rain-outs/rain-outs.schemas';
import { formatDateTime } from '../../lib/dates';

type Notice = MyRainOuts['notices'][number];
type Practice = Notice['practices'][number];

/** What a coach's rain-out banner says (issue 28), in the words of the email, shorter. */
export interface NoticeWords {
  tone: 'rained-out' | 'reopened';
  heading: string;
  text: string;
  /** Where to go next, or null when nothing is left to do. */
  action: { label: string; to: string } | null;
}

/** "Thu Dec 3, 5:00 pm on Field 1", in the league's zone. */
export function practiceWords(practice: Pick<Practice, 'startsAt' | 'fieldName'>, timeZone: string): string {
  return `${formatDateTime(practice.startsAt, timeZone)} on ${practice.fieldName}`;
}

/** "A", "A and B", "A, B and C". */
function joined(items: readonly string[]): string {
  return items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

const yourPractices = (practices: readonly Practice[], timeZone: string) =>
  `${practices.length === 1 ? 'practice' : 'practices'} ${joined(practices.map((p) => practiceWords(p, timeZone)))}`;

/**
 * "Riverside Park was rained out (Wet fields): your practice Thu, Dec 3, 5:00 pm on Field 1 is cancelled. You have 1
 * make-up practice to use by Dec 17: book it even past your weekly limit." Once the league reopened it: which
 * practices are back, and which stay cancelled (their slot was taken, closed again or is past).
 */
export function rainOutNoticeWords(notice: Notice, credits: ReadonlyArray<{ expiresAt: string }>, timeZone: string): NoticeWords {
  const place = closurePlace(notice);
  const cancelled = notice.practices.filter((p) => !p.restored);
  const restored = notice.practices.filter((p) => p.restored);
  const line = creditsLine(credits, timeZone);
  const makeUp = line ? `You have ${line}: book ${credits.length === 1 ? 'it' : 'them'} even past your weekly limit.` : 'Book another time on Book a Field.';
  const book = { label: line ? 'Book a make-up practice' : 'Book another practice', to: '/slots' };

  if (!notice.reopened) {
    const what = cancelled.length > 0 ? `: your ${yourPractices(cancelled, timeZone)} ${cancelled.length === 1 ? 'is' : 'are'} cancelled.` : '.';
    return { tone: 'rained-out', heading: `Rained out: ${notice.facilityName}`, text: `${place} was rained out (${notice.reason})${what} ${makeUp}`, action: book };
  }
  const back =
    restored.length > 0 ? `${place} reopened: your ${yourPractices(restored, timeZone)} ${restored.length === 1 ? 'is' : 'are'} back on the schedule.` : `${place} reopened.`;
  if (cancelled.length === 0) return { tone: 'reopened', heading: `Reopened: ${notice.facilityName}`, text: back, action: { label: 'My Reservations', to: '/my-reservations' } };
  const stays =
    cancelled.length === 1
      ? `Your ${yourPractices(cancelled, timeZone)} stays cancelled: its slot was taken, closed again or is past.`
      : `Your ${yourPractices(cancelled, timeZone)} stay cancelled: their slots were taken, closed again or are past.`;
  return { tone: 'reopened', heading: `Reopened: ${notice.facilityName}`, text: `${back} ${stays} ${makeUp}`, action: book };
}
