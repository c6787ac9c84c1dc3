import type { Database, PendingStatement } from '../../db/client';
import * as repo from './notifications.repository';

/** The practice a notification is about, as the email will describe it. */
export interface PracticeFacts {
  bookingId: string;
  teamName: string;
  fieldName: string;
  startsAt: string;
  endsAt: string;
}

/** The clinic place a notification is about (the participant is the person's child, or the person). */
export interface ClinicFacts {
  clinicId: string;
  clinicTitle: string;
  participantName: string;
  startsAt: string;
  endsAt: string;
  /** The facility's name and address, or the clinic's free-text place. */
  location: string;
}

/** Every kind of notification and its payload: the one shape each domain writes and the mail sender reads. */
export interface NotificationPayloads {
  'booking.created': PracticeFacts & { override: boolean; reason: string | null };
  /** `blocked`: a block of the slot cancelled it (the reason is the block's, such as "Weather: Field flooded"). */
  'booking.cancelled': PracticeFacts & { reason: string; byAdmin: boolean; blocked: boolean };
  'booking.bumped': PracticeFacts & { reason: string };
  'booking.moved': PracticeFacts & { fromFieldName: string; fromStartsAt: string; reason: string | null };
  /** The evening before a practice: queued once per booking (dedupe key `reminder:<bookingId>`). */
  'booking.reminder': PracticeFacts & { facilityName: string; facilityAddress: string | null };
  /** An admin approved a practice request: the practice it booked for the team, with the admin's note if any. */
  'practice-request.approved': PracticeFacts & { requestId: string; response: string | null };
  /** An admin declined a practice request, with the reason the coach sees. */
  'practice-request.declined': { requestId: string; teamName: string; preferredDates: string[]; reason: string };
  /** Someone wrote on /contact: one per active admin (decision 021). The sender's words, shown as plain text. */
  'contact.received': { contactMessageId: string; name: string; email: string; subject: string; message: string };
  /** A registration was taken: a place, or a place on the waitlist. */
  'clinic.registered': ClinicFacts & { status: 'registered' | 'waitlisted' };
  /** A place freed and the first on the waitlist got it. */
  'clinic.promoted': ClinicFacts;
  /** The league cancelled the clinic. */
  'clinic.cancelled': ClinicFacts & { reason: string };
  /** An admin cancelled one registration (a place or a waitlist place) from the roster. */
  'clinic.registration.cancelled': ClinicFacts & { status: 'registered' | 'waitlisted' };
  /** An admin moved a published clinic: its time or place before the edit, and now (the facts are the new ones). */
  'clinic.changed': ClinicFacts & { before: { startsAt: string; endsAt: string; location: string } };
  /** An opening round was drawn (decision 030): what the team got, in which round, and each preference it missed, with why. */
  'opening.drawn': OpeningDrawnFacts;
  /** The league cancelled an opening round before its draw: the team's preferences are dropped. */
  'opening.cancelled': { roundId: string; teamName: string; seasonName: string; drawAt: string };
  /** A rain-out cancelled the team's practices (issue 28): one message per team for the closure, with its make-up credits. */
  'closure.cancelled': ClosureFacts & { practices: ClosurePractice[]; credits: number; creditsExpireAt: string | null };
  /** The league reopened a rain-out: the team's practices that are back, and those that stay cancelled (their credit stays). */
  'closure.reopened': ClosureFacts & { restored: ClosurePractice[]; notRestored: ClosurePractice[] };
  /**
   * A slot the team waited on freed up and is held for it until `holdUntil` (issue 28, decision 034). Written by the
   * database's hold function (migration 0018) with the hold, dedupe key offer:<waitId>:<when>: one email per coach per offer.
   */
  'wait.offered': { waitId: string; slotId: string; teamName: string; fieldName: string; startsAt: string; endsAt: string; holdUntil: string };
  /** Another team offers the team a practice (issue 29, decision 036): in trade for one of `wanted`, or as a gift. */
  'swap.offered': SwapFacts & { offered: SwapPracticeFacts; wanted: SwapPracticeFacts[]; note: string | null; expiresAt: string };
  /** A swap or gift went through: what the team gave (null: it received a gift) and got (null: it gave one away). */
  'swap.accepted': SwapFacts & { gave: SwapPracticeFacts | null; got: SwapPracticeFacts | null };
  /** The other team declined the team's offer. */
  'swap.declined': SwapFacts & { offered: SwapPracticeFacts };
}

