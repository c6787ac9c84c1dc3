import { formatDateTime, formatTime } from '../../../shared/time/date-words';
import type { MailContent } from '../mail/mail-layout';
import type { NotificationPayloads, SwapPracticeFacts } from '../notifications/notifications.service';

/** Practice swaps' emails (issue 29, decision 036): one per coach of the team told, short enough for a phone. */

interface Context {
  timeZone: string;
  publicUrl: string;
}

const plain = (s: string) => s.replace(/[\u202f\u00a0]/g, ' ');

/** "Field 1, Tue Dec 1, 5:00 pm – 6:20 pm". */
export function swapPracticeLine(p: SwapPracticeFacts, timeZone: string): string {
  return plain(`${p.fieldName}, ${formatDateTime(p.startsAt, timeZone)} – ${formatTime(p.endsAt, timeZone)}`);
}

const day = (iso: string, timeZone: string) => formatDateTime(iso, timeZone);

const swapsUrl = (c: Context) => `${c.publicUrl}/my-reservations#swaps`;

export function swapOfferedMail(p: NotificationPayloads['swap.offered'], c: Context): { subject: string; content: MailContent } {
  const offered = swapPracticeLine(p.offered, c.timeZone);
  const gift = p.kind === 'give';
  const wanted = p.wanted.map((w) => swapPracticeLine(w, c.timeZone));
  return {
    subject: gift ? `${p.otherTeamName} offer ${p.teamName} a practice: ${offered}` : `Swap offer from ${p.otherTeamName}: ${offered}`,
    content: {
      heading: gift ? `${p.otherTeamName} would like to give ${p.teamName} a practice` : `${p.otherTeamName} would like to swap practices with ${p.teamName}`,
      paragraphs: [
        `${p.otherTeamName} offer their practice on ${offered}.`,
        ...(gift
          ? ['It is a gift: you give nothing in return.']
          : [wanted.length === 1 ? `In trade they ask for yours on ${wanted[0]}.` : 'In trade they ask for any one of yours:', ...(wanted.length === 1 ? [] : wanted)]),
        ...(p.note ? [`Their note: ${p.note}`] : []),
        `Accept or decline by ${day(p.expiresAt, c.timeZone)}; after that the offer expires. Accepting books it under ${p.teamName}'s usual limits.`,
      ],
      action: { label: 'Accept or decline', url: swapsUrl(c) },
    },
  };
}

export function swapAcceptedMail(p: NotificationPayloads['swap.accepted'], c: Context): { subject: string; content: MailContent } {
  const got = p.got ? swapPracticeLine(p.got, c.timeZone) : null;
  const gave = p.gave ? swapPracticeLine(p.gave, c.timeZone) : null;
  const subject = got && gave ? `Practices swapped with ${p.otherTeamName}: now ${got}` : got ? `${p.otherTeamName} gave ${p.teamName} a practice: ${got}` : `Practice given to ${p.otherTeamName}: ${gave}`;
  return {
    subject,
    content: {
      heading: got && gave ? `${p.teamName} and ${p.otherTeamName} swapped practices` : got ? `${p.teamName} has a new practice` : `${p.teamName}'s practice went to ${p.otherTeamName}`,
      paragraphs: [
        ...(got ? [`${p.teamName} now practices on ${got}.`] : []),
        ...(gave ? [`${p.teamName}'s practice on ${gave} is now ${p.otherTeamName}'s.`] : []),
        'Your team calendar feed updates by itself.',
      ],
      action: { label: 'See my reservations', url: `${c.publicUrl}/my-reservations` },
    },
  };
}

export function swapDeclinedMail(p: NotificationPayloads['swap.declined'], c: Context): { subject: string; content: MailContent } {
  const offered = swapPracticeLine(p.offered, c.timeZone);
  return {
    subject: `${p.otherTeamName} declined your ${p.kind === 'give' ? 'offer' : 'swap offer'}: ${offered}`,
    content: {
      heading: `${p.otherTeamName} declined ${p.teamName}'s offer`,
      paragraphs: [`${p.teamName} keeps its practice on ${offered}.`, 'You can offer it to another team, or cancel it on My Reservations before the cutoff so another team can use the field.'],
      action: { label: 'See my reservations', url: swapsUrl(c) },
    },
  };
}
