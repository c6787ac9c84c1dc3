import type { Role } from '../../../shared/constants';
import type { Locale } from '../../../shared/i18n/locales';
import { teamLabel } from '../../../shared/teams/teams.schemas';
import { formatLongDay } from '../../../shared/time/date-words';
import { layoutMail, mailWords } from '../mail/mail-layout';

export interface InvitationFacts {
  leagueName: string;
  timeZone: string;
  inviterName: string | null;
  role: Role;
  team: { name: string; division: string | null } | null;
  url: string;
  expiresAt: Date;
  /** The invited person's language: their account's, else the inviting admin's request's (English by default). */
  locale?: Locale;
}

/** The invitation email: who invited you to what, the one-time link and until when it works. */
export function invitationMail(f: InvitationFacts): { subject: string; text: string; html: string } {
  const locale = f.locale ?? 'en';
  const w = mailWords(locale);
  const until = formatLongDay(f.expiresAt, f.timeZone, locale);
  // "as a coach of Blue Jays (10U)": the same words as shared/invitations/invitation-words.ts `invitedAs`.
  const as = { league: f.leagueName, role: f.role, hasTeam: f.team ? 'yes' : 'no', team: f.team ? teamLabel(f.team) : '' };
  const { text, html } = layoutMail(
    f.leagueName,
    {
      heading: w('invitation.heading', as),
      paragraphs: [
        w('invitation.body', { ...as, hasInviter: f.inviterName ? 'yes' : 'no', inviter: f.inviterName ?? '' }),
        w('invitation.link', { until }),
        w('invitation.ignore'),
      ],
      action: { label: w('invitation.action'), url: f.url },
    },
    locale,
  );
  return { subject: w('invitation.subject', { league: f.leagueName }), text, html };
}
