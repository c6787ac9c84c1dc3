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
import { countOf } from '../../../lib/count-words';
import { formatDateTime, timeZoneName } from '../../../lib/dates';
import { getOpeningInputs, openingInputsUrl, useOpening, type OpeningDetail } from '../api/openings';
import { useTeamListsOpen } from '../api/preferences';
import { coversWords, ordinal, roundTimes, STATUS_WORDS, WEIGHTING_WORDS } from '../opening-words';

/**
 * /opening/:id, public (issue 26): a round's times and the hash of its secret seed before the draw; after it, the
 * seed, the team order, each round's picks by team name and the slots left over, with the inputs to download and
 * "Check this draw", which runs the same draw in this browser and compares.
 */
export function OpeningPage() {
  const { id = '' } = useParams();
  const opening = useOpening(id);
  const timeZone = useLeagueTimeZone();

  if (opening.isPending) return <PageSkeleton />;
  if (opening.isError) {
    // 400: the address holds no round id at all; 404: no round has it.
    if (opening.error instanceof ApiError && (opening.error.status === 404 || opening.error.status === 400)) {
      return (
        <section>
          <PageHeader title="Opening round not found" />
          <EmptyState
            title="There is no opening round at this address"
            action={
              <Link to="/slots" className={buttonClasses('primary')}>
                Go to Book a Field
              </Link>
            }
          >
            Check the link you followed. Book a Field shows the current opening round, if there is one.
          </EmptyState>
        </section>
      );
    }
    return (
      <section>
        <PageHeader title="Opening round" />
        <LoadErrorAlert title="The opening round could not be loaded" message={opening.error.message} onRetry={() => opening.refetch()} />
      </section>
    );
  }

  const { round } = opening.data;
  const status = STATUS_WORDS[round.status];
  return (
    <section className="flex flex-col gap-6">
      <PageHeader
        title={`Opening round: ${round.seasonName}`}
        description={`The slots of ${coversWords(round)}, shared out among the teams by a seeded draw that anyone can check.`}
      />

      <Card>
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 className="text-lg font-bold text-primary-900">When</h2>
          <Badge tone={status.tone}>{status.label}</Badge>
        </div>
        <dl className="mt-3 grid gap-x-6 gap-y-1 sm:grid-cols-[auto_1fr]">
          {roundTimes(round, timeZone).map((row) => (
            <div key={row.label} className="contents">
              <dt className="font-semibold text-slate-700">{row.label}</dt>
              <dd className="mb-1 text-slate-900 sm:mb-0">{row.value}</dd>
            </div>
          ))}
        </dl>
        <YourListsOpen round={round} timeZone={timeZone} />
        <p className="mt-3 text-sm text-slate-600">
          League time: {timeZoneName(timeZone)} ({timeZone}).
        </p>
      </Card>

      {round.status === 'cancelled' ? (
        <Alert tone="warning" title="This round was cancelled">
          The league cancelled it{round.cancelledAt ? ` on ${formatDateTime(round.cancelledAt, timeZone)}` : ''}, before its draw: there was no draw,
          and its slots are booked as usual.
        </Alert>
      ) : null}

      <Card>
        <h2 className="text-lg font-bold text-primary-900">The seed</h2>
        <p className="mt-2 max-w-2xl text-slate-700">
          The team order comes from a secret random seed. Its SHA-256 hash was published here when the round was announced, before any team ranked
          a slot; the draw reveals the seed, and anyone can check that it has that hash, so nobody could pick the seed after seeing the preferences.
        </p>
        <dl className="mt-3 flex flex-col gap-2">
          <div>
            <dt className="font-semibold text-slate-700">Hash published before the draw (SHA-256)</dt>
            <dd className="font-mono text-sm break-all text-slate-900">{round.seedHash}</dd>
          </div>
          <div>
            <dt className="font-semibold text-slate-700">Seed</dt>
            <dd className={round.seed ? 'font-mono text-sm break-all text-slate-900' : 'text-slate-700'}>
              {round.seed ?? (round.status === 'cancelled' ? 'Never revealed: the round was cancelled.' : 'Secret until the draw.')}
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
  const profile = useSession().session?.profile ?? null;
  const coach = profile?.role === 'coach' && profile.teamId !== null;
  const waiting = round.status === 'announced' || round.status === 'open';
  const listsOpen = useTeamListsOpen(round.id, profile?.id ?? null, { enabled: coach && waiting }).data ?? null;
  if (!coach || !waiting || !listsOpen) return null;
  return (
    <p className="mt-3 font-semibold text-primary-900">
      Your team{profile.teamName ? `, ${profile.teamName}` : ''}
      {listsOpen.divisionName ? ` (${listsOpen.divisionName})` : ''}, can rank slots from {formatDateTime(listsOpen.listsOpenAt, timeZone)}.
    </p>
  );
}

function DrawnResult({ detail }: { detail: OpeningDetail }) {
  const { round, result } = detail;
  const teamNames = new Map(detail.teams.map((t) => [t.id, t.name]));
  const slotLabels = new Map((detail.slots ?? []).map((s) => [s.id, s.label]));
  const team = (id: string) => teamNames.get(id) ?? 'A team no longer in the league';
  const slot = (id: string) => slotLabels.get(id) ?? 'A slot no longer listed';
  if (!result) return null;

  const rounds = [...new Set(result.picks.map((p) => p.round))].sort((a, b) => a - b);
  return (
    <>
      <Card>
        <h2 className="text-lg font-bold text-primary-900">Team order</h2>
        <p className="mt-2 text-slate-700">
          {WEIGHTING_WORDS[round.weighting]}. Round 1 goes in this order, round 2 in reverse, and so on (serpentine).
        </p>
        <ol className="mt-3 list-decimal pl-6 text-slate-900" aria-label="Team order, round 1">
          {result.order.map((id) => (
            <li key={id}>{team(id)}</li>
          ))}
        </ol>
      </Card>

      <Card>
        <h2 className="text-lg font-bold text-primary-900">Picks</h2>
        <p className="mt-2 text-slate-700">
          At its turn each team got its highest-ranked preference still free that its booking rules allowed; a team with nothing left to get dropped
          out. {countOf(result.picks.length, 'slot')} booked in {countOf(rounds.length, 'round')}.
        </p>
        {rounds.length === 0 ? <p className="mt-3 text-slate-700">No team got a slot: no preference could be met.</p> : null}
        {rounds.map((n) => (
          <section key={n} aria-labelledby={`picks-round-${n}`} className="mt-4">
            <h3 id={`picks-round-${n}`} className="font-semibold text-primary-900">
              Round {n}
              {n % 2 === 0 ? ' (reverse order)' : ''}
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
                      <span className="sr-only">got </span>
                      {slot(p.slotId)} <span className="text-sm text-slate-600">({ordinal(p.rank)} choice)</span>
                    </span>
                  </li>
                ))}
            </ol>
          </section>
        ))}
      </Card>

      <Card>
        <h2 className="text-lg font-bold text-primary-900">Slots left over</h2>
        {result.leftover.length === 0 ? (
          <p className="mt-2 text-slate-700">None: every slot in the round went to a team.</p>
        ) : (
          <>
            <p className="mt-2 text-slate-700">
              Nobody got {result.leftover.length === 1 ? 'this slot' : `these ${result.leftover.length} slots`} in the draw.{' '}
              {round.firstComeAfter ? 'They are bookable first come, first served.' : 'They open for booking when the league says so.'}
            </p>
            <ul className="mt-2 list-disc pl-6 text-slate-900" aria-label="Slots left over">
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
  const { round } = detail;
  const check = useMutation({
    mutationFn: async () => {
      // The draw's code (and the rules it shares with booking) loads only when someone checks.
      const { checkDraw } = await import('../check-draw');
      return checkDraw({ round, result: detail.result! }, (id) => getOpeningInputs(id));
    },
  });
  const outcomeRef = useRef<HTMLDivElement>(null);
  const settled = check.isSuccess || check.isError;
  useEffect(() => {
    if (settled) outcomeRef.current?.focus();
  }, [settled]);

  return (
    <Card>
      <h2 className="text-lg font-bold text-primary-900">Check this draw</h2>
      <p className="mt-2 max-w-2xl text-slate-700">
        Everything the draw was computed from (the seed, the slots free at the draw, each team’s ranked preferences, its bookings and the booking rules)
        is published. “Check this draw” fetches it, checks the seed against the hash published before the draw, runs the same draw in your browser and
        compares it with the result above. You can also download the inputs and run the draw yourself.
      </p>
      <div className="mt-4 flex flex-col gap-2 sm:flex-row">
        <Button onClick={() => check.mutate()} busy={check.isPending}>
          Check this draw
        </Button>
        <a href={openingInputsUrl(round.id)} download={`opening-${round.id}-inputs.json`} className={buttonClasses('secondary')}>
          Download the inputs (JSON)
        </a>
      </div>
      <div ref={outcomeRef} tabIndex={-1} className="mt-4 focus:outline-none">
        {check.isPending ? (
          <p role="status" className="text-slate-700">
            Checking…
          </p>
        ) : null}
        {check.isError ? (
          <Alert title="The draw could not be checked">{check.error.message}</Alert>
        ) : check.data?.matches === true ? (
          <Alert tone="success" title="Matches">
            The seed has the hash published before the draw, and the draw run again in this browser gives the same team order, picks and slots left
            over.
          </Alert>
        ) : check.data?.matches === false ? (
          <Alert tone="warning" title="Does not match">
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
  return (
    <section aria-busy="true" aria-label="Loading the opening round">
      <Skeleton className="mb-6 h-9 w-72" />
      <div className="flex flex-col gap-6" aria-hidden="true">
        <Skeleton className="h-40 w-full" />
        <Skeleton className="h-40 w-full" />
      </div>
    </section>
  );
}
