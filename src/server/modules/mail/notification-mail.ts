import type { Locale } from '../../../shared/i18n/locales';
import { formatDateTime, formatTime, formatWeekdayDay } from '../../../shared/time/date-words';
import type { ClinicFacts, NotificationKind, NotificationPayloads, PracticeFacts } from '../notifications/notifications.service';
import { openingCancelledMail, openingDrawnMail } from '../opening/opening-mail';
import { closureCancelledMail, closureReopenedMail } from '../rain-outs/rain-out-mail';
import { swapAcceptedMail, swapDeclinedMail, swapOfferedMail } from '../swaps/swaps-mail';
import { waitOfferedMail } from '../waitlist/waitlist-mail';
import { mailWords, type MailContent } from './mail-layout';

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
  /** The recipient's language (their profile's; English when they chose none). */
  locale?: Locale;
}

/** An instant in the league's zone as people read it: "Tue Mar 3, 5:00 pm" ("mar 3 mar, 5:00 p.m." in Spanish). */
export function formatWhen(iso: string, timeZone: string, locale: Locale = 'en'): string {
  return formatDateTime(new Date(iso), timeZone, locale);
}

/** "Tue Mar 3, 5:00 pm – 6:20 pm". */
export function formatPractice(p: Pick<PracticeFacts, 'startsAt' | 'endsAt'>, timeZone: string, locale: Locale = 'en'): string {
  return `${formatWhen(p.startsAt, timeZone, locale)} – ${formatTime(p.endsAt, timeZone, locale)}`;
}

function footerFor(preference: MailPreference, teamName: string | undefined, c: MailContext): string {
  const w = mailWords(c.locale);
  if (preference === 'always') return w('footer.clinic', { url: `${c.publicUrl}/clinics` });
  return w(preference === 'reminders' ? 'footer.reminders' : 'footer.bookingChanges', { team: String(teamName), url: `${c.publicUrl}/profile` });
}

/** A renderer may write its own footer (mail that is not about a person's bookings or registrations); else the preference's. */
type Renderer<K extends NotificationKind> = (p: NotificationPayloads[K], c: MailContext) => Omit<NotificationMail, 'preference'>;

/** One line, for a header: a stranger's CR/LF must never start a header of its own (nodemailer folds too; this is the app's own guard). */
const oneLine = (s: string) => s.replace(/[\r\n\u2028\u2029]+/g, ' ').trim();

/** The words, dates and links every renderer writes with, in the recipient's language. */
function kit(c: MailContext) {
  const locale = c.locale ?? 'en';
  const w = mailWords(locale);
  const when = (iso: string) => formatWhen(iso, c.timeZone, locale);
  const practice = (p: Pick<PracticeFacts, 'startsAt' | 'endsAt'>) => formatPractice(p, c.timeZone, locale);
  return {
    w,
    when,
    practice,
    /** "Sat Apr 4, 9:00 am – 11:00 am at Cedar Park (1 Main St)". */
    clinicWhenWhere: (p: ClinicFacts) => w('common.clinicWhenWhere', { when: practice(p), location: p.location }),
    /** "Tue, Apr 7" for a league calendar day. */
    day: (d: string) => formatWeekdayDay(d, locale),
    reasonLine: (reason: string | null) => (reason ? [w('common.reason', { reason })] : []),
    myReservations: { label: w('common.seeMyReservations'), url: `${c.publicUrl}/my-reservations` },
    bookAnother: { label: w('common.bookAnotherTime'), url: `${c.publicUrl}/slots` },
    clinics: { label: w('common.seeClinics'), url: `${c.publicUrl}/clinics` },
  };
}

