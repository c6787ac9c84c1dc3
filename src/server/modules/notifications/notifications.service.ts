import type { Database } from '../../db/client';
import * as repo from './notifications.repository';

/** The practice a notification is about, as the email will describe it. */
export interface PracticeFacts {
  bookingId: string;
  teamName: string;
  fieldName: string;
  startsAt: string;
  endsAt: string;
}

/** Every kind of notification and its payload: the one shape each domain writes and the mail sender reads. */
export interface NotificationPayloads {
  'booking.created': PracticeFacts & { override: boolean; reason: string | null };
  'booking.cancelled': PracticeFacts & { reason: string; byAdmin: boolean };
  'booking.bumped': PracticeFacts & { reason: string };
  'booking.moved': PracticeFacts & { fromFieldName: string; fromStartsAt: string; reason: string | null };
}

export type NotificationKind = keyof NotificationPayloads;

/** Who hears about it: the team's coaches, and the person who made the booking. */
export interface Audience {
  teamId: string;
  userId: string | null;
}

export interface Notification<K extends NotificationKind = NotificationKind> {
  kind: K;
  audience: Audience;
  payload: NotificationPayloads[K];
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
  await repo.insertOutboxRows(
    tx,
    notifications.map((n) => ({ kind: n.kind, recipientUserId: n.audience.userId, teamId: n.audience.teamId, payload: n.payload })),
  );
}
