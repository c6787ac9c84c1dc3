import { formatDateTime } from '../../../shared/bookings/booking-rules';
import type { MailContent } from '../mail/mail-layout';
import type { NotificationPayloads } from '../notifications/notifications.service';

/** The opening round's emails (decision 030), rendered by the mail worker like every notification. */

interface Context {
  timeZone: string;
  publicUrl: string;
}

/** "1st", "2nd", "3rd", "4th", "11th", "22nd". */
export function ordinal(n: number): string {
  const teen = n % 100 >= 11 && n % 100 <= 13;
  const suffix = teen ? 'th' : (['th', 'st', 'nd', 'rd'][n % 10] ?? 'th');
  return `${n}${suffix}`;
}

const practices = (n: number) => `${n} practice${n === 1 ? '' : 's'}`;

/** One email per coach of each team that had preferences: what it got and in which round, what it missed and why. */
export function openingDrawnMail(p: NotificationPayloads['opening.drawn'], c: Context): { subject: string; content: MailContent } {
  const got = [...p.got].sort((a, b) => a.round - b.round);
  const missed = [...p.missed].sort((a, b) => a.rank - b.rank);
  return {
    subject: `Opening round drawn: ${p.teamName} got ${practices(got.length)}`,
    content: {
      heading: `${p.teamName} in the ${p.seasonName} opening round`,
      paragraphs: [
        got.length === 0
          ? `The draw gave ${p.teamName} no practice: none of its preferences could be had.`
          : `The draw booked ${practices(got.length)} for ${p.teamName}; ${got.length === 1 ? 'it is' : 'they are'} on My Reservations:`,
        ...got.map((g) => `Round ${g.round}: ${g.label} (your ${ordinal(g.rank)} choice)`),
        ...(missed.length === 0 ? [] : ['Not got:', ...missed.map((m) => `Your ${ordinal(m.rank)} choice, ${m.label}: ${m.reason}`)]),
        "The draw's page shows every team's picks, the seed, and a button that checks the draw in your browser.",
      ],
      action: { label: 'See the draw', url: `${c.publicUrl}/opening/${p.roundId}` },
    },
  };
}

/** The round was cancelled before its draw: the team's preferences are dropped. */
export function openingCancelledMail(p: NotificationPayloads['opening.cancelled'], c: Context): { subject: string; content: MailContent } {
  const drawAt = formatDateTime(new Date(p.drawAt), c.timeZone);
  return {
    subject: `Opening round cancelled: ${p.seasonName}`,
    content: {
      heading: `The ${p.seasonName} opening round is cancelled`,
      paragraphs: [
        `The league cancelled the opening round whose draw was set for ${drawAt}, so ${p.teamName}'s preferences are dropped and nothing was booked from them.`,
        'Book a Field shows how these slots can be booked now.',
      ],
      action: { label: 'Open Book a Field', url: `${c.publicUrl}/slots` },
    },
  };
}
