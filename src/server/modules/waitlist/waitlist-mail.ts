import { formatDateTime, formatTime, formatWeekdayTime } from '../../../shared/time/date-words';
import type { MailContent } from '../mail/mail-layout';
import type { NotificationPayloads } from '../notifications/notifications.service';

/** The waitlist's offer (issue 28, decision 034): one email per coach of the team the freed slot is held for. */

interface Context {
  timeZone: string;
  publicUrl: string;
}

export function waitOfferedMail(p: NotificationPayloads['wait.offered'], c: Context): { subject: string; content: MailContent } {
  const when = formatDateTime(p.startsAt, c.timeZone);
  const end = formatTime(p.endsAt, c.timeZone);
  const until = formatWeekdayTime(p.holdUntil, c.timeZone);
  return {
    subject: `It freed up: ${p.fieldName}, ${when}. Held for ${p.teamName} until ${until}`,
    content: {
      heading: `The slot ${p.teamName} waited for is free`,
      paragraphs: [
        `${p.fieldName}, ${when} – ${end} is held for ${p.teamName} until ${until}. Nobody else can book it until then.`,
        'Take it to book it under your team\u2019s usual limits, or pass so the next team waiting gets it. If you do neither, it goes to the next team when the hold runs out.',
      ],
      action: { label: 'Take it or pass', url: `${c.publicUrl}/my-reservations#waitlist` },
    },
  };
}
