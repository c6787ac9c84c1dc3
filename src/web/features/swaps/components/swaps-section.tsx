import { useEffect, useId, useState } from 'react';
import { Link, useLocation } from 'react-router';
import type { MySwaps, SwapOffer } from '../../../../shared/swaps/swaps.schemas';
import { Alert } from '../../../components/ui/alert';
import { Card } from '../../../components/ui/card';
import { ConfirmModal } from '../../../components/ui/confirm-modal';
import { LoadErrorAlert } from '../../../components/ui/load-error-alert';
import { Skeleton } from '../../../components/ui/loading';
import { formatWeekdayDayAt } from '../../../lib/dates';
import { RichText, useT } from '../../../lib/i18n';
import { useAcceptSwap } from '../api/accept-swap';
import { useDeclineSwap } from '../api/decline-swap';
import { useMySwaps } from '../api/get-my-swaps';
import { useWithdrawSwap } from '../api/withdraw-swap';
import { offerHeading, outcomeText, practicePlace, practiceWhen, SWAPS_ID } from '../swap-words';
import { useSwapsUser } from '../use-swaps-user';
import { MadeOffer, ReceivedOffer } from './swap-offer-items';

/** Offers the dashboard's card lists; the rest are on My Reservations. */
const COMPACT_OFFERS = 3;

/**
 * The team's practice swaps (issue 29): offers made to the team (Accept, or Accept: give … for each practice it may
 * give when it was asked for any of several; Decline), offers it made (Withdraw), and the latest decided, each in words.
 * My Reservations shows it in full as `#swaps` (the offer email links there); the coach dashboard as a compact card of
 * the offers waiting for the team's answer. Only for a coach (or an admin on a team): nothing for anyone else.
 */
export function SwapsSection({ compact = false }: { compact?: boolean }) {
  const { t } = useT('swaps');
  const { userId, follows, coach } = useSwapsUser();
  const mine = useMySwaps(userId, follows);
  const headingId = useId();
  const { hash } = useLocation();
  const linked = !compact && hash === `#${SWAPS_ID}`;
  const ready = mine.isSuccess;
  // The offer email links to /my-reservations#swaps: once the offers are in, the section is scrolled to and focused.
  useEffect(() => {
    if (!linked || !ready) return;
    const section = document.getElementById(SWAPS_ID);
    section?.scrollIntoView?.({ block: 'start' });
    section?.focus({ preventScroll: true });
  }, [linked, ready]);
  if (!follows) return null;

  if (compact) {
    // The dashboard: only when there is something to answer, or swaps are on (so a coach learns they exist).
    if (mine.isSuccess && !mine.data.swapsEnabled && mine.data.received.length === 0) return null;
    return (
      <section aria-labelledby={headingId}>
        <h2 id={headingId} className="mb-3 text-xl font-bold text-primary-900">
          {t('section.title')}
        </h2>
        <Card>
          {mine.isPending ? (
            <Skeleton className="h-16 w-full" />
          ) : mine.isError ? (
            <LoadErrorAlert title={t('section.loadError')} message={mine.error.message} onRetry={() => mine.refetch()} />
          ) : (
            <CompactList data={mine.data} />
          )}
          <Link to={`/my-reservations#${SWAPS_ID}`} className="mt-3 inline-flex min-h-11 items-center font-semibold text-primary-700 underline underline-offset-4">
            {mine.data && mine.data.received.length > 0 ? t('section.answerLink') : t('section.offersLink')}
          </Link>
        </Card>
      </section>
    );
  }

  return (
    <section id={SWAPS_ID} aria-labelledby={headingId} tabIndex={-1} className="scroll-mt-20 focus:outline-none">
      <h2 id={headingId} className="mb-3 text-xl font-bold text-primary-900">
        {t('section.title')}
      </h2>
      {mine.isPending ? (
        <Skeleton className="h-32 w-full" />
      ) : mine.isError ? (
        <LoadErrorAlert title={t('section.loadError')} message={mine.error.message} onRetry={() => mine.refetch()} />
      ) : (
        <FullLists data={mine.data} coach={coach} />
      )}
    </section>
  );
}

/** After an answer: if focus went with the button (its offer left the list), the Swap offers section takes it. */
function keepFocus() {
  requestAnimationFrame(() => {
    const active = document.activeElement;
    if (!active || active === document.body || !active.isConnected) document.getElementById(SWAPS_ID)?.focus({ preventScroll: true });
  });
}

/**
 * The open offers and the decided ones. The calls and the questions (Decline, Withdraw) live here, not in the offers'
 * cards: an answered offer leaves the list as it reloads, and what follows the call (focus, the refusal's words) must
 * outlive its card.
 */
