import { simpleParser, type AddressObject } from 'mailparser';
import { SMTPServer, type SMTPServerDataStream, type SMTPServerSession } from 'smtp-server';
import { freePort } from './free-port';

/** One message as the test SMTP server received it (its DATA read in full). */
export interface ReceivedMail {
  /** The SMTP envelope's recipients. */
  to: string[];
  from: string;
  subject: string;
  text: string;
  html: string;
  messageId: string;
  /** The user the sender authenticated as (SMTP_URL's user part), if any: tells app servers apart. */
  user: string | null;
  links: string[];
  /** Every header line's name, lower case, in order (a header injection shows as an extra one). */
  headerNames: string[];
  /** True while the server holds its answer to this message (see `stallNext`). */
  stalled: boolean;
}

export interface TestSmtpServer {
  port: number;
  /** An SMTP_URL for this server; a user name makes the sender authenticate as it. */
  url(user?: string): string;
  /** Every message read in full, in arrival order, including ones whose answer was held or refused. */
  received: ReceivedMail[];
  /** Messages accepted (answered 250). */
  accepted(): ReceivedMail[];
  /** Answers the next `n` messages with a temporary failure (451) after reading them. */
  failNext(n: number): void;
  /** Refuses this recipient for good (550 at RCPT TO). */
  rejectRecipient(address: string): void;
  /** Reads the next message in full and never answers it: the sender hangs in the middle of its send. */
  stallNext(): void;
  /** Polls until `check` passes; throws naming `what` (and what arrived) after `ms`. */
  waitFor(check: (received: ReceivedMail[]) => boolean, what: string, ms?: number): Promise<void>;
  close(): Promise<void>;
}

const addresses = (a: AddressObject | AddressObject[] | undefined) => (Array.isArray(a) ? a : a ? [a] : []).flatMap((o) => o.value.map((v) => v.address ?? ''));

/** A real SMTP server on 127.0.0.1 and a free port, for tests that check what the app sends. */
export async function startTestSmtpServer(): Promise<TestSmtpServer> {
  const received: ReceivedMail[] = [];
  const accepted = new Set<ReceivedMail>();
  let failures = 0;
  let stalls = 0;
  const rejected = new Set<string>();
  const server = new SMTPServer({
    authOptional: true,
    allowInsecureAuth: true,
    // nodemailer would upgrade to TLS with our self-signed certificate and refuse it.
    disabledCommands: ['STARTTLS'],
    logger: false,
    // A reverse DNS lookup of 127.0.0.1 per connection would be most of each message's time.
    disableReverseLookup: true,
    // A stalled message keeps its connection open until the sender dies; closing must not wait for it.
    closeTimeout: 1_000,
    onAuth(auth, _session, callback) {
      callback(null, { user: auth.username });
    },
    onRcptTo(address, _session, callback) {
      if (rejected.has(address.address.toLowerCase())) return callback(Object.assign(new Error('No such mailbox here'), { responseCode: 550 }));
      callback();
    },
    onData(stream: SMTPServerDataStream, session: SMTPServerSession, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        void simpleParser(Buffer.concat(chunks)).then(
          (parsed) => {
            const text = parsed.text ?? '';
            const mail: ReceivedMail = {
              to: session.envelope.rcptTo.map((r) => r.address),
              from: addresses(parsed.from)[0] ?? '',
              subject: parsed.subject ?? '',
              text,
              html: typeof parsed.html === 'string' ? parsed.html : '',
              messageId: parsed.messageId ?? '',
              user: typeof session.user === 'string' ? session.user : null,
              links: [...new Set(text.match(/https?:\/\/[^\s<>"')]+/g) ?? [])],
              headerNames: parsed.headerLines.map((h) => h.key),
              stalled: false,
            };
            received.push(mail);
            if (stalls > 0) {
              stalls--;
              mail.stalled = true;
              return; // No answer, ever.
            }
            if (failures > 0) {
              failures--;
              return callback(Object.assign(new Error('Mailbox busy, try again later'), { responseCode: 451 }));
            }
            accepted.add(mail);
            callback();
          },
          (err: Error) => callback(err),
        );
      });
    },
  });
  const port = await freePort();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  server.on('error', () => {
    // A client killed mid-conversation (the crash tests) resets its socket: expected.
  });

  return {
    port,
    url: (user) => `smtp://${user ? `${encodeURIComponent(user)}:secret@` : ''}127.0.0.1:${port}`,
    received,
    accepted: () => received.filter((m) => accepted.has(m)),
    failNext: (n) => {
      failures += n;
    },
    rejectRecipient: (address) => {
      rejected.add(address.toLowerCase());
    },
    stallNext: () => {
      stalls++;
    },
    waitFor: async (check, what, ms = 20_000) => {
      const until = Date.now() + ms;
      while (!check(received)) {
        if (Date.now() > until) {
          throw new Error(`timed out after ${ms} ms waiting for ${what}; received ${received.length}: ${received.map((m) => `${m.to.join(',')} "${m.subject}"`).join('; ')}`);
        }
        await new Promise((r) => setTimeout(r, 25));
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
