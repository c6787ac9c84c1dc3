import { closureWhen } from '../../../shared/rain-outs/closure-words';
import { creditsLine } from '../../../shared/rain-outs/rain-outs.schemas';
import { formatDateTime, formatTime } from '../../../shared/time/date-words';
import type { MailContent } from '../mail/mail-layout';
import type { ClosurePractice, NotificationPayloads } from '../notifications/notifications.service';

/** A rain-out's emails (issue 28, decision 033): one per coach of each team it touched, short enough for a phone. */

interface Context {
  timeZone: string;
  publicUrl: string;
}

const plain = (s: string) => s.replace(/[\u202f\u00a0]/g, ' ');

/** "Thu Dec 3, 5:00 pm – 6:30 pm on Field 1". */
function practiceLine(p: ClosurePractice, timeZone: string): string {
  return plain(`${formatDateTime(p.startsAt, timeZone)} – ${formatTime(p.endsAt, timeZone)} on ${p.fieldName}`);
}

const practices = (n: number) => (n === 1 ? 'practice' : 'practices');

/** When the closure is, said from its own day (an email is read later: no "today"). */
const when = (p: { startsAt: string; endsAt: string }, timeZone: string) =>
  closureWhen(new Date(p.startsAt), new Date(p.endsAt), timeZone, new Date(Date.parse(p.startsAt) - 400 * 86_400_000));

export function closureCancelledMail(p: NotificationPayloads['closure.cancelled'], c: Context): { subject: string; content: MailContent } {
  const n = p.practices.length;
  const credits = creditsLine(p.creditsExpireAt ? Array.from({ length: p.credits }, () => ({ expiresAt: p.creditsExpireAt! })) : [], c.timeZone);
  return {
    subject: `Rained out: ${p.place}, ${when(p, c.timeZone)}: ${n} ${practices(n)} cancelled`,
    content: {
      heading: `${p.place} is closed: ${p.reason}`,
      paragraphs: [
        `The league closed ${p.place} ${when(p, c.timeZone)}. ${n === 1 ? `This ${p.teamName} practice is` : `These ${p.teamName} practices are`} cancelled:`,
        ...p.practices.map((x) => practiceLine(x, c.timeZone)),
        credits
          ? `What happens next: ${p.teamName} has ${credits}. A make-up practice can be booked even past your weekly or daily limit.`
          : `What happens next: book another open slot on Book a Field.`,
        'If the league reopens the fields, your practices come back where their slots are still free, and we will tell you.',
      ],
      action: { label: credits ? 'Book a make-up practice' : 'Book another time', url: `${c.publicUrl}/slots` },
    },
  };
}

export function closureReopenedMail(p: NotificationPayloads['closure.reopened'], c: Context): { subject: string; content: MailContent } {
  const back = p.restored.length;
  return {
    subject: back > 0 ? `Reopened: ${p.place}: ${back} ${practices(back)} back on the schedule` : `Reopened: ${p.place}`,
    content: {
      heading: `${p.place} is open again`,
      paragraphs: [
        `The league reopened ${p.place} (closed ${when(p, c.timeZone)} for ${p.reason}).`,
        ...(back > 0 ? [`${back === 1 ? 'This practice is' : 'These practices are'} back on ${p.teamName}'s schedule:`, ...p.restored.map((x) => practiceLine(x, c.timeZone))] : []),
        ...(p.notRestored.length > 0
          ? [
              `${p.notRestored.length === 1 ? 'This practice stays' : 'These practices stay'} cancelled, because the slot was taken, closed again or is past; your make-up practice for ${p.notRestored.length === 1 ? 'it' : 'them'} stays:`,
              ...p.notRestored.map((x) => practiceLine(x, c.timeZone)),
            ]
          : []),
      ],
      action: { label: 'See My Reservations', url: `${c.publicUrl}/my-reservations` },
    },
  };
}
