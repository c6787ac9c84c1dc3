import type { Locale } from '../../../shared/i18n/locales';
import { formatDateTime, formatTime, formatWeekdayTime } from '../../../shared/time/date-words';
import { mailWords, type MailContent } from '../mail/mail-layout';
import type { NotificationPayloads } from '../notifications/notifications.service';

/** The waitlist's offer (issue 28, decision 034): one email per coach of the team the freed slot is held for. */

interface Context {
  timeZone: string;
  publicUrl: string;
  /** The recipient's language (English when not given). */
  locale?: Locale;
}

export function waitOfferedMail(p: NotificationPayloads['wait.offered'], c: Context): { subject: string; content: MailContent } {
  const locale = c.locale ?? 'en';
  const when = formatDateTime(p.startsAt, c.timeZone, locale);
  const end = formatTime(p.endsAt, c.timeZone, locale);
  const until = formatWeekdayTime(p.holdUntil, c.timeZone, locale);
  const w = mailWords(locale);
  const facts = { field: p.fieldName, when, end, team: p.teamName, until };
  return {
    subject: w('waitOffered.subject', facts),
    content: {
      heading: w('waitOffered.heading', facts),
      paragraphs: [w('waitOffered.body', facts), w('waitOffered.hint')],
      action: { label: w('waitOffered.action'), url: `${c.publicUrl}/my-reservations#waitlist` },
    },
  };
}
