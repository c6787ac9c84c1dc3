import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import type { OpeningRound } from '../../../../shared/opening/opening.schemas';
import type { Season } from '../../../../shared/seasons/seasons.schemas';
import { Badge } from '../../../components/ui/badge';
import { Button, buttonClasses } from '../../../components/ui/button';
import { ConfirmModal } from '../../../components/ui/confirm-modal';
import { LoadErrorAlert } from '../../../components/ui/load-error-alert';
import { Skeleton } from '../../../components/ui/loading';
import { formatDateTime } from '../../../lib/dates';
import { toast } from '../../../lib/toast';
import { useCancelOpening, useDrawOpening, useOpenRest, useSeasonOpenings } from '../api/openings';
import { coversWords, roundTimes, STATUS_WORDS, WEIGHTING_WORDS } from '../opening-words';
import { OpeningRoundFormDialog, type OpeningEditing } from './opening-round-form-dialog';

type Action = 'draw' | 'cancel' | 'open-rest';

/**
 * /admin-booking-control: the season's opening round (issue 26). Instead of first come, first served on the night
 * booking opens, coaches rank the covered slots and a seeded, published draw shares them out. The admin announces a
 * round, edits it until its window opens, draws it early once it has closed, cancels it before the draw, and after
 * the draw opens the rest for booking if it was not opened by itself.
 */
export function OpeningRoundSection({ season, timeZone }: { season: Season; timeZone: string }) {
  const rounds = useSeasonOpenings(season.id);
  const [editing, setEditing] = useState<OpeningEditing>(null);
  const [asking, setAsking] = useState<{ action: Action; round: OpeningRound } | null>(null);
  // After an action the button pressed may be gone (Draw now, once drawn): focus moves to that round's heading.
  const [focusRoundId, setFocusRoundId] = useState<string | null>(null);

  const list = sortRounds(rounds.data ?? []);
  const live = list.find((r) => r.status !== 'drawn' && r.status !== 'cancelled') ?? null;

  return (
    <section aria-labelledby="opening-round-heading" className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0">
          <h2 id="opening-round-heading" className="text-lg font-bold text-primary-900">
            Opening round
          </h2>
          <p className="mt-1 max-w-2xl text-sm text-slate-700">
            Instead of first come, first served on the night booking opens: coaches rank the slots they want during a window, then a seeded draw
            shares them out in serpentine rounds, and anyone can check it on its public page.
          </p>
        </div>
        {rounds.isSuccess && !live && list.length > 0 ? (
          <Button className="shrink-0" onClick={() => setEditing({ round: null })}>
            New opening round
          </Button>
        ) : null}
      </div>

      <div className="mt-4" aria-busy={rounds.isFetching}>
        {rounds.isPending ? (
          <Skeleton className="h-48 w-full" />
        ) : rounds.isError ? (
          <LoadErrorAlert title="The opening rounds could not be loaded" message={rounds.error.message} onRetry={() => rounds.refetch()} />
        ) : list.length === 0 ? (
          <div className="rounded-xl border-2 border-dashed border-slate-300 px-4 py-8 text-center">
            <h3 className="font-semibold text-primary-900">No opening round for {season.name}</h3>
            <p className="mx-auto mt-2 max-w-md text-slate-700">
              Create one to let coaches rank the first weeks’ slots and share them out by a fair draw, instead of a rush on the night booking opens.
            </p>
            <Button className="mt-4" onClick={() => setEditing({ round: null })}>
              Create an opening round
            </Button>
          </div>
        ) : (
          <ul className="flex flex-col gap-4" aria-label={`Opening rounds of ${season.name}`}>
            {list.map((round) => (
              <li key={round.id}>
                <RoundCard
                  round={round}
                  timeZone={timeZone}
                  focus={focusRoundId === round.id}
                  onFocused={() => setFocusRoundId(null)}
                  onEdit={() => setEditing({ round })}
                  onAsk={(action) => setAsking({ action, round })}
                />
              </li>
            ))}
          </ul>
        )}
      </div>

      <OpeningRoundFormDialog
        editing={editing}
        season={season}
        timeZone={timeZone}
        onClose={() => setEditing(null)}
        onSaved={(saved) => {
          setEditing(null);
          setFocusRoundId(saved.id);
        }}
      />
      <ActionConfirm
        asking={asking}
        season={season}
        timeZone={timeZone}
        onDone={(round) => {
          setAsking(null);
          if (round) setFocusRoundId(round.id);
        }}
      />
    </section>
  );
}

/** The round being prepared first, then the others, latest draw first. */
function sortRounds(rounds: OpeningRound[]): OpeningRound[] {
  const live = (r: OpeningRound) => (r.status === 'drawn' || r.status === 'cancelled' ? 1 : 0);
  return [...rounds].sort((a, b) => live(a) - live(b) || b.drawAt.localeCompare(a.drawAt));
}