function FullLists({ data, coach }: { data: MySwaps; coach: boolean }) {
  const { t } = useT('swaps');
  const { timeZone, swapsEnabled, received, made, recent } = data;
  const accept = useAcceptSwap();
  const decline = useDeclineSwap();
  const withdraw = useWithdrawSwap();
  const [declining, setDeclining] = useState<SwapOffer | null>(null);
  const [withdrawing, setWithdrawing] = useState<SwapOffer | null>(null);
  /** The server's words for a refused accept, by offer. */
  const [refusals, setRefusals] = useState<Record<string, string>>({});
  const busy = accept.isPending || decline.isPending || withdraw.isPending;
  const open = received.length + made.length;
  const subheading = 'mb-2 text-lg font-semibold text-primary-900';

  const onAccept = (offer: SwapOffer, bookingId: string | null) => {
    setRefusals(({ [offer.id]: _gone, ...rest }) => rest);
    accept.mutate(
      { offer, bookingId, timeZone },
      {
        onSuccess: keepFocus,
        onError: (err) => {
          setRefusals((all) => ({ ...all, [offer.id]: err.message }));
          keepFocus();
        },
      },
    );
  };

  if (open === 0 && recent.length === 0) {
    return (
      <div className="rounded-xl border-2 border-dashed border-slate-300 bg-white px-4 py-6 text-center">
        {swapsEnabled ? <p className="mx-auto max-w-2xl text-slate-700">{t('words.empty')}</p> : <p className="text-slate-700">{t('section.off')}</p>}
      </div>
    );
  }

  return (
    <div className="flex flex-col gap-5">
      {!swapsEnabled ? (
        <Alert tone="info">{open > 0 ? t('section.offOpen') : t('section.offNow')}</Alert>
      ) : null}

      {received.length > 0 ? (
        <div>
          <h3 className={subheading}>{t('section.received')}</h3>
          <ul className="grid gap-3 md:grid-cols-2">
            {received.map((offer) => (
              <li key={offer.id}>
                <ReceivedOffer
                  offer={offer}
                  timeZone={timeZone}
                  canAccept={swapsEnabled && coach}
                  canDecline={coach}
                  accepting={accept.isPending && accept.variables.offer.id === offer.id ? (accept.variables.bookingId ?? '') : null}
                  busy={busy}
                  refusal={refusals[offer.id] ?? null}
                  onAccept={(bookingId) => onAccept(offer, bookingId)}
                  onDecline={() => setDeclining(offer)}
                />
              </li>
            ))}
          </ul>
        </div>
      ) : null}

      {made.length > 0 ? (
        <div>
          <h3 className={subheading}>{t('section.made')}</h3>
          <ul className="grid gap-3 md:grid-cols-2">
            {made.map((offer) => (
              <li key={offer.id}>
                <MadeOffer offer={offer} timeZone={timeZone} canWithdraw={coach} busy={busy} onWithdraw={() => setWithdrawing(offer)} />
              </li>
            ))}
          </ul>
        </div>
      ) : null}

      {open === 0 && swapsEnabled ? <p className="text-slate-700">{t('section.noOpen')}</p> : null}

      {recent.length > 0 ? (
        <div>
          <h3 className={subheading}>{t('section.recent')}</h3>
          <ul className="flex flex-col gap-2">
            {recent.map((offer) => (
              <RecentOffer key={offer.id} offer={offer} timeZone={timeZone} />
            ))}
          </ul>
        </div>
      ) : null}

      <ConfirmModal
        open={declining !== null}
        title={t('section.declineTitle')}
        message={declining ? <p>{t('section.declineMessage', { team: declining.fromTeam.name, when: practiceWhen(declining.offered, timeZone) })}</p> : null}
        confirmLabel={t('section.declineConfirm')}
        cancelLabel={t('section.keep')}
        destructive
        busy={decline.isPending}
        onConfirm={() => {
          if (!declining) return;
          decline.mutate(declining, {
            onSettled: () => {
              setDeclining(null);
              keepFocus();
            },
          });
        }}
        onCancel={() => setDeclining(null)}
      />
      <ConfirmModal
        open={withdrawing !== null}
        title={t('section.withdrawTitle')}
        message={withdrawing ? <p>{t('section.withdrawMessage', { team: withdrawing.toTeam.name, when: practiceWhen(withdrawing.offered, timeZone) })}</p> : null}
        confirmLabel={t('section.withdrawConfirm')}
        cancelLabel={t('section.keep')}
        destructive
        busy={withdraw.isPending}
        onConfirm={() => {
          if (!withdrawing) return;
          withdraw.mutate(withdrawing, {
            onSettled: () => {
              setWithdrawing(null);
              keepFocus();
            },
          });
        }}
        onCancel={() => setWithdrawing(null)}
      />
    </div>
  );
}

function RecentOffer({ offer, timeZone }: { offer: SwapOffer; timeZone: string }) {
  const { t } = useT('swaps');
  return (
    <li className="text-sm break-words text-slate-800">
      <RichText
        ns="swaps"
        k="section.recentLine"
        values={{ heading: offerHeading(t, offer, timeZone), kind: offer.kind, outcome: outcomeText(t, offer, timeZone) }}
        components={{ 0: <span className="font-semibold text-primary-900" /> }}
      />
      {offer.decidedAt ? <span className="text-slate-700"> ({formatWeekdayDayAt(offer.decidedAt, timeZone)})</span> : null}
    </li>
  );
}

function CompactList({ data }: { data: MySwaps }) {
  const { t } = useT('swaps');
  const { timeZone, received, made } = data;
  const waiting = made.length > 0 ? t('compact.waiting', { count: made.length }) : null;
  if (received.length === 0) {
    return <p className="text-slate-700">{[t('compact.none'), waiting].filter(Boolean).join(' ')}</p>;
  }
  return (
    <>
      <ul className="divide-y divide-slate-200">
        {received.slice(0, COMPACT_OFFERS).map((offer) => (
          <li key={offer.id} className="py-2 first:pt-0">
            <span className="block font-semibold break-words text-primary-900">{offerHeading(t, offer, timeZone)}</span>
            <span className="block text-sm text-slate-700">
              {practicePlace(offer.offered)} ·{' '}
              {offer.kind === 'give' ? t('compact.gift') : offer.wanted.length === 1 ? t('compact.forOne') : t('compact.forAny', { count: offer.wanted.length })}
            </span>
          </li>
        ))}
      </ul>
      {received.length > COMPACT_OFFERS ? <p className="mt-2 text-sm text-slate-700">{t('compact.more', { count: received.length - COMPACT_OFFERS })}</p> : null}
      {waiting ? <p className="mt-2 text-sm text-slate-700">{waiting}</p> : null}
    </>
  );
}
