import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { Link, useParams } from 'react-router';
import type { OpeningRound } from '../../../../shared/opening/opening.schemas';
import { useSession } from '../../../app/session/use-session';
import { Alert } from '../../../components/ui/alert';
import { Badge } from '../../../components/ui/badge';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { EmptyState } from '../../../components/ui/empty-state';
import { LoadErrorAlert } from '../../../components/ui/load-error-alert';
import { Skeleton } from '../../../components/ui/loading';
import { PageHeader } from '../../../components/ui/page-header';
import { ApiError } from '../../../lib/api-client';
import { useLeagueTimeZone } from '../../../lib/api/get-league';
import { formatDateTime, timeZoneName } from '../../../lib/dates';
import { RichText, useT } from '../../../lib/i18n';
import { getOpeningInputs, openingInputsUrl, useOpening, type OpeningDetail } from '../api/openings';
import { useTeamListsOpen } from '../api/preferences';
import { coversWords, roundTimes, statusWords, weightingWords } from '../opening-words';

/**
 * /opening/:id, public (issue 26): a round's times and the hash of its secret seed before the draw; after it, the
 * seed, the team order, each round's picks by team name and the slots left over, with the inputs to download and
 * "Check this draw", which runs the same draw in this browser and compares.
 */
export function OpeningPage() {
  const { t } = useT('opening');
  const { id = '' } = useParams();
  const opening = useOpening(id);
  const timeZone = useLeagueTimeZone();

  if (opening.isPending) return <PageSkeleton />;
  if (opening.isError) {
    // 400: the address holds no round id at all; 404: no round has it.
    if (opening.error instanceof ApiError && (opening.error.status === 404 || opening.error.status === 400)) {
      return (
        <section>
          <PageHeader title={t('page.notFound.title')} />
          <EmptyState
            title={t('page.notFound.heading')}
            action={
              <Link to="/slots" className={buttonClasses('primary')}>
                {t('page.notFound.action')}
              </Link>
            }
          >
            {t('page.notFound.body')}
          </EmptyState>
        </section>
      );
    }
    return (
      <section>
        <PageHeader title={t('page.title')} />
        <LoadErrorAlert title={t('page.loadError')} message={opening.error.message} onRetry={() => opening.refetch()} />
      </section>
    );
  }

  const { round } = opening.data;
  const status = statusWords(t, round.status);
  return (
    <section className="flex flex-col gap-6">
      <PageHeader title={t('page.heading', { season: round.seasonName })} description={t('page.description', { covers: coversWords(round) })} />

      <Card>
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 className="text-lg font-bold text-primary-900">{t('page.when')}</h2>
          <Badge tone={status.tone}>{status.label}</Badge>
        </div>
        <dl className="mt-3 grid gap-x-6 gap-y-1 sm:grid-cols-[auto_1fr]">
          {roundTimes(t, round, timeZone).map((row) => (
            <div key={row.label} className="contents">
              <dt className="font-semibold text-slate-700">{row.label}</dt>
              <dd className="mb-1 text-slate-900 sm:mb-0">{row.value}</dd>
            </div>
          ))}
        </dl>
        <YourListsOpen round={round} timeZone={timeZone} />
        <p className="mt-3 text-sm text-slate-600">{t('page.leagueTime', { zoneName: timeZoneName(timeZone), zone: timeZone })}</p>
      </Card>

      {round.status === 'cancelled' ? (
        <Alert tone="warning" title={t('page.cancelled.title')}>
          {round.cancelledAt ? t('page.cancelled.bodyOn', { when: formatDateTime(round.cancelledAt, timeZone) }) : t('page.cancelled.body')}
        </Alert>
      ) : null}

      <Card>
        <h2 className="text-lg font-bold text-primary-900">{t('page.seed.heading')}</h2>
        <p className="mt-2 max-w-2xl text-slate-700">{t('page.seed.body')}</p>
        <dl className="mt-3 flex flex-col gap-2">
          <div>
            <dt className="font-semibold text-slate-700">{t('page.seed.hash')}</dt>
            <dd className="font-mono text-sm break-all text-slate-900">{round.seedHash}</dd>
          </div>
          <div>
            <dt className="font-semibold text-slate-700">{t('page.seed.seed')}</dt>
            <dd className={round.seed ? 'font-mono text-sm break-all text-slate-900' : 'text-slate-700'}>
              {round.seed ?? (round.status === 'cancelled' ? t('page.seed.neverRevealed') : t('page.seed.secret'))}
            </dd>
          </div>
        </dl>
      </Card>

      {round.status === 'drawn' && opening.data.result ? <DrawnResult detail={opening.data} /> : null}
    </section>
  );
}

