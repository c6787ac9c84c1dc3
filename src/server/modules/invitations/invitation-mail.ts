import type { Role } from '../../../shared/constants';
import { invitedAs } from '../../../shared/invitations/invitation-words';
import { layoutMail } from '../mail/mail-layout';

export interface InvitationFacts {
  leagueName: string;
  timeZone: string;
  inviterName: string | null;
  role: Role;
  team: { name: string; division: string | null } | null;
  url: string;
  expiresAt: Date;
}

/** The invitation email: who invited you to what, the one-time link and until when it works. */
export function invitationMail(f: InvitationFacts): { subject: string; text: string; html: string } {
  const until = new Intl.DateTimeFormat('en-US', { timeZone: f.timeZone, weekday: 'long', month: 'long', day: 'numeric' }).format(f.expiresAt);
  const who = f.inviterName ? `${f.inviterName} invited you` : 'You are invited';
  const { text, html } = layoutMail(f.leagueName, {
    heading: `Join ${f.leagueName} ${invitedAs(f.role, f.team)}`,
    paragraphs: [
      `${who} to join ${f.leagueName} ${invitedAs(f.role, f.team)} on the league's practice scheduler.`,
      `Open the link below to create your account (or to accept with the account you already have). The link works once, until ${until}.`,
      "If you were not expecting this, you can ignore this email: nothing happens unless you open the link.",
    ],
    action: { label: 'Accept the invitation', url: f.url },
  });
  return { subject: `You're invited to join ${f.leagueName}`, text, html };
}
