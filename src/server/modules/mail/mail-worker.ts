import path from 'node:path';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { DEFAULT_LOCALE, type Locale } from '../../../shared/i18n/locales';
import { databaseFailure } from '../../db/database-failure';
import type { LeagueSettingsService } from '../league/league.service';
import type { Live } from '../live/live.service';
import { claimUnsentNotifications, markNotificationsHandedOver, oldestUnsentNotifications, type QueuedNotification } from '../notifications/notifications.service';
import { coachesOfTeam, findContact, type Contact } from '../users/users.service';
import { layoutMail } from './mail-layout';
import { createFileTransport, createSmtpTransport, type MailEnvelope, type MailLog, type MailTransport } from './mail-transport';
import * as repo from './mail.repository';
import { messageIdFor, onMailQueued } from './mail.service';
import { isNotificationKind, notificationMail, preferenceOf, type MailContext, type MailPreference } from './notification-mail';
import { queueDueReminders, REMINDER_HOUR } from './practice-reminders';

export interface MailWorkerOptions {
  /** How often an idle worker looks for work (it is also woken when this process queues mail or commits a booking change). */
  pollMs: number;
  /**
   * A wake-up (mail queued in this process, a committed booking change) runs a pass this long after the first
   * of a burst: the queuing transaction has committed by then, and fifty invitations make one pass, not fifty.
   */
  nudgeDelayMs: number;
  /** Notifications handed over, or messages claimed, per transaction. */
  batchSize: number;
  /** A claim older than this (the sender crashed) is taken again; sends are cut off at a third of it. */
  claimTimeoutMs: number;
  /** Attempts before a message is marked failed (it stays in the table, with its last error). */
  maxAttempts: number;
  /** First retry delay; it doubles each attempt up to `retryMaxMs`, with ±25 % jitter. */
  retryBaseMs: number;
  retryMaxMs: number;
  /** Sent messages older than this many days are deleted (MAIL_RETENTION_DAYS), checked every `pruneEveryMs`. */
  retentionDays: number;
  pruneEveryMs: number;
  /** Rows per delete statement while pruning. */
  pruneBatch: number;
  /** How often to look for tomorrow's practices to remind (from REMINDER_HOUR league time). */
  reminderEveryMs: number;
  reminderHour: number;
  /** On stop, how long the message being sent may take before the send is abandoned. */
  stopGraceMs: number;
  /** While the server is busy (`MailWorkerDeps.busy`), each batch waits, checking this often, at most `maxDeferMs`. */
  busyCheckMs: number;
  maxDeferMs: number;
  now: () => Date;
}

export const DEFAULT_MAIL_WORKER_OPTIONS: MailWorkerOptions = {
  pollMs: 2_000,
  nudgeDelayMs: 100,
  batchSize: 20,
  claimTimeoutMs: 60_000,
  maxAttempts: 10,
  retryBaseMs: 30_000,
  retryMaxMs: 30 * 60_000,
  retentionDays: 90,
  pruneEveryMs: 60 * 60_000,
  pruneBatch: 500,
  reminderEveryMs: 60_000,
  reminderHour: REMINDER_HOUR,
  stopGraceMs: 5_000,
  busyCheckMs: 50,
  maxDeferMs: 10_000,
  now: () => new Date(),
};

export interface MailWorkerDeps {
  db: Database;
  league: LeagueSettingsService;
  /** Committed booking changes wake the worker (on PostgreSQL, on every server). */
  live?: Live;
  transport: MailTransport;
  publicUrl: string;
  mailFrom?: string | undefined;
  log: MailLog;
  /**
   * Whether the server is busy answering people (the night booking opens). Mail is not that urgent: each batch
   * waits while busy, up to `maxDeferMs`, so the rush gets the process (and, on PGlite, the database) first.
   */
  busy?: () => boolean;
  /**
   * Work other modules want done at its time with nobody's browser open (the opening round's draw), run at the start
   * of every pass, before the pass waits for a quiet moment and before the notifications are handed over (so what it
   * queues goes out in the same pass). It must be
   * safe on several servers at once; a failure is logged and it runs again at the next pass.
   */
  dueWork?: (now: Date) => Promise<unknown>;
}

export interface PassResult {
  handedOver: number;
  sent: number;
  /** Sent messages deleted as older than the retention. */
  pruned: number;
  retrying: number;
  failed: number;
}