/**
 * A coach's own team's time to start ranking, before the draw: its division's own time in the round (the staged
 * opening, issue 29), else the round's. Nothing for anyone else.
 */
function YourListsOpen({ round, timeZone }: { round: OpeningRound; timeZone: string }) {
  const { t } = useT('opening');
  const profile = useSession().session?.profile ?? null;
  const coach = profile?.role === 'coach' && profile.teamId !== null;
  const waiting = round.status === 'announced' || round.status === 'open';
  const listsOpen = useTeamListsOpen(round.id, profile?.id ?? null, { enabled: coach && waiting }).data ?? null;
  if (!coach || !waiting || !listsOpen) return null;
  const values = { team: profile.teamName, division: listsOpen.divisionName, when: formatDateTime(listsOpen.listsOpenAt, timeZone) };
  const key = profile.teamName
    ? listsOpen.divisionName
      ? 'page.yourTeamNamedDivision'
      : 'page.yourTeamNamed'
    : listsOpen.divisionName
      ? 'page.yourTeamDivision'
      : 'page.yourTeam';
  return <p className="mt-3 font-semibold text-primary-900">{t(key, values)}</p>;
}

function DrawnResult({ detail }: { detail: OpeningDetail }) {
  const { t } = useT('opening');
  const { round, result } = detail;
  const teamNames = new Map(detail.teams.map((t) => [t.id, t.name]));
  const slotLabels = new Map((detail.slots ?? []).map((s) => [s.id, s.label]));
  const team = (id: string) => teamNames.get(id) ?? t('drawn.unknownTeam');
  const slot = (id: string) => slotLabels.get(id) ?? t('drawn.unknownSlot');
  if (!result) return null;

  const rounds = [...new Set(result.picks.map((p) => p.round))].sort((a, b) => a - b);
  return (
    <>
      <Card>
        <h2 className="text-lg font-bold text-primary-900">{t('drawn.order.heading')}</h2>
        <p className="mt-2 text-slate-700">{t('drawn.order.body', { weighting: weightingWords(t, round.weighting) })}</p>
        <ol className="mt-3 list-decimal pl-6 text-slate-900" aria-label={t('drawn.order.label')}>
          {result.order.map((id) => (
            <li key={id}>{team(id)}</li>
          ))}
        </ol>
      </Card>

      <Card>
        <h2 className="text-lg font-bold text-primary-900">{t('drawn.picks.heading')}</h2>
        <p className="mt-2 text-slate-700">{t('drawn.picks.body', { slots: result.picks.length, rounds: rounds.length })}</p>
        {rounds.length === 0 ? <p className="mt-3 text-slate-700">{t('drawn.picks.none')}</p> : null}
        {rounds.map((n) => (
          <section key={n} aria-labelledby={`picks-round-${n}`} className="mt-4">
            <h3 id={`picks-round-${n}`} className="font-semibold text-primary-900">
              {t(n % 2 === 0 ? 'drawn.picks.roundReverse' : 'drawn.picks.round', { round: n })}
            </h3>
            <ol className="mt-1 flex flex-col gap-1">
              {result.picks
                .filter((p) => p.round === n)
                .map((p) => (
                  <li key={`${p.teamId}-${p.slotId}`} className="flex flex-col rounded-lg bg-slate-50 px-3 py-2 sm:flex-row sm:gap-2">
                    <span className="font-semibold text-slate-900">{team(p.teamId)}</span>
                    <span className="text-slate-800">
                      <span aria-hidden="true" className="hidden sm:inline">
                        →{' '}
                      </span>
                      <RichText
                        ns="opening"
                        k="drawn.picks.got"
                        values={{ slot: slot(p.slotId), rank: p.rank }}
                        components={{ 0: <span className="sr-only" />, 1: <span className="text-sm text-slate-600" /> }}
                      />
                    </span>
                  </li>
                ))}
            </ol>
          </section>
        ))}
      </Card>

      <Card>
        <h2 className="text-lg font-bold text-primary-900">{t('drawn.leftover.heading')}</h2>
        {result.leftover.length === 0 ? (
          <p className="mt-2 text-slate-700">{t('drawn.leftover.none')}</p>
        ) : (
          <>
            <p className="mt-2 text-slate-700">
              {t('drawn.leftover.body', { count: result.leftover.length, firstCome: round.firstComeAfter ? 'yes' : 'no' })}
            </p>
            <ul className="mt-2 list-disc pl-6 text-slate-900" aria-label={t('drawn.leftover.heading')}>
              {result.leftover.map((id) => (
                <li key={id}>{slot(id)}</li>
              ))}
            </ul>
          </>
        )}
      </Card>

      <CheckDraw detail={detail} />
    </>
  );
}

