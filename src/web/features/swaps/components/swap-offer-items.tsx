import { useId } from 'react';
import type { SwapOffer, SwapPractice } from '../../../../shared/swaps/swaps.schemas';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { cx } from '../../../lib/cx';
import { RichText, useT } from '../../../lib/i18n';
import { offerHeading, practicePlace, practiceTimes, practiceWhen, teamWords } from '../swap-words';

const CARD = 'flex h-full flex-col rounded-xl border bg-white p-4 shadow-sm';

function PracticeLines({ practice, timeZone, label }: { practice: SwapPractice; timeZone: string; label: string }) {
  return (
    <p className="text-slate-900">
      <span className="text-sm font-semibold text-slate-700">{label} </span>
      <span className="font-semibold text-primary-900">{practiceTimes(practice, timeZone)}</span>
      <span className="block text-sm text-slate-700">{practicePlace(practice)}</span>
    </p>
  );
}

/**
 * An offer made to the team. A gift or a trade for one practice: Accept. A trade for any of several: "Accept: give Thu
 * Dec 10, 5:00 pm" for each of them. `refusal`: the server's words for the last refused accept, kept in the card after
 * its toast. Each button's name (aria-label, beginning with its visible words) ends with which offer it answers, the
 * same in every browser. The list holds the calls and the Decline question.
 */
export function ReceivedOffer({
  offer,
  timeZone,
  canAccept,
  canDecline,
  accepting,
  busy,
  refusal,
  onAccept,
  onDecline,
}: {
  offer: SwapOffer;
  timeZone: string;
  canAccept: boolean;
  canDecline: boolean;
  /** The practice being given by an accept in flight ('' for a gift), or null. */
  accepting: string | null;
  busy: boolean;
  refusal: string | null;
  onAccept: (bookingId: string | null) => void;
  onDecline: () => void;
}) {
  const { t } = useT('swaps');
  const headingId = useId();
  const from = offer.fromTeam.name;
  const when = practiceWhen(offer.offered, timeZone);
  /** Their practice, as the accept buttons' names say it: "Orioles’ Tue Dec 1, 5:00 pm". */
  const theirs = { ...teamWords(from), when };
  const stillThere = offer.wanted.filter((w) => w.status === 'confirmed');
  const several = offer.kind === 'swap' && offer.wanted.length > 1;

  return (
    <article aria-labelledby={headingId} className={cx(CARD, 'border-accent-500')}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h4 id={headingId} className="text-lg font-bold break-words text-primary-900">
          {offerHeading(t, offer, timeZone)}
        </h4>
        <Badge tone="accent">{offer.kind === 'give' ? t('items.gift') : t('items.trade')}</Badge>
      </div>
      <div className="mt-2 flex flex-col gap-2">
        <PracticeLines practice={offer.offered} timeZone={timeZone} label={t('items.theyGive')} />
        {offer.kind === 'give' ? (
          <p className="text-slate-800">{t('items.nothingBack')}</p>
        ) : several ? (
          <p className="text-sm font-semibold text-slate-700">{t('items.askAny')}</p>
        ) : offer.wanted[0] ? (
          <PracticeLines practice={offer.wanted[0]} timeZone={timeZone} label={t('items.theyAsk')} />
        ) : null}
        {several ? (
          <ul className="flex flex-col gap-2" aria-label={t('items.wantedList', { team: from })}>
            {offer.wanted.map((w) => (
              <li key={w.bookingId} className="flex flex-col gap-1 rounded-lg border border-slate-200 p-2 sm:flex-row sm:items-center sm:justify-between">
                <span className={cx('min-w-0 text-sm', w.status !== 'confirmed' && 'text-slate-600 line-through')}>
                  <span className="font-semibold text-primary-900">{practiceTimes(w, timeZone)}</span> · {practicePlace(w)}
                  {w.status !== 'confirmed' ? <span className="sr-only">{t('items.cancelled')}</span> : null}
                </span>
                {canAccept && w.status === 'confirmed' ? (
                  <Button
                    size="sm"
                    className="shrink-0"
                    aria-label={t('items.acceptGiveLabel', { give: practiceWhen(w, timeZone), ...theirs })}
                    busy={accepting === w.bookingId}
                    disabled={busy}
                    onClick={() => onAccept(w.bookingId)}
                  >
                    {t('items.acceptGive', { give: practiceWhen(w, timeZone) })}
                  </Button>
                ) : null}
              </li>
            ))}
          </ul>
        ) : null}
        {offer.note ? (
          <p className="text-sm break-words text-slate-800">
            <RichText ns="swaps" k="items.noteFrom" values={{ team: from, note: offer.note }} components={{ 0: <span className="font-semibold" /> }} />
          </p>
        ) : null}
        <p className="text-sm text-slate-700">{t('items.answerBy', { when: practiceWhen({ startsAt: offer.expiresAt }, timeZone) })}</p>
      </div>
      {refusal ? <p className="mt-3 rounded-lg border-l-4 border-danger-600 bg-danger-50 px-3 py-2 text-sm text-danger-800">{refusal}</p> : null}
      <div className="mt-auto flex flex-wrap gap-2 pt-4">
        {canAccept && !several && (offer.kind === 'give' || stillThere.length > 0) ? (
          <Button
            aria-label={
              offer.kind === 'give' ? t('items.acceptTakeLabel', theirs) : t('items.acceptGiveLabel', { give: practiceWhen(stillThere[0]!, timeZone), ...theirs })
            }
            busy={accepting !== null}
            disabled={busy}
            onClick={() => onAccept(offer.kind === 'give' ? null : stillThere[0]!.bookingId)}
          >
            {t('items.accept')}
          </Button>
        ) : null}
        {canDecline ? (
          <Button variant="secondary" aria-label={t('items.declineLabel', { ...teamWords(from), when })} disabled={busy} onClick={onDecline}>
            {t('items.decline')}
          </Button>
        ) : null}
      </div>
    </article>
  );
}

