import { formatDateTime, formatTime } from '../../../shared/bookings/booking-rules';
import type { ClinicFacts, NotificationKind, NotificationPayloads, PracticeFacts } from '../notifications/notifications.service';
import { openingCancelledMail, openingDrawnMail } from '../opening/opening-mail';
import { closureCancelledMail, closureReopenedMail } from '../rain-outs/rain-out-mail';
import { swapAcceptedMail, swapDeclinedMail, swapOfferedMail } from '../swaps/swaps-mail';
import { waitOfferedMail } from '../waitlist/waitlist-mail';
import type { MailContent } from './mail-layout';

/**
 * Which of a person's choices on /profile lets a message through (security mail is not sent from here); `always`:
 * the answer to something the person did themselves (a clinic registration), sent whatever they chose.
 */
export type MailPreference = 'bookingChanges' | 'reminders' | 'always';

export interface NotificationMail {
  subject: string;
  content: MailContent;
  preference: MailPreference;
}

export interface MailContext {
  leagueName: string;
  timeZone: string;
  /** PUBLIC_URL without a trailing slash: every link points back to the app. */
  publicUrl: string;
}

/** An instant in the league's zone as people read it: "Tue Mar 3, 5:00 pm". */
export function formatWhen(iso: string, timeZone: string): string {
  return formatDateTime(new Date(iso), timeZone);
}

function clock(iso: string, timeZone: string): string {
  return formatTime(iso, timeZone);
}

/** "Tue Mar 3, 5:00 pm – 6:20 pm". */
export function formatPractice(p: Pick<PracticeFacts, 'startsAt' | 'endsAt'>, timeZone: string): string {
  return `${formatWhen(p.startsAt, timeZone)} – ${clock(p.endsAt, timeZone)}`;
}

function footerFor(preference: MailPreference, teamName: string | undefined, publicUrl: string): string {
  if (preference === 'always') return `You get this email because of a clinic registration you made. To see or cancel it, open ${publicUrl}/clinics`;
  if (preference === 'reminders') return `You get practice reminders as a coach of ${teamName}. To turn them off, open your profile: ${publicUrl}/profile`;
  return `You get booking emails as a coach of ${teamName} or the person who booked or asked. To choose which emails you get, open your profile: ${publicUrl}/profile`;
}

/** "Sat Apr 4, 9:00 am – 11:00 am at Cedar Park (1 Main St)". */
const clinicWhenWhere = (p: ClinicFacts, timeZone: string) => `${formatPractice(p, timeZone)} at ${p.location}`;

/** "Tue, Apr 7" for a league calendar day. */
const formatDay = (day: string) =>
  new Date(`${day}T12:00:00Z`).toLocaleDateString('en-US', { timeZone: 'UTC', weekday: 'short', month: 'short', day: 'numeric' });

/** A renderer may write its own footer (mail that is not about a person's bookings or registrations); else the preference's. */
type Renderer<K extends NotificationKind> = (p: NotificationPayloads[K], c: MailContext) => Omit<NotificationMail, 'preference'>;

/** One line, for a header: a stranger's CR/LF must never start a header of its own (nodemailer folds too; this is the app's own guard). */
const oneLine = (s: string) => s.replace(/[\r\n\u2028\u2029]+/g, ' ').trim();

const reasonLine = (reason: string | null) => (reason ? [`Reason: ${reason}`] : []);