/** "Check this draw": the inputs fetched, the seed's hash checked, the same draw() run here, the results compared. */
function CheckDraw({ detail }: { detail: OpeningDetail }) {
  const { t } = useT('opening');
  const { round } = detail;
  const check = useMutation({
    mutationFn: async () => {
      // The draw's code (and the rules it shares with booking) loads only when someone checks.
      const { checkDraw } = await import('../check-draw');
      return checkDraw({ round, result: detail.result! }, (id) => getOpeningInputs(id), t);
    },
  });
  const outcomeRef = useRef<HTMLDivElement>(null);
  const settled = check.isSuccess || check.isError;
  useEffect(() => {
    if (settled) outcomeRef.current?.focus();
  }, [settled]);

  return (
    <Card>
      <h2 className="text-lg font-bold text-primary-900">{t('check.heading')}</h2>
      <p className="mt-2 max-w-2xl text-slate-700">{t('check.body')}</p>
      <div className="mt-4 flex flex-col gap-2 sm:flex-row">
        <Button onClick={() => check.mutate()} busy={check.isPending}>
          {t('check.button')}
        </Button>
        <a href={openingInputsUrl(round.id)} download={`opening-${round.id}-inputs.json`} className={buttonClasses('secondary')}>
          {t('check.download')}
        </a>
      </div>
      <div ref={outcomeRef} tabIndex={-1} className="mt-4 focus:outline-none">
        {check.isPending ? (
          <p role="status" className="text-slate-700">
            {t('check.checking')}
          </p>
        ) : null}
        {check.isError ? (
          <Alert title={t('check.error')}>{check.error.message}</Alert>
        ) : check.data?.matches === true ? (
          <Alert tone="success" title={t('check.matches.title')}>
            {t('check.matches.body')}
          </Alert>
        ) : check.data?.matches === false ? (
          <Alert tone="warning" title={t('check.noMatch.title')}>
            <ul className="mt-1 list-disc pl-5">
              {check.data.differences.map((d, i) => (
                <li key={i} className="break-words">
                  {d}
                </li>
              ))}
            </ul>
          </Alert>
        ) : null}
      </div>
    </Card>
  );
}

function PageSkeleton() {
  const { t } = useT('opening');
  return (
    <section aria-busy="true" aria-label={t('page.loading')}>
      <Skeleton className="mb-6 h-9 w-72" />
      <div className="flex flex-col gap-6" aria-hidden="true">
        <Skeleton className="h-40 w-full" />
        <Skeleton className="h-40 w-full" />
      </div>
    </section>
  );
}