/** A swap as its emails name it: `teamName` is the team told, `otherTeamName` the other side. */
export interface SwapFacts {
  swapId: string;
  kind: 'swap' | 'give';
  teamName: string;
  otherTeamName: string;
}

export interface SwapPracticeFacts {
  fieldName: string;
  startsAt: string;
  endsAt: string;
}

/** A rain-out as its emails describe it: where ("Riverside Park (Field 1)"), when, and why. */
export interface ClosureFacts {
  closureId: string;
  teamName: string;
  place: string;
  startsAt: string;
  endsAt: string;
  reason: string;
}

export interface ClosurePractice {
  fieldName: string;
  startsAt: string;
  endsAt: string;
}

/** A team's outcome of an opening round's draw; slot labels are written at the draw ("Field 1, Tue Dec 1, 5:00 pm"). */
export interface OpeningDrawnFacts {
  roundId: string;
  teamName: string;
  seasonName: string;
  /**
   * `label` is the slot as the draw's published inputs name it (English); `slot`, its field and start, so an email in
   * another language writes the time its own way (absent from notifications written before it was added); `gone`,
   * a slot deleted before the draw could name it.
   */
  got: Array<{ round: number; rank: number; label: string; slot?: DrawnSlot; gone?: true }>;
  missed: Array<{ rank: number; label: string; reason: string; slot?: DrawnSlot; gone?: true }>;
}

/** A slot of an opening round's email: its field and when it starts. */
export interface DrawnSlot {
  fieldName: string;
  startsAt: string;
}

export type NotificationKind = keyof NotificationPayloads;

/** Who hears about it: the team's coaches (when it is a team's matter), and the person named (who booked, asked or registered). */
export interface Audience {
  teamId: string | null;
  userId: string | null;
}

export interface Notification<K extends NotificationKind = NotificationKind> {
  kind: K;
  audience: Audience;
  payload: NotificationPayloads[K];
  /** Queued once only: a second notification with the same key is dropped (a practice's reminder). */
  dedupeKey?: string;
}

/** Builds one notification; the type ties each kind to its payload. */
export function notification<K extends NotificationKind>(kind: K, audience: Audience, payload: NotificationPayloads[K]): Notification<K> {
  return { kind, audience, payload };
}

/**
 * Queues notifications in the caller's transaction (the one that makes the change), so they are sent from the
 * outbox only after commit and a mail failure can never lose or block the change itself.
 */
export async function queueNotifications(tx: Database, notifications: Notification[]): Promise<void> {
  await repo.insertOutboxRows(tx, notifications.map(outboxRow));
}

/**
 * The rows `queueNotifications` writes, as a statement for the caller to run in its transaction together with its
 * own write in one round trip. Same rows, same payloads (the booking call of migration 0014 writes them in SQL;
 * bookings' booking-call-words test compares the two).
 */
export function notificationsStatement(tx: Database, notifications: Notification[]): PendingStatement {
  return repo.outboxRowsInsert(tx, notifications.map(outboxRow));
}

const outboxRow = (n: Notification): repo.OutboxRow => ({
  kind: n.kind,
  recipientUserId: n.audience.userId,
  teamId: n.audience.teamId,
  payload: n.payload,
  dedupeKey: n.dedupeKey ?? null,
});

/** A queued notification, as the mail worker reads it back. */
export type QueuedNotification = repo.UnsentRow;

/**
 * The mail worker's side of the outbox: it reads the oldest notifications not yet handed to mail (no lock) and writes
 * their emails; then, in one short transaction, claims those still unsent (locked: other servers skip them), stores
 * their emails and marks them handed over.
 */
export const oldestUnsentNotifications = (db: Database, limit: number) => repo.oldestUnsent(db, limit);
export const claimUnsentNotifications = (tx: Database, ids: string[]) => repo.claimUnsent(tx, ids);
export const markNotificationsHandedOver = (tx: Database, ids: string[]) => repo.markSent(tx, ids);
