import { randomUUID } from 'node:crypto';
import type { Database } from '../db/client';
import { authUser, notificationOutbox, teams, users } from '../db/schema';
import { enqueueMail } from '../modules/mail/mail.service';
import type { NotificationPayloads } from '../modules/notifications/notifications.service';

/** One message the app should send, as the SMTP server will see it. */
export interface ExpectedMail {
  to: string;
  subject: RegExp;
}

/**
 * A team with two coaches, `notifications` booking.created notices for it in the outbox (two messages each,
 * handed over by the worker) and `direct` messages queued straight into mail_messages, each with a subject of
 * its own. Written straight into the tables, in one transaction (what a burst of bookings would leave).
 */
export async function seedMailBurst(db: Database, opts: { publicUrl: string; notifications: number; direct: number; tag: string }): Promise<ExpectedMail[]> {
  const coaches = [`${opts.tag}-coach1@example.org`, `${opts.tag}-coach2@example.org`];
  const expected: ExpectedMail[] = [];
  await db.transaction(async (tx) => {
    const [team] = await tx.insert(teams).values({ name: `${opts.tag} Cats ${randomUUID().slice(0, 8)}` }).returning({ id: teams.id, name: teams.name });
    for (const email of coaches) {
      const id = randomUUID();
      await tx.insert(authUser).values({ id, name: email, email, emailVerified: true });
      await tx.insert(users).values({ id, email, displayName: email, role: 'coach', teamId: team!.id });
    }
    for (let i = 0; i < opts.notifications; i++) {
      const startsAt = new Date(Date.UTC(2031, 4, 1 + (i % 28), 22, 0) + Math.floor(i / 28) * 60_000);
      const payload: NotificationPayloads['booking.created'] = {
        bookingId: randomUUID(),
        teamName: team!.name,
        fieldName: `Field ${i}`,
        startsAt: startsAt.toISOString(),
        endsAt: new Date(startsAt.getTime() + 80 * 60_000).toISOString(),
        override: false,
        reason: null,
      };
      await tx.insert(notificationOutbox).values({ kind: 'booking.created', teamId: team!.id, recipientUserId: null, payload });
      for (const to of coaches) expected.push({ to, subject: new RegExp(`^Practice booked: .*, Field ${i}, `) });
    }
    for (let i = 0; i < opts.direct; i++) {
      const to = `${opts.tag}-direct-${i}@example.org`;
      await enqueueMail(tx, opts.publicUrl, { kind: 'test', to, toUserId: null, subject: `${opts.tag} direct ${i}`, text: `Message ${i}: ${opts.publicUrl}/x`, html: `<p>${i}</p>` });
      expected.push({ to, subject: new RegExp(`^${opts.tag} direct ${i}$`) });
    }
  });
  return expected;
}
