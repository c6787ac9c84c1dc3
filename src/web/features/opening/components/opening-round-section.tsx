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
import { useT, type Translate } from '../../../lib/i18n';
import { toast } from '../../../lib/toast';
import { useCancelOpening, useDrawOpening, useOpenRest, useSeasonOpenings } from '../api/openings';
import { coversWords, roundTimes, statusWords, weightingWords } from '../opening-words';
import { OpeningRoundFormDialog, type OpeningEditing } from './opening-round-form-dialog';

type Action = 'draw' | 'cancel' | 'open-rest';

/**
 * /admin-booking-control: the season's opening round (issue 26). Instead of first come, first served on the night
 * booking opens, coaches rank the covered slots and a seeded, published draw shares them out. The admin announces a
 * round, edits it until its window opens, draws it early once it has closed, cancels it before the draw, and after
 * the draw opens the rest for booking if it was not opened by itself.
 */
export function OpeningRoundSection({ season, timeZone }: { season: Season; timeZone: string }) {
  const { t } = useT('opening');
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
            {t('section.heading')}
          </h2>
          <p className="mt-1 max-w-2xl text-sm text-slate-700">{t('section.body')}</p>
        </div>
        {rounds.isSuccess && !live && list.length > 0 ? (
          <Button className="shrink-0" onClick={() => setEditing({ round: null })}>
            {t('section.new')}
          </Button>
        ) : null}
      </div>

      <div className="mt-4" aria-busy={rounds.isFetching}>
        {rounds.isPending ? (
          <Skeleton className="h-48 w-full" />
        ) : rounds.isError ? (
          <LoadErrorAlert title={t('section.loadError')} message={rounds.error.message} onRetry={() => rounds.refetch()} />
        ) : list.length === 0 ? (
          <div className="rounded-xl border-2 border-dashed border-slate-300 px-4 py-8 text-center">
            <h3 className="font-semibold text-primary-900">{t('section.empty.heading', { season: season.name })}</h3>
            <p className="mx-auto mt-2 max-w-md text-slate-700">{t('section.empty.body')}</p>
            <Button className="mt-4" onClick={() => setEditing({ round: null })}>
              {t('section.empty.create')}
            </Button>
          </div>
        ) : (
          <ul className="flex flex-col gap-4" aria-label={t('section.listLabel', { season: season.name })}>
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
  const { t } = useT('opening');
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (!focus) return;
    headingRef.current?.focus();
    onFocused();
  }, [focus, onFocused]);

  const status = statusWords(t, round.status);
  const titleId = `opening-round-${round.id}`;
  const before = round.status === 'announced' || round.status === 'open' || round.status === 'closed';
  const rows: Array<{ label: string; value: string; mono?: boolean }> = [
    ...roundTimes(t, round, timeZone),
    { label: t('card.perTeam'), value: String(round.maxPreferences) },
    { label: t('card.teamOrder'), value: weightingWords(t, round.weighting) },
    { label: t('card.afterDraw'), value: round.firstComeAfter ? t('card.afterDraw.firstCome') : t('card.afterDraw.closed') },
    { label: t('card.seedHash'), value: round.seedHash, mono: true },
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
        <p className="mt-3 text-sm text-slate-700">{t('card.closed', { when: formatDateTime(round.drawAt, timeZone) })}</p>
      ) : null}
      <div className="mt-4 flex flex-wrap gap-2">
        {round.status === 'closed' ? <Button onClick={() => onAsk('draw')}>{t('card.drawNow')}</Button> : null}
        {round.status === 'drawn' && !round.firstComeAfter ? <Button onClick={() => onAsk('open-rest')}>{t('card.openRest')}</Button> : null}
        {round.status === 'announced' ? (
          <Button variant="secondary" onClick={onEdit}>
            {t('card.edit')}
          </Button>
        ) : null}
        <Link to={`/opening/${round.id}`} className={buttonClasses('secondary')}>
          {round.status === 'drawn' ? t('card.seeDraw') : t('card.publicPage')}
        </Link>
        {before ? (
          <Button variant="danger" onClick={() => onAsk('cancel')}>
            {t('card.cancel')}
          </Button>
        ) : null}
      </div>
    </article>
  );
}

/** The question before each action, its two buttons, and whether it is destructive. */
function question(t: Translate<'opening'>, action: Action): { title: string; confirm: string; keep: string; destructive: boolean } {
  switch (action) {
    case 'draw':
      return { title: t('confirm.draw.title'), confirm: t('confirm.draw.confirm'), keep: t('confirm.draw.keep'), destructive: false };
    case 'cancel':
      return { title: t('confirm.cancel.title'), confirm: t('confirm.cancel.confirm'), keep: t('confirm.cancel.keep'), destructive: true };
    case 'open-rest':
      return { title: t('confirm.openRest.title'), confirm: t('confirm.openRest.confirm'), keep: t('confirm.openRest.keep'), destructive: false };
  }
}

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
  const { t } = useT('opening');
  const draw = useDrawOpening();
  const cancel = useCancelOpening();
  const openRest = useOpenRest();
  const mutation = { draw, cancel, 'open-rest': openRest }[asking?.action ?? 'draw'];
  const asked = question(t, asking?.action ?? 'draw');
  const round = asking?.round;

  const message = !round
    ? null
    : asking?.action === 'draw'
      ? t('confirm.draw.message', { covers: coversWords(round), when: formatDateTime(round.drawAt, timeZone) })
      : asking?.action === 'cancel'
        ? t('confirm.cancel.message', { covers: coversWords(round) })
        : t('confirm.openRest.message', { covers: coversWords(round) });

  const confirm = () => {
    if (!asking) return;
    mutation.mutate(asking.round.id, {
      onSuccess: ({ round: changed }) => {
        toast.success(
          asking.action === 'draw'
            ? t('toast.drawn', { season: season.name })
            : asking.action === 'cancel'
              ? t('toast.cancelled', { season: season.name })
              : t('toast.openedRest'),
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
      title={asked.title}
      message={message}
      confirmLabel={asked.confirm}
      cancelLabel={asked.keep}
      destructive={asked.destructive}
      busy={mutation.isPending}
      onConfirm={confirm}
      onCancel={() => onDone(null)}
    />
  );
}
