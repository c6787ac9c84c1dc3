import type { Locale } from '../../../shared/i18n/locales';
import { formatDateTime } from '../../../shared/time/date-words';
import { mailWords, type MailContent } from '../mail/mail-layout';
import type { DrawnSlot, NotificationPayloads } from '../notifications/notifications.service';

/** The opening round's emails (decision 030), rendered by the mail worker like every notification. */

interface Context {
  timeZone: string;
  publicUrl: string;
  /** The recipient's language (English when not given). */
  locale?: Locale;
}

/** "1st", "2nd", "3rd", "4th", "11th", "22nd" (the draw's audit notes; the email words its own in its language). */
export function ordinal(n: number): string {
  const teen = n % 100 >= 11 && n % 100 <= 13;
  const suffix = teen ? 'th' : (['th', 'st', 'nd', 'rd'][n % 10] ?? 'th');
  return `${n}${suffix}`;
}

/** A missed slot deleted before the draw could name it, as the stored (English) label says it. */
export const slotGoneLabel = (): string => mailWords('en')('openingDrawn.slotGone');

/**
 * One email per coach of each team that had preferences: what it got and in which round, what it missed and why.
 * The slots are named in the recipient's language; the reasons were written by the draw, in English (they are part
 * of its published, verifiable result).
 */
export function openingDrawnMail(p: NotificationPayloads['opening.drawn'], c: Context): { subject: string; content: MailContent } {
  const w = mailWords(c.locale);
  const got = [...p.got].sort((a, b) => a.round - b.round);
  const missed = [...p.missed].sort((a, b) => a.rank - b.rank);
  // English: the label of the published inputs. Another language: the field and its own date-time, when known.
  const label = (x: { label: string; slot?: DrawnSlot; gone?: true }) => {
    if (!c.locale || c.locale === 'en') return x.label;
    if (x.gone) return w('openingDrawn.slotGone');
    return x.slot ? `${x.slot.fieldName}, ${formatDateTime(new Date(x.slot.startsAt), c.timeZone, c.locale)}` : x.label;
  };
  return {
    subject: w('openingDrawn.subject', { team: p.teamName, count: got.length }),
    content: {
      heading: w('openingDrawn.heading', { team: p.teamName, season: p.seasonName }),
      paragraphs: [
        got.length === 0 ? w('openingDrawn.none', { team: p.teamName }) : w('openingDrawn.booked', { team: p.teamName, count: got.length }),
        ...got.map((g) => w('openingDrawn.got', { round: g.round, label: label(g), rank: g.rank })),
        ...(missed.length === 0 ? [] : [w('openingDrawn.notGot'), ...missed.map((m) => w('openingDrawn.missed', { rank: m.rank, label: label(m), reason: m.reason }))]),
        w('openingDrawn.drawPage'),
      ],
      action: { label: w('openingDrawn.action'), url: `${c.publicUrl}/opening/${p.roundId}` },
    },
  };
}

/** The round was cancelled before its draw: the team's preferences are dropped. */
export function openingCancelledMail(p: NotificationPayloads['opening.cancelled'], c: Context): { subject: string; content: MailContent } {
  const w = mailWords(c.locale);
  const drawAt = formatDateTime(new Date(p.drawAt), c.timeZone, c.locale);
  return {
    subject: w('openingCancelled.subject', { season: p.seasonName }),
    content: {
      heading: w('openingCancelled.heading', { season: p.seasonName }),
      paragraphs: [w('openingCancelled.body', { drawAt, team: p.teamName }), w('openingCancelled.hint')],
      action: { label: w('openingCancelled.action'), url: `${c.publicUrl}/slots` },
    },
  };
}
