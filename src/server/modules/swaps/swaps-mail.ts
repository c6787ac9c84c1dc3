import type { Locale } from '../../../shared/i18n/locales';
import { formatDateTime, formatTime } from '../../../shared/time/date-words';
import { mailWords, type MailContent } from '../mail/mail-layout';
import type { NotificationPayloads, SwapPracticeFacts } from '../notifications/notifications.service';

/** Practice swaps' emails (issue 29, decision 036): one per coach of the team told, short enough for a phone. */

interface Context {
  timeZone: string;
  publicUrl: string;
  /** The recipient's language (English when not given). */
  locale?: Locale;
}

/** "Field 1, Tue Dec 1, 5:00 pm – 6:20 pm" ("Field 1, mar 1 dic, 5:00 p.m. – 6:20 p.m." in Spanish). */
export function swapPracticeLine(p: SwapPracticeFacts, timeZone: string, locale: Locale = 'en'): string {
  return `${p.fieldName}, ${formatDateTime(p.startsAt, timeZone, locale)} – ${formatTime(p.endsAt, timeZone, locale)}`;
}

const swapsUrl = (c: Context) => `${c.publicUrl}/my-reservations#swaps`;

export function swapOfferedMail(p: NotificationPayloads['swap.offered'], c: Context): { subject: string; content: MailContent } {
  const locale = c.locale ?? 'en';
  const w = mailWords(locale);
  const offered = swapPracticeLine(p.offered, c.timeZone, locale);
  const gift = p.kind === 'give';
  const wanted = p.wanted.map((x) => swapPracticeLine(x, c.timeZone, locale));
  const facts = { other: p.otherTeamName, team: p.teamName, offered };
  return {
    subject: w(gift ? 'swapOffered.subjectGift' : 'swapOffered.subjectSwap', facts),
    content: {
      heading: w(gift ? 'swapOffered.headingGift' : 'swapOffered.headingSwap', facts),
      paragraphs: [
        w('swapOffered.offer', facts),
        ...(gift
          ? [w('swapOffered.gift')]
          : [wanted.length === 1 ? w('swapOffered.wantedOne', { wanted: wanted[0] }) : w('swapOffered.wantedAny'), ...(wanted.length === 1 ? [] : wanted)]),
        ...(p.note ? [w('swapOffered.note', { note: p.note })] : []),
        w('swapOffered.deadline', { expires: formatDateTime(p.expiresAt, c.timeZone, locale), team: p.teamName }),
      ],
      action: { label: w('swapOffered.action'), url: swapsUrl(c) },
    },
  };
}

export function swapAcceptedMail(p: NotificationPayloads['swap.accepted'], c: Context): { subject: string; content: MailContent } {
  const locale = c.locale ?? 'en';
  const w = mailWords(locale);
  const got = p.got ? swapPracticeLine(p.got, c.timeZone, locale) : null;
  const gave = p.gave ? swapPracticeLine(p.gave, c.timeZone, locale) : null;
  const facts = { team: p.teamName, other: p.otherTeamName, got, gave };
  const both = got && gave;
  return {
    subject: w(both ? 'swapAccepted.subjectSwapped' : got ? 'swapAccepted.subjectGot' : 'swapAccepted.subjectGave', facts),
    content: {
      heading: w(both ? 'swapAccepted.headingSwapped' : got ? 'swapAccepted.headingGot' : 'swapAccepted.headingGave', facts),
      paragraphs: [...(got ? [w('swapAccepted.got', facts)] : []), ...(gave ? [w('swapAccepted.gave', facts)] : []), w('swapAccepted.feed')],
      action: { label: w('common.seeMyReservations'), url: `${c.publicUrl}/my-reservations` },
    },
  };
}

export function swapDeclinedMail(p: NotificationPayloads['swap.declined'], c: Context): { subject: string; content: MailContent } {
  const locale = c.locale ?? 'en';
  const w = mailWords(locale);
  const facts = { other: p.otherTeamName, team: p.teamName, offered: swapPracticeLine(p.offered, c.timeZone, locale) };
  return {
    subject: w(p.kind === 'give' ? 'swapDeclined.subjectGift' : 'swapDeclined.subjectSwap', facts),
    content: {
      heading: w('swapDeclined.heading', facts),
      paragraphs: [w('swapDeclined.keeps', facts), w('swapDeclined.hint')],
      action: { label: w('common.seeMyReservations'), url: swapsUrl(c) },
    },
  };
}
