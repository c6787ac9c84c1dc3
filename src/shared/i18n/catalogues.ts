/**
 * Every namespace of the catalogues, typed by its English file: `t('key')` with a key the English catalogue lacks is
 * a type error. One catalogue per language, a folder (locales/en, locales/es) with one file per area of the app, so a
 * page loads only the words it shows. Add a namespace here when adding its two files; catalogues.test.ts holds the
 * Spanish files to the English keys and placeholders.
 */
import type admin from './locales/en/admin.json';
import type calendar from './locales/en/calendar.json';
import type common from './locales/en/common.json';
import type bookings from './locales/en/bookings.json';
import type bookingsAdmin from './locales/en/bookings-admin.json';
import type landing from './locales/en/landing.json';
import type waitlist from './locales/en/waitlist.json';
import type league from './locales/en/league.json';
import type announcements from './locales/en/announcements.json';
import type seasons from './locales/en/seasons.json';
import type coachDashboard from './locales/en/coach-dashboard.json';
import type rainOuts from './locales/en/rain-outs.json';
import type practiceRequests from './locales/en/practice-requests.json';
import type facilities from './locales/en/facilities.json';
import type errors from './locales/en/errors.json';
import type feeds from './locales/en/feeds.json';
import type mail from './locales/en/mail.json';
import type pwa from './locales/en/pwa.json';
import type validation from './locales/en/validation.json';
import type userManager from './locales/en/user-manager.json';
import type opening from './locales/en/opening.json';
import type clinics from './locales/en/clinics.json';
import type slots from './locales/en/slots.json';
import type scheduleSync from './locales/en/schedule-sync.json';
import type swaps from './locales/en/swaps.json';
import type auth from './locales/en/auth.json';
import type users from './locales/en/users.json';
import type setup from './locales/en/setup.json';
import type invitations from './locales/en/invitations.json';
import type fieldStatus from './locales/en/field-status.json';
import type diag from './locales/en/diag.json';
import type auditLog from './locales/en/audit-log.json';
import type reports from './locales/en/reports.json';
import type contact from './locales/en/contact.json';
import type mailQueue from './locales/en/mail-queue.json';
import type blocks from './locales/en/blocks.json';

export interface Catalogues {
  /** Book a Field (/slots) and My Reservations: loaded with the app in English (lib/i18n/i18n.ts). */
  bookings: typeof bookings;
  /** The admin's booking pages (manage, override, booking rules): apart from `bookings`, which every first screen loads. */
  'bookings-admin': typeof bookingsAdmin;
  /** The home page: loaded with the app in English. */
  landing: typeof landing;
  waitlist: typeof waitlist;
  league: typeof league;
  announcements: typeof announcements;
  seasons: typeof seasons;
  'coach-dashboard': typeof coachDashboard;
  calendar: typeof calendar;
  'rain-outs': typeof rainOuts;
  'practice-requests': typeof practiceRequests;
  admin: typeof admin;
  facilities: typeof facilities;
  common: typeof common;
  /** The server's errors by key (AppError's words): the API sends key and values, the web words them. */
  errors: typeof errors;
  /** Emails the server sends, in the recipient's language. */
  mail: typeof mail;
  /** The calendar feeds' titles and descriptions. */
  feeds: typeof feeds;
  /** The installable app (decision 037): the offline banner, the offline refusal of a write, the new version's prompt. */
  pwa: typeof pwa;
  /**
   * The shared zod schemas' messages by stable key (src/shared/i18n/validation-words.ts finds a key by its English
   * words): the server's VALIDATION_FAILED answer and the web's forms show them in the person's language.
   */
  validation: typeof validation;
  /** /admin-user-manager: people, teams, divisions, invitations and the CSV import. */
  'user-manager': typeof userManager;
  /** The opening round: its public page, the admin's section and a coach's ranked list. */
  opening: typeof opening;
  /** /clinics: the clinics, registration and the waitlist, and the admin's clinic form and roster. */
  clinics: typeof clinics;
  /** /admin-slots: the slot generator and the slot editor. */
  slots: typeof slots;
  /** /schedule-sync: the calendar subscribe links and the admin's game-schedule import. */
  'schedule-sync': typeof scheduleSync;
  /** Practice swaps between teams: the offer dialog and the Swap offers section. */
  swaps: typeof swaps;
  /** Log in, sign up, password reset and the not-authorized page. */
  auth: typeof auth;
  /** The Profile page: details, language, photo, emails, password, devices. */
  users: typeof users;
  /** /setup: the league's first admin account. */
  setup: typeof setup;
  /** /invite: accepting an invitation. */
  invitations: typeof invitations;
  /** Weather closures for everyone and a coach's rain-out banner (loaded only when there is one to show). */
  'field-status': typeof fieldStatus;
  /** /diag: the facts to share with an admin. */
  diag: typeof diag;
  /** /admin-audit-log: the admin actions, filtered and paged. */
  'audit-log': typeof auditLog;
  /** /admin-reports: usage reports, charts and exports. */
  reports: typeof reports;
  /** /contact and the admin's contact inbox. */
  contact: typeof contact;
  /** /admin-mail-queue: outgoing mail and its retries. */
  'mail-queue': typeof mailQueue;
  /** /admin-block-slots: closing fields for a time (blocks). */
  blocks: typeof blocks;
}

export type Namespace = keyof Catalogues;
export type MessageKey<N extends Namespace> = keyof Catalogues[N] & string;
/** The values a message's placeholders take. */
export type MessageValues = Record<string, string | number | Date | null | undefined>;
