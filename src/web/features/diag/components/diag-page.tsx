import { useId, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { useCurrentSeason } from '../../../app/current-season/current-season-context';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { PageHeader } from '../../../components/ui/page-header';
import { useLeagueTimeZone } from '../../../lib/api/get-league';
import { browserTimeZone } from '../../../lib/dates';
import { toast } from '../../../lib/toast';
import type { DiagAdmin, DiagResponse } from '../../../../shared/diag/diag.schemas';
import { useDiag, type TimedDiag } from '../api/get-diag';

/** The message the error-boundary check (`/diag?throw=1`) throws, so a test can look for it. */
export const DIAG_TEST_ERROR = 'Diagnostics test error';

interface Fact {
  label: string;
  value: string;
}

/** A problem a card found: what is wrong and what to do about it. */
interface Problem {
  title: string;
  text: string;
}

export interface FactCard {
  title: string;
  facts: Fact[];
  problems: Problem[];
}

export function DiagPage() {
  const [params] = useSearchParams();
  if (params.get('throw') === '1') throw new Error(DIAG_TEST_ERROR);
  return <Diagnostics />;
}

const CHECKING = 'checking…';
const UNKNOWN = 'unknown (the server did not answer)';

function Diagnostics() {
  const diag = useDiag();
  const { season } = useCurrentSeason();
  const leagueTzFallback = useLeagueTimeZone();
  const browserTz = browserTimeZone();

  const cards = factCards({
    diag: diag.isPending ? 'pending' : diag.isError ? { error: diag.error.message } : diag.data,
    browserTz,
    leagueTzFallback,
    currentSeason: season.name ? `${season.name}${season.id ? '' : ' (not found)'}` : null,
  });

  const copy = async () => {
    const text = supportText(cards, new Date());
    try {
      await navigator.clipboard.writeText(text);
      toast.success('Copied. Paste it into your message to the league.');
    } catch {
      toast.error('Your browser did not allow copying. Select the facts on this page and copy them by hand.');
    }
  };

  return (
    <section>
      <PageHeader
        title="Diagnostics"
        description="Facts about this app and your session, to share with a league admin when something is not working."
        actions={
          <>
            <Button variant="secondary" busy={diag.isFetching} onClick={() => void diag.refetch()}>
              Check again
            </Button>
            <Button variant="primary" onClick={() => void copy()}>
              Copy for support
            </Button>
          </>
        }
      />
      <div className="grid gap-4 lg:grid-cols-2">
        {cards.map((card) => (
          <FactsCard key={card.title} card={card} />
        ))}
      </div>
    </section>
  );
}

function FactsCard({ card }: { card: FactCard }) {
  const headingId = useId();
  return (
    <Card aria-labelledby={headingId} role="region" className="min-w-0">
      <h2 id={headingId} className="text-lg font-semibold text-primary-900">
        {card.title}
      </h2>
      {card.problems.map((p) => (
        <Alert key={p.title} tone="warning" title={p.title} className="mt-3">
          {p.text}
        </Alert>
      ))}
      <dl className="mt-2 divide-y divide-slate-200">
        {card.facts.map((f) => (
          <FactRow key={f.label} label={f.label}>
            {f.value}
          </FactRow>
        ))}
      </dl>
    </Card>
  );
}

function FactRow({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-1 py-2.5 sm:grid-cols-[11rem_1fr] sm:gap-4">
      <dt className="text-sm font-semibold text-slate-700">{label}</dt>
      <dd className="min-w-0 text-sm wrap-anywhere text-slate-900">{children}</dd>
    </div>
  );
}

export interface FactInput {
  diag: 'pending' | { error: string } | TimedDiag;
  browserTz: string;
  /** The league's zone from the league settings (or the default), while /api/diag has not said. */
  leagueTzFallback: string;
  /** The season this browser works in (spec §4), in words; null when none. */
  currentSeason: string | null;
}

const ENGINES = { pglite: 'PGlite (embedded PostgreSQL)', postgres: 'PostgreSQL' } as const;
const STORAGE_BACKENDS = { local: 'Local disk (DATA_DIR/storage)', s3: 'S3-compatible bucket' } as const;
const MAIL_BACKENDS = { smtp: 'SMTP server', files: 'Files in DATA_DIR/outbox (no SMTP_URL: nothing is sent)' } as const;

type Sweep = NonNullable<NonNullable<DiagResponse['admin']>['storage']['sweep']>;

/** The orphan sweep (bytes a failed delete left behind) in words: when it last ran, what it found and removed. */
export function sweepInWords(sweep: Sweep): string {
  const total = `${sweep.removedSinceStart} removed since the server started`;
  if (!sweep.lastRunAt) return `no sweep yet since the server started (the first runs 10 minutes after start, then every 6 hours)`;
  const when = `${sweep.lastRunAt.slice(0, 16).replace('T', ' ')} UTC`;
  if (sweep.lastError) return `the last sweep (${when}) stopped: ${sweep.lastError}; ${total}`;
  const last = sweep.last!;
  return `last sweep ${when}: ${last.found} found among ${last.listed} objects, ${last.removed} removed${last.failed ? `, ${last.failed} could not be removed (tried again next time)` : ''}; ${total}`;
}

/** Every fact the page shows, grouped as the cards show them; "Copy for support" copies exactly these. */
export function factCards({ diag, browserTz, leagueTzFallback, currentSeason }: FactInput): FactCard[] {
  const pending = diag === 'pending';
  const failed = typeof diag === 'object' && 'error' in diag ? diag.error : null;
  const d: DiagResponse | null = typeof diag === 'object' && 'data' in diag ? diag.data : null;
  const missing = pending ? CHECKING : UNKNOWN;
  const admin = d?.admin;

  const app: FactCard = {
    title: 'App',
    facts: [
      { label: 'App version', value: d ? d.app.version : missing },
      { label: 'Build commit', value: d ? (d.app.commit ?? 'unknown (set BUILD_COMMIT where the app is built)') : missing },
      {
        label: 'API',
        value: pending
          ? CHECKING
          : d && typeof diag === 'object' && 'roundTripMs' in diag
            ? `reachable, ${diag.roundTripMs} ms round trip from this browser`
            : 'not reachable',
      },
      { label: 'Server answered in', value: d ? `${d.app.answeredInMs} ms` : missing },
      ...(admin
        ? [
            { label: 'Node.js', value: admin.server.node },
            { label: 'Server up for', value: duration(admin.server.uptimeSeconds) },
            { label: 'Server memory', value: memoryInWords(admin.server.memory) },
          ]
        : []),
    ],
    problems: failed
      ? [{ title: 'The server did not answer', text: `${failed} If it keeps happening, tell a league admin: the app may be down or restarting.` }]
      : [],
  };

  const dbProblems: Problem[] = [];
  if (d && !d.database.ok) {
    dbProblems.push({
      title: 'The database is not answering',
      text: `${d.database.error ?? ''} Bookings and sign-in do not work until it is back. An admin should check that the database server is running (or, with the embedded database, that the disk under DATA_DIR is not full), then select Check again.`.trim(),
    });
  }
  const migrations = admin?.database.migrations;
  if (migrations && migrations.applied < migrations.inBuild) {
    dbProblems.push({
      title: 'Migrations not applied',
      text: `${migrations.inBuild - migrations.applied} of this build's migrations are not in the database. Restart the server: it applies them at start.`,
    });
  }
  if (migrations && migrations.applied > migrations.inBuild) {
    dbProblems.push({
      title: 'The database is newer than this build',
      text: `The database has ${migrations.applied - migrations.inBuild} migrations this build does not know: a newer version of the app ran against it. Run that version again.`,
    });
  }
  const database: FactCard = {
    title: 'Database',
    facts: [
      { label: 'Database', value: d ? ENGINES[d.database.engine] : missing },
      { label: 'Reachable', value: d ? (d.database.ok ? `yes, answered in ${d.database.latencyMs} ms` : 'no') : missing },
      ...(admin
        ? [
            { label: 'Version', value: admin.database.version ?? `unknown: ${admin.database.versionError ?? 'not read'}` },
            {
              label: 'Migrations',
              value: migrations
                ? `${migrations.applied} applied (${migrations.inBuild} in this build)${migrations.latest ? `; latest ${migrations.latest.tag ?? 'unknown to this build'}${migrations.latest.createdAt ? `, written ${migrations.latest.createdAt.slice(0, 10)}` : ''}` : ''}`
                : `unknown: ${admin.database.migrationsError ?? 'not read'}`,
            },
          ]
        : []),
    ],
    problems: dbProblems,
  };

  const probe = admin?.storage.probe;
  const storage: FactCard = {
    title: 'Storage',
    facts: [
      { label: 'Storage', value: d ? STORAGE_BACKENDS[d.storage.backend] : missing },
      ...(admin
        ? [
            { label: 'Bucket', value: admin.storage.bucket },
            ...(admin.storage.endpoint ? [{ label: 'Endpoint', value: admin.storage.endpoint }] : []),
            { label: 'Write/read check', value: probe!.ok ? `passed in ${probe!.latencyMs} ms` : `failed: ${probe!.error ?? 'no reason given'}` },
            ...(admin.storage.sweep ? [{ label: 'Left-behind bytes', value: sweepInWords(admin.storage.sweep) }] : []),
          ]
        : []),
    ],
    problems:
      probe && !probe.ok
        ? [
            {
              title: 'Files cannot be stored',
              text:
                d?.storage.backend === 's3'
                  ? 'Profile photos and uploads fail until this passes. Check STORAGE_BUCKET, S3_ENDPOINT, S3_REGION and the access keys on the server, and that the bucket exists; then select Check again.'
                  : 'Profile photos and uploads fail until this passes. Check that DATA_DIR is on a disk with free space that the server may write to; then select Check again.',
            },
          ]
        : [],
  };

  const mail: FactCard = {
    title: 'Mail',
    facts: [
      { label: 'Mail', value: d ? MAIL_BACKENDS[d.mail.backend] : missing },
      ...(admin
        ? [
            { label: 'Sends to', value: admin.mail.target },
            { label: 'Waiting', value: admin.mail.waiting === null ? `unknown: ${admin.mail.queueError ?? ''}` : String(admin.mail.waiting) },
            { label: 'Failed', value: admin.mail.failed === null ? 'unknown' : String(admin.mail.failed) },
          ]
        : []),
    ],
    problems:
      admin && (admin.mail.failed ?? 0) > 0
        ? [
            {
              title: 'Some emails failed',
              text: `${admin.mail.failed} ${admin.mail.failed === 1 ? 'email was' : 'emails were'} given up after repeated tries. Check SMTP_URL and the server log's mail entries; mail queued from now on is tried again as usual.`,
            },
          ]
        : [],
  };

  const you = d?.you;
  const youCard: FactCard = {
    title: 'You',
    facts: [
      { label: 'Signed in', value: you ? (you.signedIn ? `yes, as ${you.email}` : 'no') : missing },
      ...(you?.signedIn
        ? [
            { label: 'User id', value: you.uid },
            { label: 'Role', value: you.role },
            { label: 'Admin', value: you.admin.why },
            {
              label: 'Claims',
              value: you.claims === null ? `unknown: ${you.claimsError ?? ''}` : Object.keys(you.claims).length === 0 ? 'none' : JSON.stringify(you.claims),
            },
          ]
        : []),
    ],
    problems: you && !you.signedIn && you.error ? [{ title: 'Your session could not be checked', text: you.error }] : [],
  };

  const leagueTz = d?.league.timeZone ?? leagueTzFallback;
  const league: FactCard = {
    title: 'League',
    facts: [
      { label: 'Current season', value: currentSeason ?? 'none' },
      { label: 'Active season', value: d ? (d.league.activeSeason ?? 'none: an admin sets one on the season manager') : missing },
      { label: 'League time zone', value: leagueTz },
      {
        label: 'Browser time zone',
        value: browserTz === leagueTz ? `${browserTz} (same as the league)` : `${browserTz} (differs from the league: times are shown in league time)`,
      },
    ],
    problems: d?.league.error ? [{ title: 'League settings not read', text: `${d.league.error} The time zone shown may be the default one.` }] : [],
  };

  return [app, database, storage, mail, youCard, league];
}

/** The cards as plain text, for pasting into an email or a chat. */
export function supportText(cards: FactCard[], at: Date): string {
  const lines = [`Diagnostics, ${at.toISOString()}`];
  for (const card of cards) {
    lines.push('', `[${card.title}]`);
    for (const f of card.facts) lines.push(`${f.label}: ${f.value}`);
    for (const p of card.problems) lines.push(`Problem: ${p.title}. ${p.text}`);
  }
  return lines.join('\n');
}

const megabytes = (bytes: number) => `${Math.round(bytes / 1_048_576)} MB`;

/** "412 MB resident (JavaScript 61 MB; the embedded database 250 MB)". */
function memoryInWords(memory: DiagAdmin['server']['memory']): string {
  const parts = [`JavaScript ${megabytes(memory.heapUsed)}`, ...(memory.embeddedDatabase === null ? [] : [`the embedded database ${megabytes(memory.embeddedDatabase)}`])];
  return `${megabytes(memory.rss)} resident (${parts.join('; ')})`;
}

function duration(seconds: number): string {
  const days = Math.floor(seconds / 86_400);
  const hours = Math.floor((seconds % 86_400) / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  if (days > 0) return `${days} d ${hours} h`;
  if (hours > 0) return `${hours} h ${minutes} min`;
  return minutes > 0 ? `${minutes} min` : `${seconds} s`;
}