export interface MailWorker {
  readonly transport: MailTransport;
  /** Runs passes until stopped: every `pollMs`, and at once when nudged. */
  start(): void;
  /** Finishes (or, after the grace period, abandons) the message being sent and gives back the rest. */
  stop(): Promise<void>;
  nudge(): void;
  /**
   * Before start, on a database only this process can use (PGlite under the data-dir lock): messages still
   * claimed were claimed by a process that is gone, so they are due again now, not after the claim timeout.
   * Never on PostgreSQL, where the claim may be another live server's. Returns how many it gave back.
   */
  releaseDeadClaims(): Promise<number>;
  /** One pass: queue due reminders, hand new notifications over to mail, send every message that is due. */
  runOnce(): Promise<PassResult>;
}

/** Which recipient errors will never succeed on a retry: the server refused the address or the message (5xx). */
function isPermanent(err: unknown): boolean {
  const e = err as { responseCode?: unknown; code?: unknown };
  return typeof e.responseCode === 'number' && e.responseCode >= 500 && (e.code === 'EENVELOPE' || e.code === 'EMESSAGE');
}

function describe(err: unknown): string {
  const e = err as { code?: unknown; message?: unknown };
  const message = typeof e?.message === 'string' ? e.message : String(err);
  return typeof e?.code === 'string' ? `${e.code}: ${message}` : message;
}

/** SMTP when SMTP_URL is set, `.eml` files in DATA_DIR/outbox otherwise. */
export function createMailTransport(config: Pick<Config, 'smtpUrl' | 'dataDir' | 'mailClaimTimeoutMs'>, log: MailLog): MailTransport {
  return config.smtpUrl ? createSmtpTransport(config.smtpUrl, Math.floor(config.mailClaimTimeoutMs / 3)) : createFileTransport(path.join(config.dataDir, 'outbox'), log);
}

/**
 * The mail worker of one app server. It hands notifications over to mail (one rendered message per
 * recipient, in the transaction that marks the notification handed over), then claims due messages, sends
 * each with its fixed Message-ID and marks it sent. Claims commit before sending and use SKIP LOCKED, so any
 * number of servers can run a worker on one database: each message is claimed by one of them, and only a
 * message whose send a crash cut short can go out twice (with the same Message-ID).
 */
