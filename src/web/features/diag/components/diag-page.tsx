import { useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { useCurrentSeason } from '../../../app/current-season/current-season-context';
import { useSession } from '../../../app/session/use-session';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { PageHeader } from '../../../components/ui/page-header';
import { useLeagueTimeZone } from '../../../lib/api/get-league';
import { browserTimeZone } from '../../../lib/dates';
import { useHealth, useReadiness } from '../api/get-diagnostics';

/** The message the error-boundary check (`/diag?throw=1`) throws, so a test can look for it. */
export const DIAG_TEST_ERROR = 'Diagnostics test error';

const ADMIN_REASON = {
  claim: 'admin claim on the identity token',
  role: "profile role is 'admin'",
  none: 'no admin claim and the profile role is not admin',
} as const;

export function DiagPage() {
  const [params] = useSearchParams();
  if (params.get('throw') === '1') throw new Error(DIAG_TEST_ERROR);
  return <Diagnostics />;
}

function Diagnostics() {
  const health = useHealth();
  const ready = useReadiness();
  const auth = useSession();
  const { season } = useCurrentSeason();
  const [copied, setCopied] = useState(false);
  const browserTz = browserTimeZone();
  const leagueTz = useLeagueTimeZone();

  const decision = auth.session?.decision;
  const facts: Array<{ label: string; value: string }> = [
    { label: 'App version', value: health.isPending ? 'checking…' : health.isError ? `unreachable: ${health.error.message}` : health.data.data.version },
    { label: 'API', value: health.isPending ? 'checking…' : health.isError ? 'not reachable' : `reachable (${health.data.roundTripMs} ms round trip)` },
    {
      label: 'Database',
      value: ready.isPending
        ? 'checking…'
        : ready.isError
          ? `not ready: ${ready.error.message}`
          : `${ready.data.data.database === 'pglite' ? 'PGlite (embedded PostgreSQL)' : 'PostgreSQL'}, answered in ${ready.data.data.latencyMs} ms`,
    },
    { label: 'Signed in', value: auth.status === 'signed-in' ? `yes, as ${auth.session.profile.email}` : auth.status === 'loading' ? 'checking…' : 'no' },
    ...(auth.session
      ? [
          { label: 'User id', value: auth.session.profile.id },
          { label: 'Role', value: auth.session.profile.role },
          {
            label: 'Admin',
            value: `${auth.isAdmin ? 'yes' : 'no'}${decision ? ` (${ADMIN_REASON[decision.reason]}${decision.claimCheckFailed ? '; the claim check failed and was ignored' : ''})` : ' (from the saved profile, rechecking)'}`,
          },
        ]
      : []),
    { label: 'Current season', value: season.name ? `${season.name}${season.id ? '' : ' (not found)'}` : 'none' },
    { label: 'League time zone', value: leagueTz },
    { label: 'Browser time zone', value: browserTz === leagueTz ? `${browserTz} (same as the league)` : `${browserTz} (differs from the league: times are shown in league time)` },
  ];

  const copy = async () => {
    const text = facts.map((f) => `${f.label}: ${f.value}`).join('\n');
    try {
      await navigator.clipboard.writeText(text);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  };

  return (
    <section>
      <PageHeader
        title="Diagnostics"
        description="Facts about this app and your session, to share with a league admin when something is not working."
        actions={<Button variant="secondary" onClick={() => void copy()}>{copied ? 'Copied' : 'Copy for support'}</Button>}
      />
      <Card>
        <dl className="divide-y divide-slate-200">
          {facts.map((f) => (
            <Fact key={f.label} label={f.label}>
              {f.value}
            </Fact>
          ))}
        </dl>
      </Card>
    </section>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-1 py-3 sm:grid-cols-[12rem_1fr] sm:gap-4">
      <dt className="text-sm font-semibold text-slate-700">{label}</dt>
      <dd className="text-sm break-words text-slate-900">{children}</dd>
    </div>
  );
}