/** One renderer per kind: the compiler refuses a kind without its message. */
const renderers: { [K in NotificationKind]: Renderer<K> } = {
  'booking.created': (p, c) => ({
    subject: `Practice booked: ${p.teamName}, ${p.fieldName}, ${formatWhen(p.startsAt, c.timeZone)}`,
    content: {
      heading: `Practice booked for ${p.teamName}`,
      paragraphs: [
        `${p.fieldName}, ${formatPractice(p, c.timeZone)}.`,
        ...(p.override ? [`A league admin booked this practice for your team.`, ...reasonLine(p.reason)] : []),
        'Need to cancel? Do it on My Reservations before the cancellation cutoff so another team can use the field.',
      ],
      action: { label: 'See my reservations', url: `${c.publicUrl}/my-reservations` },
    },
  }),
  'booking.cancelled': (p, c) =>
    p.blocked
      ? {
          subject: `Practice cancelled, slot blocked: ${p.teamName}, ${p.fieldName}, ${formatWhen(p.startsAt, c.timeZone)}`,
          content: {
            heading: 'The slot was blocked under your booking',
            paragraphs: [
              `The league closed ${p.fieldName} on ${formatPractice(p, c.timeZone)}, so ${p.teamName}'s practice there is cancelled.`,
              `Reason: ${p.reason}`,
              'Pick another open slot to practice this week.',
            ],
            action: { label: 'Book another time', url: `${c.publicUrl}/slots` },
          },
        }
      : {
          subject: `Practice cancelled: ${p.teamName}, ${p.fieldName}, ${formatWhen(p.startsAt, c.timeZone)}`,
          content: {
            heading: `Practice cancelled for ${p.teamName}`,
            paragraphs: [
              `${p.fieldName}, ${formatPractice(p, c.timeZone)}: ${p.byAdmin ? 'a league admin cancelled this practice' : 'this practice was cancelled'}.`,
              `Reason: ${p.reason}`,
            ],
            action: { label: 'Book another time', url: `${c.publicUrl}/slots` },
          },
        },
  'booking.bumped': (p, c) => ({
    subject: `Practice bumped: ${p.teamName}, ${p.fieldName}, ${formatWhen(p.startsAt, c.timeZone)}`,
    content: {
      heading: `${p.teamName}'s practice was given to another team`,
      paragraphs: [
        `A league admin gave the slot on ${p.fieldName}, ${formatPractice(p, c.timeZone)} to another team, so your practice there is cancelled.`,
        `Reason: ${p.reason}`,
        'Pick another open slot to practice this week.',
      ],
      action: { label: 'Book another time', url: `${c.publicUrl}/slots` },
    },
  }),
  'booking.moved': (p, c) => ({
    subject: `Practice moved: ${p.teamName}, now ${p.fieldName}, ${formatWhen(p.startsAt, c.timeZone)}`,
    content: {
      heading: `${p.teamName}'s practice was moved`,
      paragraphs: [
        `A league admin moved your practice from ${p.fromFieldName}, ${formatWhen(p.fromStartsAt, c.timeZone)} to ${p.fieldName}, ${formatPractice(p, c.timeZone)}.`,
        ...reasonLine(p.reason),
      ],
      action: { label: 'See my reservations', url: `${c.publicUrl}/my-reservations` },
    },
  }),
  'booking.reminder': (p, c) => ({
    subject: `Practice tomorrow: ${p.teamName}, ${p.fieldName}, ${formatWhen(p.startsAt, c.timeZone)}`,
    content: {
      heading: `${p.teamName} practices tomorrow`,
      paragraphs: [
        `${formatPractice(p, c.timeZone)} on ${p.fieldName} at ${p.facilityName}${p.facilityAddress ? ` (${p.facilityAddress})` : ''}.`,
        'Cannot make it? Cancel on My Reservations so another team can use the field.',
      ],
      action: { label: 'See my reservations', url: `${c.publicUrl}/my-reservations` },
    },
  }),
  'practice-request.approved': (p, c) => ({
    subject: `Practice request approved: ${p.teamName}, ${p.fieldName}, ${formatWhen(p.startsAt, c.timeZone)}`,
    content: {
      heading: `${p.teamName}'s practice request was approved`,
      paragraphs: [`The league booked ${p.fieldName}, ${formatPractice(p, c.timeZone)} for your team.`, ...(p.response ? [`Note from the league: ${p.response}`] : [])],
      action: { label: 'See my reservations', url: `${c.publicUrl}/my-reservations` },
    },
  }),
  'practice-request.declined': (p, c) => ({
    subject: `Practice request declined: ${p.teamName}, ${p.preferredDates.map(formatDay).join(' / ')}`,
    content: {
      heading: `${p.teamName}'s practice request was declined`,
      paragraphs: [`The league could not give your team a practice on ${p.preferredDates.map(formatDay).join(', ')}.`, `Reason: ${p.reason}`, 'Open slots may still suit you, or ask again for other dates.'],
      action: { label: 'See your requests', url: `${c.publicUrl}/practice-request` },
    },
  }),
  'contact.received': (p, c) => ({
    subject: oneLine(`Contact message from ${p.name}: ${p.subject}`),
    content: {
      heading: `New message from ${oneLine(p.name)}`,
      // Plain text only: the layout escapes every paragraph in the HTML part, so the sender's markup shows as typed.
      paragraphs: [`From: ${oneLine(p.name)} <${oneLine(p.email)}> (reply to this address, not to this email)`, `Subject: ${oneLine(p.subject)}`, p.message],
      action: { label: 'Open the inbox', url: `${c.publicUrl}/admin` },
      footer: `You get this email as a league admin: every message sent on ${c.publicUrl}/contact comes to each admin. Mark it read or archive it on ${c.publicUrl}/admin`,
    },
  }),
  'clinic.registered': (p, c) =>
    p.status === 'registered'
      ? {
          subject: `Clinic place confirmed: ${p.participantName}, ${p.clinicTitle}, ${formatWhen(p.startsAt, c.timeZone)}`,
          content: {
            heading: `${p.participantName} is registered for ${p.clinicTitle}`,
            paragraphs: [`${clinicWhenWhere(p, c.timeZone)}.`, 'Cannot come? Cancel on the clinics page so the next person on the waitlist gets the place.'],
            action: { label: 'See clinics', url: `${c.publicUrl}/clinics` },
          },
        }
      : {
          subject: `On the waitlist: ${p.participantName}, ${p.clinicTitle}, ${formatWhen(p.startsAt, c.timeZone)}`,
          content: {
            heading: `${p.participantName} is on the waitlist for ${p.clinicTitle}`,
            paragraphs: [`${clinicWhenWhere(p, c.timeZone)}.`, 'The clinic is full. When a place frees, the first on the waitlist gets it and we email you.'],
            action: { label: 'See clinics', url: `${c.publicUrl}/clinics` },
          },
        },
  'clinic.promoted': (p, c) => ({
    subject: `A place opened: ${p.participantName}, ${p.clinicTitle}, ${formatWhen(p.startsAt, c.timeZone)}`,
    content: {
      heading: `${p.participantName} now has a place in ${p.clinicTitle}`,
      paragraphs: [`A place freed and ${p.participantName} was first on the waitlist: the place is yours.`, `${clinicWhenWhere(p, c.timeZone)}.`, 'Cannot come? Cancel on the clinics page so the next person gets it.'],
      action: { label: 'See clinics', url: `${c.publicUrl}/clinics` },
    },
  }),
  'clinic.cancelled': (p, c) => ({
    subject: `Clinic cancelled: ${p.clinicTitle}, ${formatWhen(p.startsAt, c.timeZone)}`,
    content: {
      heading: `${p.clinicTitle} is cancelled`,
      paragraphs: [`The league cancelled ${p.clinicTitle} (${clinicWhenWhere(p, c.timeZone)}), so ${p.participantName}'s registration is cancelled.`, `Reason: ${p.reason}`],
      action: { label: 'See other clinics', url: `${c.publicUrl}/clinics` },
    },
  }),
  'clinic.registration.cancelled': (p, c) => ({
    subject: `Registration cancelled: ${p.participantName}, ${p.clinicTitle}, ${formatWhen(p.startsAt, c.timeZone)}`,
    content: {
      heading: `${p.participantName}'s ${p.status === 'registered' ? 'place' : 'waitlist place'} in ${p.clinicTitle} is cancelled`,
      paragraphs: [
        `The league cancelled ${p.participantName}'s ${p.status === 'registered' ? 'place' : 'place on the waitlist'} for ${p.clinicTitle} (${clinicWhenWhere(p, c.timeZone)}).`,
        'Think this is a mistake? Reply to the league, or register again on the clinics page while places are open.',
      ],
      action: { label: 'See clinics', url: `${c.publicUrl}/clinics` },
    },
  }),
  'clinic.changed': (p, c) => {
    const timeChanged = p.before.startsAt !== p.startsAt || p.before.endsAt !== p.endsAt;
    const placeChanged = p.before.location !== p.location;
    return {
      subject: `Clinic ${timeChanged ? (placeChanged ? 'time and place' : 'time') : 'place'} changed: ${p.clinicTitle}, ${formatWhen(p.startsAt, c.timeZone)}`,
      content: {
        heading: `${p.clinicTitle} has changed`,
        paragraphs: [
          `The league changed ${p.clinicTitle}, where ${p.participantName} is signed up.`,
          ...(timeChanged ? [`When: ${formatPractice(p.before, c.timeZone)} → ${formatPractice(p, c.timeZone)}`] : []),
          ...(placeChanged ? [`Where: ${p.before.location} → ${p.location}`] : []),
          'Cannot come now? Cancel on the clinics page so the next person on the waitlist gets the place.',
        ],
        action: { label: 'See clinics', url: `${c.publicUrl}/clinics` },
      },
    };
  },
  'opening.drawn': openingDrawnMail,
  'opening.cancelled': openingCancelledMail,
  'closure.cancelled': closureCancelledMail,
  'closure.reopened': closureReopenedMail,
  'wait.offered': waitOfferedMail,
  'swap.offered': swapOfferedMail,
  'swap.accepted': swapAcceptedMail,
  'swap.declined': swapDeclinedMail,
};

