import { useId, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { useCurrentSeason } from '../../../app/current-season/current-season-context';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { PageHeader } from '../../../components/ui/page-header';
import { useLeagueTimeZone } from '../../../lib/api/get-league';
import { browserTimeZone } from '../../../lib/dates';
import { useT, type Translate } from '../../../lib/i18n';
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

function Diagnostics() {
  const { t } = useT('diag');
  const diag = useDiag();
  const { season } = useCurrentSeason();
  const leagueTzFallback = useLeagueTimeZone();
  const browserTz = browserTimeZone();

  const cards = factCards({
    t,
    diag: diag.isPending ? 'pending' : diag.isError ? { error: diag.error.message } : diag.data,
    browserTz,
    leagueTzFallback,
    currentSeason: season.name ? (season.id ? season.name : t('seasonNotFound', { name: season.name })) : null,
  });

  const copy = async () => {
    const text = supportText(t, cards, new Date());
    try {
      await navigator.clipboard.writeText(text);
      toast.success(t('copied'));
    } catch {
      toast.error(t('copyFailed'));
    }
  };

  return (
    <section>
      <PageHeader
        title={t('title')}
        description={t('description')}
        actions={
          <>
            <Button variant="secondary" busy={diag.isFetching} onClick={() => void diag.refetch()}>
              {t('checkAgain')}
            </Button>
            <Button variant="primary" onClick={() => void copy()}>
              {t('copy')}
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

type T = Translate<'diag'>;

export interface FactInput {
  /** The page's words (the diag catalogue, in the person's language). */
  t: T;
  diag: 'pending' | { error: string } | TimedDiag;
  browserTz: string;
  /** The league's zone from the league settings (or the default), while /api/diag has not said. */
  leagueTzFallback: string;
  /** The season this browser works in (spec §4), in words; null when none. */
  currentSeason: string | null;
}

const ENGINES = { pglite: 'engine.pglite', postgres: 'engine.postgres' } as const;
const STORAGE_BACKENDS = { local: 'storageBackend.local', s3: 'storageBackend.s3' } as const;
const MAIL_BACKENDS = { smtp: 'mailBackend.smtp', files: 'mailBackend.files' } as const;

type Sweep = NonNullable<NonNullable<DiagResponse['admin']>['storage']['sweep']>;

/** The orphan sweep (bytes a failed delete left behind) in words: when it last ran, what it found and removed. */
export function sweepInWords(t: T, sweep: Sweep): string {
  if (!sweep.lastRunAt) return t('sweep.none');
  const when = `${sweep.lastRunAt.slice(0, 16).replace('T', ' ')} UTC`;
  const total = sweep.removedSinceStart;
  if (sweep.lastError) return t('sweep.stopped', { when, error: sweep.lastError, total });
  const last = sweep.last!;
  return t('sweep.last', { when, found: last.found, listed: last.listed, removed: last.removed, hasFailed: last.failed ? 'yes' : 'no', failed: last.failed, total });
}

/** Every fact the page shows, grouped as the cards show them; "Copy for support" copies exactly these. */
export function factCards({ t, diag, browserTz, leagueTzFallback, currentSeason }: FactInput): FactCard[] {
  const pending = diag === 'pending';
  const failed = typeof diag === 'object' && 'error' in diag ? diag.error : null;
  const d: DiagResponse | null = typeof diag === 'object' && 'data' in diag ? diag.data : null;
  const missing = pending ? t('checking') : t('unknownNoAnswer');
  const admin = d?.admin;

  const app: FactCard = {
    title: t('card.app'),
    facts: [
      { label: t('fact.appVersion'), value: d ? d.app.version : missing },
      { label: t('fact.buildCommit'), value: d ? (d.app.commit ?? t('fact.commitUnknown')) : missing },
      {
        label: t('fact.api'),
        value: pending
          ? t('checking')
          : d && typeof diag === 'object' && 'roundTripMs' in diag
            ? t('fact.apiReachable', { ms: diag.roundTripMs })
            : t('fact.apiUnreachable'),
      },
      { label: t('fact.answeredIn'), value: d ? `${d.app.answeredInMs} ms` : missing },
      ...(admin
        ? [
            { label: t('fact.node'), value: admin.server.node },
            { label: t('fact.upFor'), value: duration(admin.server.uptimeSeconds) },
            { label: t('fact.memory'), value: memoryInWords(t, admin.server.memory) },
          ]
        : []),
    ],
    problems: failed ? [{ title: t('problem.noAnswer.title'), text: t('problem.noAnswer.text', { error: failed }) }] : [],
  };

  const dbProblems: Problem[] = [];
  if (d && !d.database.ok) {
    dbProblems.push({ title: t('problem.dbDown.title'), text: t('problem.dbDown.text', { error: d.database.error ?? '' }).trim() });
  }
  const migrations = admin?.database.migrations;
  if (migrations && migrations.applied < migrations.inBuild) {
    dbProblems.push({ title: t('problem.migrationsPending.title'), text: t('problem.migrationsPending.text', { count: migrations.inBuild - migrations.applied }) });
  }
  if (migrations && migrations.applied > migrations.inBuild) {
    dbProblems.push({ title: t('problem.dbNewer.title'), text: t('problem.dbNewer.text', { count: migrations.applied - migrations.inBuild }) });
  }
  const unknown = (reason: string | null | undefined) => t('fact.unknownReason', { reason: reason ?? t('fact.notRead') });
  const migrationWords = (m: NonNullable<typeof migrations>) => {
    const counts = { applied: m.applied, inBuild: m.inBuild };
    if (!m.latest) return t('fact.migrationsValue', counts);
    const tag = m.latest.tag ?? t('fact.tagUnknown');
    return m.latest.createdAt ? t('fact.migrationsLatestWritten', { ...counts, tag, date: m.latest.createdAt.slice(0, 10) }) : t('fact.migrationsLatest', { ...counts, tag });
  };
  const database: FactCard = {
    title: t('card.database'),
    facts: [
      { label: t('fact.database'), value: d ? t(ENGINES[d.database.engine]) : missing },
      { label: t('fact.reachable'), value: d ? (d.database.ok ? t('fact.reachableYes', { ms: d.database.latencyMs }) : t('fact.no')) : missing },
      ...(admin
        ? [
            { label: t('fact.version'), value: admin.database.version ?? unknown(admin.database.versionError) },
            { label: t('fact.migrations'), value: migrations ? migrationWords(migrations) : unknown(admin.database.migrationsError) },
          ]
        : []),
    ],
    problems: dbProblems,
  };

  const probe = admin?.storage.probe;
  const storage: FactCard = {
    title: t('card.storage'),
    facts: [
      { label: t('fact.storage'), value: d ? t(STORAGE_BACKENDS[d.storage.backend]) : missing },
      ...(admin
        ? [
            { label: t('fact.bucket'), value: admin.storage.bucket },
            ...(admin.storage.endpoint ? [{ label: t('fact.endpoint'), value: admin.storage.endpoint }] : []),
            { label: t('fact.probe'), value: probe!.ok ? t('fact.probePassed', { ms: probe!.latencyMs }) : t('fact.probeFailed', { error: probe!.error ?? t('fact.noReason') }) },
            ...(admin.storage.sweep ? [{ label: t('fact.leftBehind'), value: sweepInWords(t, admin.storage.sweep) }] : []),
          ]
        : []),
    ],
    problems:
      probe && !probe.ok
        ? [{ title: t('problem.storage.title'), text: d?.storage.backend === 's3' ? t('problem.storage.s3') : t('problem.storage.local') }]
        : [],
  };

  const mail: FactCard = {
    title: t('card.mail'),
    facts: [
      { label: t('fact.mail'), value: d ? t(MAIL_BACKENDS[d.mail.backend]) : missing },
      ...(admin
        ? [
            { label: t('fact.sendsTo'), value: admin.mail.target },
            { label: t('fact.waiting'), value: admin.mail.waiting === null ? t('fact.unknownReason', { reason: admin.mail.queueError ?? '' }) : String(admin.mail.waiting) },
            { label: t('fact.failed'), value: admin.mail.failed === null ? t('fact.unknown') : String(admin.mail.failed) },
          ]
        : []),
    ],
    problems: admin && (admin.mail.failed ?? 0) > 0 ? [{ title: t('problem.mail.title'), text: t('problem.mail.text', { count: admin.mail.failed }) }] : [],
  };

  const you = d?.you;
  const youCard: FactCard = {
    title: t('card.you'),
    facts: [
      { label: t('fact.signedIn'), value: you ? (you.signedIn ? t('fact.signedInYes', { email: you.email }) : t('fact.no')) : missing },
      ...(you?.signedIn
        ? [
            { label: t('fact.userId'), value: you.uid },
            { label: t('fact.role'), value: you.role },
            { label: t('fact.admin'), value: you.admin.why },
            {
              label: t('fact.claims'),
              value:
                you.claims === null
                  ? t('fact.unknownReason', { reason: you.claimsError ?? '' })
                  : Object.keys(you.claims).length === 0
                    ? t('fact.noClaims')
                    : JSON.stringify(you.claims),
            },
          ]
        : []),
    ],
    problems: you && !you.signedIn && you.error ? [{ title: t('problem.session.title'), text: you.error }] : [],
  };

  const leagueTz = d?.league.timeZone ?? leagueTzFallback;
  const league: FactCard = {
    title: t('card.league'),
    facts: [
      { label: t('fact.currentSeason'), value: currentSeason ?? t('fact.noSeason') },
      { label: t('fact.activeSeason'), value: d ? (d.league.activeSeason ?? t('fact.noActiveSeason')) : missing },
      { label: t('fact.leagueTz'), value: leagueTz },
      { label: t('fact.browserTz'), value: browserTz === leagueTz ? t('fact.sameTz', { zone: browserTz }) : t('fact.differentTz', { zone: browserTz }) },
    ],
    problems: d?.league.error ? [{ title: t('problem.league.title'), text: t('problem.league.text', { error: d.league.error }) }] : [],
  };

  return [app, database, storage, mail, youCard, league];
}

/** The cards as plain text, for pasting into an email or a chat. */
export function supportText(t: T, cards: FactCard[], at: Date): string {
  const lines = [t('support.heading', { at: at.toISOString() })];
  for (const card of cards) {
    lines.push('', `[${card.title}]`);
    for (const f of card.facts) lines.push(`${f.label}: ${f.value}`);
    for (const p of card.problems) lines.push(t('support.problem', { title: p.title, text: p.text }));
  }
  return lines.join('\n');
}

const megabytes = (bytes: number) => `${Math.round(bytes / 1_048_576)} MB`;

/** "412 MB resident (JavaScript 61 MB; the embedded database 250 MB)". */
function memoryInWords(t: T, memory: DiagAdmin['server']['memory']): string {
  const values = { rss: megabytes(memory.rss), heap: megabytes(memory.heapUsed) };
  return memory.embeddedDatabase === null ? t('fact.memoryValue', values) : t('fact.memoryValueDb', { ...values, db: megabytes(memory.embeddedDatabase) });
}

/** "2 d 3 h", "1 h 2 min", "5 min", "40 s": units read alike in English and Spanish. */
function duration(seconds: number): string {
  const days = Math.floor(seconds / 86_400);
  const hours = Math.floor((seconds % 86_400) / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  if (days > 0) return `${days} d ${hours} h`;
  if (hours > 0) return `${hours} h ${minutes} min`;
  return minutes > 0 ? `${minutes} min` : `${seconds} s`;
}