/** One renderer per kind: the compiler refuses a kind without its message. */
const renderers: { [K in NotificationKind]: Renderer<K> } = {
  'booking.created': (p, c) => {
    const { w, when, practice, reasonLine, myReservations } = kit(c);
    return {
      subject: w('bookingCreated.subject', { team: p.teamName, field: p.fieldName, when: when(p.startsAt) }),
      content: {
        heading: w('bookingCreated.heading', { team: p.teamName }),
        paragraphs: [
          `${p.fieldName}, ${practice(p)}.`,
          ...(p.override ? [w('bookingCreated.byAdmin'), ...reasonLine(p.reason)] : []),
          w('bookingCreated.cancelHint'),
        ],
        action: myReservations,
      },
    };
  },
  'booking.cancelled': (p, c) => {
    const { w, when, practice, bookAnother } = kit(c);
    const facts = { team: p.teamName, field: p.fieldName, when: when(p.startsAt) };
    return p.blocked
      ? {
          subject: w('bookingBlocked.subject', facts),
          content: {
            heading: w('bookingBlocked.heading'),
            paragraphs: [w('bookingBlocked.body', { ...facts, when: practice(p) }), w('common.reason', { reason: p.reason }), w('common.pickAnotherSlot')],
            action: bookAnother,
          },
        }
      : {
          subject: w('bookingCancelled.subject', facts),
          content: {
            heading: w('bookingCancelled.heading', { team: p.teamName }),
            paragraphs: [w(p.byAdmin ? 'bookingCancelled.byAdmin' : 'bookingCancelled.body', { field: p.fieldName, when: practice(p) }), w('common.reason', { reason: p.reason })],
            action: bookAnother,
          },
        };
  },
  'booking.bumped': (p, c) => {
    const { w, when, practice, bookAnother } = kit(c);
    return {
      subject: w('bookingBumped.subject', { team: p.teamName, field: p.fieldName, when: when(p.startsAt) }),
      content: {
        heading: w('bookingBumped.heading', { team: p.teamName }),
        paragraphs: [w('bookingBumped.body', { field: p.fieldName, when: practice(p) }), w('common.reason', { reason: p.reason }), w('common.pickAnotherSlot')],
        action: bookAnother,
      },
    };
  },
  'booking.moved': (p, c) => {
    const { w, when, practice, reasonLine, myReservations } = kit(c);
    return {
      subject: w('bookingMoved.subject', { team: p.teamName, field: p.fieldName, when: when(p.startsAt) }),
      content: {
        heading: w('bookingMoved.heading', { team: p.teamName }),
        paragraphs: [w('bookingMoved.body', { fromField: p.fromFieldName, fromWhen: when(p.fromStartsAt), field: p.fieldName, when: practice(p) }), ...reasonLine(p.reason)],
        action: myReservations,
      },
    };
  },
  'booking.reminder': (p, c) => {
    const { w, when, practice, myReservations } = kit(c);
    const where = { when: practice(p), field: p.fieldName, facility: p.facilityName };
    return {
      subject: w('bookingReminder.subject', { team: p.teamName, field: p.fieldName, when: when(p.startsAt) }),
      content: {
        heading: w('bookingReminder.heading', { team: p.teamName }),
        paragraphs: [
          p.facilityAddress ? w('bookingReminder.whereAddress', { ...where, address: p.facilityAddress }) : w('bookingReminder.where', where),
          w('bookingReminder.hint'),
        ],
        action: myReservations,
      },
    };
  },
  'practice-request.approved': (p, c) => {
    const { w, when, practice, myReservations } = kit(c);
    return {
      subject: w('requestApproved.subject', { team: p.teamName, field: p.fieldName, when: when(p.startsAt) }),
      content: {
        heading: w('requestApproved.heading', { team: p.teamName }),
        paragraphs: [w('requestApproved.body', { field: p.fieldName, when: practice(p) }), ...(p.response ? [w('requestApproved.note', { note: p.response })] : [])],
        action: myReservations,
      },
    };
  },
  'practice-request.declined': (p, c) => {
    const { w, day } = kit(c);
    return {
      subject: w('requestDeclined.subject', { team: p.teamName, dates: p.preferredDates.map(day).join(' / ') }),
      content: {
        heading: w('requestDeclined.heading', { team: p.teamName }),
        paragraphs: [w('requestDeclined.body', { dates: p.preferredDates.map(day).join(', ') }), w('common.reason', { reason: p.reason }), w('requestDeclined.hint')],
        action: { label: w('requestDeclined.action'), url: `${c.publicUrl}/practice-request` },
      },
    };
  },
  'contact.received': (p, c) => {
    const { w } = kit(c);
    return {
      subject: oneLine(w('contact.subject', { name: p.name, subject: p.subject })),
      content: {
        heading: w('contact.heading', { name: oneLine(p.name) }),
        // Plain text only: the layout escapes every paragraph in the HTML part, so the sender's markup shows as typed.
        paragraphs: [w('contact.from', { name: oneLine(p.name), email: oneLine(p.email) }), w('contact.subjectLine', { subject: oneLine(p.subject) }), p.message],
        action: { label: w('contact.action'), url: `${c.publicUrl}/admin` },
        footer: w('contact.footer', { contactUrl: `${c.publicUrl}/contact`, adminUrl: `${c.publicUrl}/admin` }),
      },
    };
  },
  'clinic.registered': (p, c) => {
    const { w, when, clinicWhenWhere, clinics } = kit(c);
    const facts = { participant: p.participantName, clinic: p.clinicTitle, when: when(p.startsAt) };
    return p.status === 'registered'
      ? {
          subject: w('clinicRegistered.subject', facts),
          content: { heading: w('clinicRegistered.heading', facts), paragraphs: [`${clinicWhenWhere(p)}.`, w('clinicRegistered.hint')], action: clinics },
        }
      : {
          subject: w('clinicWaitlisted.subject', facts),
          content: { heading: w('clinicWaitlisted.heading', facts), paragraphs: [`${clinicWhenWhere(p)}.`, w('clinicWaitlisted.body')], action: clinics },
        };
  },
  'clinic.promoted': (p, c) => {
    const { w, when, clinicWhenWhere, clinics } = kit(c);
    const facts = { participant: p.participantName, clinic: p.clinicTitle, when: when(p.startsAt) };
    return {
      subject: w('clinicPromoted.subject', facts),
      content: {
        heading: w('clinicPromoted.heading', facts),
        paragraphs: [w('clinicPromoted.body', facts), `${clinicWhenWhere(p)}.`, w('clinicPromoted.hint')],
        action: clinics,
      },
    };
  },
  'clinic.cancelled': (p, c) => {
    const { w, when, clinicWhenWhere, clinics } = kit(c);
    return {
      subject: w('clinicCancelled.subject', { clinic: p.clinicTitle, when: when(p.startsAt) }),
      content: {
        heading: w('clinicCancelled.heading', { clinic: p.clinicTitle }),
        paragraphs: [w('clinicCancelled.body', { clinic: p.clinicTitle, whenWhere: clinicWhenWhere(p), participant: p.participantName }), w('common.reason', { reason: p.reason })],
        action: { ...clinics, label: w('clinicCancelled.action') },
      },
    };
  },
  'clinic.registration.cancelled': (p, c) => {
    const { w, when, clinicWhenWhere, clinics } = kit(c);
    const facts = { participant: p.participantName, clinic: p.clinicTitle, when: when(p.startsAt), whenWhere: clinicWhenWhere(p) };
    const placed = p.status === 'registered';
    return {
      subject: w('registrationCancelled.subject', facts),
      content: {
        heading: w(placed ? 'registrationCancelled.headingPlace' : 'registrationCancelled.headingWaitlist', facts),
        paragraphs: [w(placed ? 'registrationCancelled.bodyPlace' : 'registrationCancelled.bodyWaitlist', facts), w('registrationCancelled.hint')],
        action: clinics,
      },
    };
  },
  'clinic.changed': (p, c) => {
    const { w, when, practice, clinics } = kit(c);
    const timeChanged = p.before.startsAt !== p.startsAt || p.before.endsAt !== p.endsAt;
    const placeChanged = p.before.location !== p.location;
    const subject = timeChanged ? (placeChanged ? 'clinicChanged.subjectTimeAndPlace' : 'clinicChanged.subjectTime') : 'clinicChanged.subjectPlace';
    return {
      subject: w(subject, { clinic: p.clinicTitle, when: when(p.startsAt) }),
      content: {
        heading: w('clinicChanged.heading', { clinic: p.clinicTitle }),
        paragraphs: [
          w('clinicChanged.body', { clinic: p.clinicTitle, participant: p.participantName }),
          ...(timeChanged ? [w('clinicChanged.when', { before: practice(p.before), after: practice(p) })] : []),
          ...(placeChanged ? [w('clinicChanged.where', { before: p.before.location, after: p.location })] : []),
          w('clinicChanged.hint'),
        ],
        action: clinics,
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

/** Which of a person's choices on /profile lets this kind of mail through. */
export function preferenceOf(kind: NotificationKind): MailPreference {
  return preferences[kind];
}

/**
 * The email for one notification in one language (`c.locale`, English by default), written once for all its
 * recipients who read that language; null for a kind this version does not know.
 */
export function notificationMail(kind: string, payload: unknown, c: MailContext): NotificationMail | null {
  if (!isNotificationKind(kind)) return null;
  const render = renderers[kind] as Renderer<NotificationKind>;
  const p = payload as NotificationPayloads[NotificationKind];
  const { subject, content } = render(p, c);
  const preference = preferences[kind];
  const teamName = 'teamName' in p ? p.teamName : undefined;
  const mail = { subject, preference, content: { ...content, footer: content.footer ?? footerFor(preference, teamName, c) } };
  return (c.locale ?? 'en') === 'en' ? mail : endsOfSentences(mail);
}

/**
 * Spanish writes "5:00 p.m.": a sentence that ends on one takes no second full stop ("… 6:20 p.m.", not "p.m..").
 * English times have no dot, and English is left exactly as it was.
 */
function endsOfSentences(mail: NotificationMail): NotificationMail {
  const tidy = (s: string) => s.replace(/\b([ap]\.\s?m\.)\./g, '$1');
  const { content } = mail;
  return {
    ...mail,
    subject: tidy(mail.subject),
    content: { ...content, heading: tidy(content.heading), paragraphs: content.paragraphs.map(tidy), ...(content.footer ? { footer: tidy(content.footer) } : {}) },
  };
}