function RoundCard({
  round,
  timeZone,
  focus,
  onFocused,
  onEdit,
  onAsk,
}: {
  round: OpeningRound;
  timeZone: string;
  focus: boolean;
  onFocused: () => void;
  onEdit: () => void;
  onAsk: (action: Action) => void;
}) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (!focus) return;
    headingRef.current?.focus();
    onFocused();
  }, [focus, onFocused]);

  const status = STATUS_WORDS[round.status];
  const titleId = `opening-round-${round.id}`;
  const before = round.status === 'announced' || round.status === 'open' || round.status === 'closed';
  const rows: Array<{ label: string; value: string; mono?: boolean }> = [
    ...roundTimes(round, timeZone),
    { label: 'Preferences per team', value: String(round.maxPreferences) },
    { label: 'Team order', value: WEIGHTING_WORDS[round.weighting] },
    {
      label: 'After the draw',
      value: round.firstComeAfter ? 'The slots nobody got are bookable first come, first served.' : 'The slots nobody got stay closed until you open them.',
    },
    { label: 'Seed hash (SHA-256)', value: round.seedHash, mono: true },
  ];
  return (
    <article aria-labelledby={titleId} className="rounded-lg border border-slate-200 p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={titleId} ref={headingRef} tabIndex={-1} className="min-w-0 font-bold text-primary-900 focus:outline-none focus-visible:outline-3 focus-visible:outline-primary-500">
          {coversWords(round)}
        </h3>
        <Badge tone={status.tone}>{status.label}</Badge>
      </div>
      <dl className="mt-3 grid gap-x-6 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
        {rows.map((row) => (
          <div key={row.label} className="contents">
            <dt className="font-semibold text-slate-700">{row.label}</dt>
            <dd className={row.mono ? 'mb-1 font-mono text-xs break-all text-slate-900 sm:mb-0' : 'mb-1 text-slate-900 sm:mb-0'}>{row.value}</dd>
          </div>
        ))}
      </dl>
      {round.status === 'closed' ? (
        <p className="mt-3 text-sm text-slate-700">The window has closed. The server draws at {formatDateTime(round.drawAt, timeZone)}, or draw now.</p>
      ) : null}
      <div className="mt-4 flex flex-wrap gap-2">
        {round.status === 'closed' ? <Button onClick={() => onAsk('draw')}>Draw now</Button> : null}
        {round.status === 'drawn' && !round.firstComeAfter ? <Button onClick={() => onAsk('open-rest')}>Open the rest for booking</Button> : null}
        {round.status === 'announced' ? (
          <Button variant="secondary" onClick={onEdit}>
            Edit round
          </Button>
        ) : null}
        <Link to={`/opening/${round.id}`} className={buttonClasses('secondary')}>
          {round.status === 'drawn' ? 'See the draw' : 'Public page'}
        </Link>
        {before ? (
          <Button variant="danger" onClick={() => onAsk('cancel')}>
            Cancel round
          </Button>
        ) : null}
      </div>
    </article>
  );
}

const QUESTIONS: Record<Action, { title: string; confirm: string; keep: string; destructive: boolean }> = {
  draw: { title: 'Draw the opening round now?', confirm: 'Draw now', keep: 'Not yet', destructive: false },
  cancel: { title: 'Cancel the opening round?', confirm: 'Cancel round', keep: 'Keep the round', destructive: true },
  'open-rest': { title: 'Open the rest for booking?', confirm: 'Open for booking', keep: 'Not yet', destructive: false },
};

/** Asks before each action with its consequence in words, then does it and says so in a toast. */
function ActionConfirm({
  asking,
  season,
  timeZone,
  onDone,
}: {
  asking: { action: Action; round: OpeningRound } | null;
  season: Season;
  timeZone: string;
  onDone: (round: OpeningRound | null) => void;
}) {
  const draw = useDrawOpening();
  const cancel = useCancelOpening();
  const openRest = useOpenRest();
  const mutation = { draw, cancel, 'open-rest': openRest }[asking?.action ?? 'draw'];
  const question = QUESTIONS[asking?.action ?? 'draw'];
  const round = asking?.round;

  const message = !round
    ? null
    : asking?.action === 'draw'
      ? `Every team’s preferences for ${coversWords(round)} are drawn now instead of at ${formatDateTime(round.drawAt, timeZone)}: the picks are booked at once, each team’s coaches are emailed what they got, and the seed is published. This cannot be undone.`
      : asking?.action === 'cancel'
        ? `Every team’s saved preferences for ${coversWords(round)} are dropped and their coaches are emailed. The slots become bookable as usual (within the booking rules). This cannot be undone.`
        : `The slots of ${coversWords(round)} that nobody got in the draw become bookable first come, first served, within the booking rules.`;

  const confirm = () => {
    if (!asking) return;
    mutation.mutate(asking.round.id, {
      onSuccess: ({ round: changed }) => {
        toast.success(
          asking.action === 'draw'
            ? `The opening round for ${season.name} is drawn: the picks are booked and coaches are being emailed.`
            : asking.action === 'cancel'
              ? `The opening round for ${season.name} is cancelled. Saved preferences are dropped and their coaches are being emailed.`
              : 'The slots nobody got in the draw are open for booking, first come, first served.',
        );
        onDone(changed);
      },
      onError: (err) => {
        toast.error(err.message);
        onDone(null);
      },
    });
  };

  return (
    <ConfirmModal
      open={asking !== null}
      title={question.title}
      message={message}
      confirmLabel={question.confirm}
      cancelLabel={question.keep}
      destructive={question.destructive}
      busy={mutation.isPending}
      onConfirm={confirm}
      onCancel={() => onDone(null)}
    />
  );
}
