import type { Locale } from '../../../shared/i18n/locales';
import { closureWhen } from '../../../shared/rain-outs/closure-words';
import { formatDateTime, formatMonthDay, formatTime } from '../../../shared/time/date-words';
import { mailWords, type MailContent } from '../mail/mail-layout';
import type { ClosurePractice, NotificationPayloads } from '../notifications/notifications.service';

/** A rain-out's emails (issue 28, decision 033): one per coach of each team it touched, short enough for a phone. */

interface Context {
  timeZone: string;
  publicUrl: string;
  /** The recipient's language (English when not given). */
  locale?: Locale;
}

/** "Thu Dec 3, 5:00 pm – 6:30 pm on Field 1". */
function practiceLine(p: ClosurePractice, c: Context): string {
  const when = `${formatDateTime(p.startsAt, c.timeZone, c.locale)} – ${formatTime(p.endsAt, c.timeZone, c.locale)}`;
  return mailWords(c.locale)('closure.practiceLine', { when, field: p.fieldName });
}

/**
 * When the closure is, said from its own day (an email is read later: no "today"): "Tue, Dec 1, 4–9 pm" in English
 * (as the field status says it); in Spanish the app's date-time style, "mar 1 dic, 4:00 p.m. – 9:00 p.m.".
 */
function when(p: { startsAt: string; endsAt: string }, c: Context): string {
  const locale = c.locale ?? 'en';
  if (locale === 'en') return closureWhen(new Date(p.startsAt), new Date(p.endsAt), c.timeZone, new Date(Date.parse(p.startsAt) - 400 * 86_400_000));
  // A closure that ends at midnight ends on the day it started.
  const sameDay = formatMonthDay(p.startsAt, c.timeZone, locale) === formatMonthDay(new Date(Date.parse(p.endsAt) - 1), c.timeZone, locale);
  const end = sameDay ? formatTime(p.endsAt, c.timeZone, locale) : formatDateTime(p.endsAt, c.timeZone, locale);
  return `${formatDateTime(p.startsAt, c.timeZone, locale)} – ${end}`;
}

export function closureCancelledMail(p: NotificationPayloads['closure.cancelled'], c: Context): { subject: string; content: MailContent } {
  const w = mailWords(c.locale);
  const n = p.practices.length;
  // The make-up credits the rain-out gave the team, each to use by the day before they run out.
  const credits = p.creditsExpireAt ? p.credits : 0;
  const day = p.creditsExpireAt ? formatMonthDay(new Date(Date.parse(p.creditsExpireAt) - 1), c.timeZone, c.locale) : '';
  return {
    subject: w('closureCancelled.subject', { place: p.place, when: when(p, c), count: n }),
    content: {
      heading: w('closureCancelled.heading', { place: p.place, reason: p.reason }),
      paragraphs: [
        w('closureCancelled.intro', { place: p.place, when: when(p, c), count: n, team: p.teamName }),
        ...p.practices.map((x) => practiceLine(x, c)),
        credits > 0 ? w('closureCancelled.nextCredits', { team: p.teamName, credits, day }) : w('closureCancelled.nextBook'),
        w('closureCancelled.reopenNote'),
      ],
      action: { label: credits > 0 ? w('closureCancelled.actionMakeUp') : w('common.bookAnotherTime'), url: `${c.publicUrl}/slots` },
    },
  };
}

export function closureReopenedMail(p: NotificationPayloads['closure.reopened'], c: Context): { subject: string; content: MailContent } {
  const w = mailWords(c.locale);
  const back = p.restored.length;
  const lost = p.notRestored.length;
  return {
    subject: back > 0 ? w('closureReopened.subjectBack', { place: p.place, count: back }) : w('closureReopened.subject', { place: p.place }),
    content: {
      heading: w('closureReopened.heading', { place: p.place }),
      paragraphs: [
        w('closureReopened.body', { place: p.place, when: when(p, c), reason: p.reason }),
        ...(back > 0 ? [w('closureReopened.back', { count: back, team: p.teamName }), ...p.restored.map((x) => practiceLine(x, c))] : []),
        ...(lost > 0 ? [w('closureReopened.notRestored', { count: lost }), ...p.notRestored.map((x) => practiceLine(x, c))] : []),
      ],
      action: { label: w('closureReopened.action'), url: `${c.publicUrl}/my-reservations` },
    },
  };
}