/** An offer the team made, waiting for the other team's answer. The list asks before it withdraws. */
export function MadeOffer({ offer, timeZone, canWithdraw, busy, onWithdraw }: { offer: SwapOffer; timeZone: string; canWithdraw: boolean; busy: boolean; onWithdraw: () => void }) {
  const { t } = useT('swaps');
  const headingId = useId();
  const to = offer.toTeam.name;
  const when = practiceWhen(offer.offered, timeZone);
  return (
    <article aria-labelledby={headingId} className={cx(CARD, 'border-slate-200')}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h4 id={headingId} className="text-lg font-bold break-words text-primary-900">
          {offerHeading(t, offer, timeZone)}
        </h4>
        <Badge>{offer.kind === 'give' ? t('items.gift') : t('items.trade')}</Badge>
      </div>
      <div className="mt-2 flex flex-col gap-2">
        <PracticeLines practice={offer.offered} timeZone={timeZone} label={t('items.youGive')} />
        {offer.kind === 'give' ? (
          <p className="text-slate-800">{t('items.giftTo', { team: to })}</p>
        ) : offer.wanted.length === 1 ? (
          <PracticeLines practice={offer.wanted[0]!} timeZone={timeZone} label={t('items.youAsk')} />
        ) : (
          <div>
            <p className="text-sm font-semibold text-slate-700">{t('items.youAskAny', { team: to })}</p>
            <ul className="mt-1 flex flex-col gap-1 text-sm">
              {offer.wanted.map((w) => (
                <li key={w.bookingId} className={cx(w.status !== 'confirmed' && 'text-slate-600 line-through')}>
                  <span className="font-semibold text-primary-900">{practiceTimes(w, timeZone)}</span> · {practicePlace(w)}
                  {w.status !== 'confirmed' ? <span className="sr-only">{t('items.cancelled')}</span> : null}
                </li>
              ))}
            </ul>
          </div>
        )}
        {offer.note ? (
          <p className="text-sm break-words text-slate-800">
            <RichText ns="swaps" k="items.yourNote" values={{ note: offer.note }} components={{ 0: <span className="font-semibold" /> }} />
          </p>
        ) : null}
        <p className="text-sm text-slate-700">{t('items.waiting', { team: to, when: practiceWhen({ startsAt: offer.expiresAt }, timeZone) })}</p>
      </div>
      {canWithdraw ? (
        <div className="mt-auto flex flex-wrap gap-2 pt-4">
          <Button variant="secondary" aria-label={t('items.withdrawLabel', { when, team: to })} disabled={busy} onClick={onWithdraw}>
            {t('items.withdraw')}
          </Button>
        </div>
      ) : null}
    </article>
  );
}