export function createMailWorker(deps: MailWorkerDeps, overrides: Partial<MailWorkerOptions> = {}): MailWorker {
  const o: MailWorkerOptions = { ...DEFAULT_MAIL_WORKER_OPTIONS, ...overrides };
  const { db, log, transport } = deps;
  const sendTimeoutMs = Math.floor(o.claimTimeoutMs / 3);
  let state: 'idle' | 'running' | 'stopping' | 'stopped' = 'idle';
  let loopDone: Promise<void> = Promise.resolve();
  let wake: (() => void) | null = null;
  let nudged = false;
  let sending: { controller: AbortController; abandoned: boolean } | null = null;
  let pass: Promise<PassResult> | null = null;
  let lastReminderCheck = Number.NEGATIVE_INFINITY;
  let lastPrune = Number.NEGATIVE_INFINITY;
  const unsubscribes: Array<() => void> = [];
  // A function, not a comparison in place: the state changes while a pass awaits.
  const stopping = () => state === 'stopping';

  const nudge = () => {
    nudged = true;
    wake?.();
  };
  let nudgeTimer: NodeJS.Timeout | null = null;
  const nudgeSoon = () => {
    nudgeTimer ??= setTimeout(() => {
      nudgeTimer = null;
      nudge();
    }, o.nudgeDelayMs).unref();
  };

  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        wake = null;
        resolve();
      };
      const timer = setTimeout(done, ms);
      wake = done;
    });

  async function context(): Promise<{ mail: MailContext; from: MailEnvelope['from'] }> {
    const league = await deps.league.get();
    return {
      mail: { leagueName: league.name, timeZone: league.timeZone, publicUrl: deps.publicUrl },
      from: deps.mailFrom ?? { name: `${league.shortName} Practice Scheduler`, address: `no-reply@${new URL(deps.publicUrl).hostname}` },
    };
  }

  /** The team's active coaches and the person named on the notification, who chose this kind of mail, once per address. */
  async function recipientsOf(reader: Database, row: QueuedNotification, preference: MailPreference, coaches: Map<string, Contact[]>): Promise<Contact[]> {
    const people: Contact[] = [];
    if (row.teamId) {
      if (!coaches.has(row.teamId)) coaches.set(row.teamId, await coachesOfTeam(reader, row.teamId));
      people.push(...coaches.get(row.teamId)!);
    }
    if (row.recipientUserId) {
      const person = await findContact(reader, row.recipientUserId);
      if (person) people.push(person);
    }
    const byAddress = new Map<string, Contact>();
    for (const p of people) {
      const wants = preference === 'always' || (preference === 'reminders' ? p.notifyReminders : p.notifyBookingChanges);
      if (wants && !byAddress.has(p.email.toLowerCase())) byAddress.set(p.email.toLowerCase(), p);
    }
    return [...byAddress.values()];
  }

  /**
   * Hands one batch of notifications over to mail; returns how many it took. The emails are written (the recipients
   * read, the templates rendered) before the transaction, which then only claims the notifications still unsent,
   * stores their emails and marks them: on PGlite a transaction holds the whole database, and a booking pressed
   * meanwhile waited for twenty renders. A notification another server took meanwhile is left to it.
   */
  async function handOver(mail: MailContext): Promise<number> {
    const rows = await oldestUnsentNotifications(db, o.batchSize);
    if (rows.length === 0) return 0;
    const coaches = new Map<string, Contact[]>();
    const messages: repo.NewMailRow[] = [];
    /** Notifications of a kind no email is written for: id → kind. */
    const unwritten = new Map<string, string>();
    for (const row of rows) {
      if (!isNotificationKind(row.kind)) {
        unwritten.set(row.id, row.kind);
        continue;
      }
      // Written once per language its recipients read (their profile's choice; English when they made none).
      const written = new Map<Locale, { subject: string; text: string; html: string }>();
      for (const person of await recipientsOf(db, row, preferenceOf(row.kind), coaches)) {
        const locale = person.locale ?? DEFAULT_LOCALE;
        let mailOf = written.get(locale);
        if (!mailOf) {
          const rendered = notificationMail(row.kind, row.payload, { ...mail, locale })!;
          mailOf = { subject: rendered.subject, ...layoutMail(mail.leagueName, rendered.content, locale) };
          written.set(locale, mailOf);
        }
        messages.push({
          notificationId: row.id,
          kind: row.kind,
          toAddress: person.email,
          toUserId: person.userId,
          subject: mailOf.subject,
          textBody: mailOf.text,
          htmlBody: mailOf.html,
          messageId: messageIdFor(deps.publicUrl),
        });
      }
    }
    return db.transaction(async (tx) => {
      const claimed = new Set(
        await claimUnsentNotifications(
          tx,
          rows.map((r) => r.id),
        ),
      );
      if (claimed.size === 0) return 0;
      for (const [id, kind] of unwritten) {
        if (claimed.has(id)) log.error({ notificationId: id, kind }, 'no email is written for this kind of notification; it is marked handed over without one');
      }
      await repo.insertMail(
        tx,
        messages.filter((m) => typeof m.notificationId === 'string' && claimed.has(m.notificationId)),
      );
      await markNotificationsHandedOver(tx, [...claimed]);
      return claimed.size;
    });
  }

  async function sendOne(m: repo.ClaimedMail, from: MailEnvelope['from'], result: PassResult): Promise<void> {
    const controller = new AbortController();
    const current = { controller, abandoned: false };
    sending = current;
    const timer = setTimeout(() => controller.abort(new Error(`no answer from the mail server within ${sendTimeoutMs} ms`)), sendTimeoutMs);
    try {
      await transport.send({ from, to: m.toAddress, subject: m.subject, text: m.textBody, html: m.htmlBody, messageId: m.messageId }, controller.signal);
    } catch (err) {
      if (current.abandoned) {
        // Shutting down: give the message back at once for another server (or the next start) to send.
        await repo.releaseClaims(db, [m.id], m.claimedAt);
        log.warn({ messageId: m.messageId, to: m.toAddress }, 'mail send abandoned at shutdown; it will be sent again');
        return;
      }
      const final = isPermanent(err) || m.attempts >= o.maxAttempts;
      const retryInMs = Math.min(o.retryMaxMs, o.retryBaseMs * 2 ** (m.attempts - 1)) * (0.75 + Math.random() * 0.5);
      await repo.markAttemptFailed(db, m, { final, retryInMs, error: describe(err) });
      if (final) result.failed++;
      else result.retrying++;
      log.warn(
        { messageId: m.messageId, to: m.toAddress, attempt: m.attempts, error: describe(err), ...(final ? {} : { retryInSeconds: Math.round(retryInMs / 1000) }) },
        final ? 'mail could not be sent: marked failed' : 'mail not sent: will retry',
      );
      return;
    } finally {
      clearTimeout(timer);
      sending = null;
    }
    await recordSent(m);
    result.sent++;
  }

  /**
   * The message has gone: that must be written down, or it is sent again when its claim runs out. A database
   * that does not answer (restarting, failing over) is waited for, every half second, while this worker runs.
   */
  async function recordSent(m: repo.ClaimedMail): Promise<void> {
    for (;;) {
      try {
        await repo.markSent(db, m.id);
        return;
      } catch (err) {
        if (!databaseFailure(err) || stopping()) throw err;
        log.warn({ messageId: m.messageId }, 'mail sent, but the database did not answer to record it; trying again');
        await sleep(500);
      }
    }
  }

  async function sendDue(from: MailEnvelope['from'], result: PassResult): Promise<void> {
    while (!stopping()) {
      await quiet();
      const claimed = await repo.claimDue(db, o.batchSize, o.claimTimeoutMs);
      if (claimed.length === 0) return;
      const claimedAt = performance.now();
      for (const [i, m] of claimed.entries()) {
        // Never start a send that could outlive the claim: another worker would take the message over meanwhile.
        if (stopping() || performance.now() - claimedAt + sendTimeoutMs > o.claimTimeoutMs * 0.8) {
          await repo.releaseClaims(
            db,
            claimed.slice(i).map((c) => c.id),
            m.claimedAt,
          );
          break;
        }
        await sendOne(m, from, result);
      }
    }
  }

  /** Deletes sent messages older than the retention, a batch per statement, yielding to the busy server between. */
  async function pruneSent(): Promise<number> {
    let pruned = 0;
    while (!stopping()) {
      await quiet();
      const n = await repo.pruneSentBatch(db, o.retentionDays, o.pruneBatch);
      pruned += n;
      if (n < o.pruneBatch) break;
    }
    if (pruned > 0) log.info({ messages: pruned, olderThanDays: o.retentionDays }, 'deleted sent mail older than the retention (MAIL_RETENTION_DAYS)');
    return pruned;
  }

  /** Waits while the server is busy, at most `maxDeferMs` (or until stopping). */
  async function quiet(): Promise<void> {
    if (!deps.busy) return;
    const until = performance.now() + o.maxDeferMs;
    while (deps.busy() && !stopping() && performance.now() < until) {
      await new Promise((resolve) => setTimeout(resolve, o.busyCheckMs));
    }
  }

  async function onePass(): Promise<PassResult> {
    const result: PassResult = { handedOver: 0, sent: 0, pruned: 0, retrying: 0, failed: 0 };
    // Work due at its time (the opening round's draw) does not wait for a quiet moment: the league is waiting for it.
    if (deps.dueWork) {
      try {
        await deps.dueWork(o.now());
      } catch (err) {
        log.error({ err }, 'due work (the opening round draw) failed; it runs again at the next pass');
      }
    }
    await quiet();
    const { mail, from } = await context();
    const now = o.now();
    if (now.getTime() - lastReminderCheck >= o.reminderEveryMs) {
      // Marked done only once it has run: a check that failed (the database down) runs again at the next pass.
      await queueDueReminders(db, mail.timeZone, now, o.reminderHour);
      lastReminderCheck = now.getTime();
    }
    for (;;) {
      await quiet();
      const n = await handOver(mail);
      result.handedOver += n;
      if (n < o.batchSize || stopping()) break;
    }
    await sendDue(from, result);
    if (performance.now() - lastPrune >= o.pruneEveryMs) {
      lastPrune = performance.now();
      result.pruned = await pruneSent();
    }
    return result;
  }

  const runOnce = () => {
    pass ??= onePass().finally(() => {
      pass = null;
    });
    return pass;
  };

  async function loop(): Promise<void> {
    while (state === 'running') {
      nudged = false;
      try {
        await runOnce();
      } catch (err) {
        // A database that does not answer pauses the worker until it does; anything else is a defect to look at.
        if (databaseFailure(err)) log.warn({ code: (err as { code?: unknown }).code }, 'mail worker paused: the database did not answer; it tries again at the next poll');
        else log.error({ err }, 'mail worker pass failed; it tries again at the next poll');
      }
      if (state === 'running' && !nudged) await sleep(o.pollMs);
    }
  }

  return {
    transport,
    start() {
      if (state !== 'idle') return;
      state = 'running';
      unsubscribes.push(onMailQueued(nudgeSoon));
      if (deps.live) unsubscribes.push(deps.live.subscribe(nudgeSoon));
      loopDone = loop();
    },
    async stop() {
      if (state === 'stopped' || state === 'stopping') return loopDone;
      const wasRunning = state === 'running';
      state = 'stopping';
      for (const off of unsubscribes.splice(0)) off();
      if (nudgeTimer) clearTimeout(nudgeTimer);
      wake?.();
      const grace = setTimeout(() => {
        if (sending) {
          sending.abandoned = true;
          sending.controller.abort(new Error('the server is shutting down'));
        }
      }, o.stopGraceMs);
      try {
        await (wasRunning ? loopDone : (pass ?? Promise.resolve()).catch(() => undefined));
      } finally {
        clearTimeout(grace);
        transport.close();
        state = 'stopped';
      }
    },
    nudge,
    async releaseDeadClaims() {
      if (state !== 'idle') throw new Error('releaseDeadClaims runs before the worker starts');
      return repo.releaseEveryClaim(db);
    },
    runOnce,
  };
}
