import { closurePlace, firstCreditLastDay } from '../../../shared/rain-outs/closure-words';
import type { MyRainOuts } from '../../../shared/rain-outs/rain-outs.schemas';
import { formatDateTime, formatMonthDay } from '../../lib/dates';
import type { Translate } from '../../lib/i18n';

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

type T = Translate<'field-status'>;

/** "Thu Dec 3, 5:00 pm on Field 1", in the league's zone ("jue 3 dic, 5:00 p.m. en Campo 1"). */
export function practiceWords(t: T, practice: Pick<Practice, 'startsAt' | 'fieldName'>, timeZone: string): string {
  return t('words.practice', { when: formatDateTime(practice.startsAt, timeZone), field: practice.fieldName });
}

/** "A", "A and B", "A, B and C" ("A, B y C"). */
function joined(t: T, items: readonly string[]): string {
  return items.length <= 1 ? (items[0] ?? '') : t('words.and', { first: items.slice(0, -1).join(', '), last: items[items.length - 1] });
}

const practicesOf = (t: T, practices: readonly Practice[], timeZone: string) => ({
  count: practices.length,
  practices: joined(
    t,
    practices.map((p) => practiceWords(t, p, timeZone)),
  ),
});

/**
 * "You have 1 make-up practice to use by Dec 17: …" (the first to run out, by its last day: shared/rain-outs/
 * closure-words.ts `firstCreditLastDay`), or null without credits.
 */
function makeUpWords(t: T, credits: ReadonlyArray<{ expiresAt: string }>, timeZone: string): string | null {
  const day = firstCreditLastDay(credits.map((c) => c.expiresAt), timeZone);
  return day ? t('words.makeUp', { count: credits.length, day: formatMonthDay(day) }) : null;
}

/**
 * "Riverside Park was rained out (Wet fields): your practice Thu, Dec 3, 5:00 pm on Field 1 is cancelled. You have 1
 * make-up practice to use by Dec 17: book it even past your weekly limit." Once the league reopened it: which
 * practices are back, and which stay cancelled (their slot was taken, closed again or is past).
 */
export function rainOutNoticeWords(t: T, notice: Notice, credits: ReadonlyArray<{ expiresAt: string }>, timeZone: string): NoticeWords {
  const place = closurePlace(notice);
  const cancelled = notice.practices.filter((p) => !p.restored);
  const restored = notice.practices.filter((p) => p.restored);
  const credit = makeUpWords(t, credits, timeZone);
  const makeUp = credit ?? t('words.bookAnother');
  const book = { label: credit ? t('words.bookMakeUp') : t('words.bookAnotherPractice'), to: '/slots' };

  if (!notice.reopened) {
    const what =
      cancelled.length > 0
        ? t('words.rainedOutCancelled', { place, reason: notice.reason, ...practicesOf(t, cancelled, timeZone) })
        : t('words.rainedOut', { place, reason: notice.reason });
    return { tone: 'rained-out', heading: t('words.rainedOutHeading', { facility: notice.facilityName }), text: `${what} ${makeUp}`, action: book };
  }
  const heading = t('words.reopenedHeading', { facility: notice.facilityName });
  const back = restored.length > 0 ? t('words.reopenedBack', { place, ...practicesOf(t, restored, timeZone) }) : t('words.reopened', { place });
  if (cancelled.length === 0) return { tone: 'reopened', heading, text: back, action: { label: t('words.myReservations'), to: '/my-reservations' } };
  const stays = t('words.staysCancelled', practicesOf(t, cancelled, timeZone));
  return { tone: 'reopened', heading, text: `${back} ${stays} ${makeUp}`, action: book };
}