const preferences: Record<NotificationKind, MailPreference> = {
  'booking.created': 'bookingChanges',
  'booking.cancelled': 'bookingChanges',
  'booking.bumped': 'bookingChanges',
  'booking.moved': 'bookingChanges',
  'booking.reminder': 'reminders',
  'practice-request.approved': 'bookingChanges',
  'practice-request.declined': 'bookingChanges',
  'contact.received': 'always',
  'clinic.registered': 'always',
  'clinic.promoted': 'always',
  'clinic.cancelled': 'always',
  'clinic.registration.cancelled': 'always',
  'clinic.changed': 'always',
  'opening.drawn': 'bookingChanges',
  'opening.cancelled': 'bookingChanges',
  'closure.cancelled': 'bookingChanges',
  'closure.reopened': 'bookingChanges',
  'wait.offered': 'bookingChanges',
  'swap.offered': 'bookingChanges',
  'swap.accepted': 'bookingChanges',
  'swap.declined': 'bookingChanges',
};

export function isNotificationKind(kind: string): kind is NotificationKind {
  return Object.hasOwn(renderers, kind);
}

/** The email for one notification, written once for all its recipients; null for a kind this version does not know. */
export function notificationMail(kind: string, payload: unknown, c: MailContext): NotificationMail | null {
  if (!isNotificationKind(kind)) return null;
  const render = renderers[kind] as Renderer<NotificationKind>;
  const p = payload as NotificationPayloads[NotificationKind];
  const { subject, content } = render(p, c);
  const preference = preferences[kind];
  const teamName = 'teamName' in p ? p.teamName : undefined;
  return { subject, preference, content: { ...content, footer: content.footer ?? footerFor(preference, teamName, c.publicUrl) } };
}
