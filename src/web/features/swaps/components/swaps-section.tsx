import { useEffect, useId, useState } from 'react';
import { Link, useLocation } from 'react-router';
import type { MySwaps, SwapOffer } from '../../../../shared/swaps/swaps.schemas';
import { Alert } from '../../../components/ui/alert';
import { Card } from '../../../components/ui/card';
import { ConfirmModal } from '../../../components/ui/confirm-modal';
import { LoadErrorAlert } from '../../../components/ui/load-error-alert';
import { Skeleton } from '../../../components/ui/loading';
import { formatWeekdayDayAt } from '../../../lib/dates';
import { useAcceptSwap } from '../api/accept-swap';
import { useDeclineSwap } from '../api/decline-swap';
import { useMySwaps } from '../api/get-my-swaps';
import { useWithdrawSwap } from '../api/withdraw-swap';
import { EMPTY_TEXT, offerHeading, outcomeText, practicePlace, practiceWhen, SWAPS_ID } from '../swap-words';
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
          Swap offers
        </h2>
        <Card>
          {mine.isPending ? (
            <Skeleton className="h-16 w-full" />
          ) : mine.isError ? (
            <LoadErrorAlert title="Your team’s swap offers could not be loaded" message={mine.error.message} onRetry={() => mine.refetch()} />
          ) : (
            <CompactList data={mine.data} />
          )}
          <Link to={`/my-reservations#${SWAPS_ID}`} className="mt-3 inline-flex min-h-11 items-center font-semibold text-primary-700 underline underline-offset-4">
            {mine.data && mine.data.received.length > 0 ? 'Answer in My Reservations' : 'Swap offers in My Reservations'}
          </Link>
        </Card>
      </section>
    );
  }

  return (
    <section id={SWAPS_ID} aria-labelledby={headingId} tabIndex={-1} className="scroll-mt-20 focus:outline-none">
      <h2 id={headingId} className="mb-3 text-xl font-bold text-primary-900">
        Swap offers
      </h2>
      {mine.isPending ? (
        <Skeleton className="h-32 w-full" />
      ) : mine.isError ? (
        <LoadErrorAlert title="Your team’s swap offers could not be loaded" message={mine.error.message} onRetry={() => mine.refetch()} />
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
        {swapsEnabled ? <p className="mx-auto max-w-2xl text-slate-700">{EMPTY_TEXT}</p> : <p className="text-slate-700">Practice swaps are turned off by the league.</p>}
      </div>
    );
  }

  return (
    <div className="flex flex-col gap-5">
      {!swapsEnabled ? (
        <Alert tone="info">
          Practice swaps are turned off by the league: nobody can offer or accept one for now.{open > 0 ? ' You can still decline or withdraw the open offers.' : ''}
        </Alert>
      ) : null}

      {received.length > 0 ? (
        <div>
          <h3 className={subheading}>Offers to your team</h3>
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
          <h3 className={subheading}>Offers you made</h3>
          <ul className="grid gap-3 md:grid-cols-2">
            {made.map((offer) => (
              <li key={offer.id}>
                <MadeOffer offer={offer} timeZone={timeZone} canWithdraw={coach} busy={busy} onWithdraw={() => setWithdrawing(offer)} />
              </li>
            ))}
          </ul>
        </div>
      ) : null}

      {open === 0 && swapsEnabled ? <p className="text-slate-700">No open offers. To offer a practice, press “Offer a swap” on an upcoming practice.</p> : null}

      {recent.length > 0 ? (
        <div>
          <h3 className={subheading}>Recent</h3>
          <ul className="flex flex-col gap-2">
            {recent.map((offer) => (
              <RecentOffer key={offer.id} offer={offer} timeZone={timeZone} />
            ))}
          </ul>
        </div>
      ) : null}

      <ConfirmModal
        open={declining !== null}
        title="Decline this offer?"
        message={declining ? <p>{`${declining.fromTeam.name} keep their practice on ${practiceWhen(declining.offered, timeZone)}, and their coach gets an email saying you declined.`}</p> : null}
        confirmLabel="Decline offer"
        cancelLabel="Keep the offer"
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
        title="Withdraw this offer?"
        message={withdrawing ? <p>{`${withdrawing.toTeam.name} can no longer accept it. Your team keeps its practice on ${practiceWhen(withdrawing.offered, timeZone)}.`}</p> : null}
        confirmLabel="Withdraw offer"
        cancelLabel="Keep the offer"
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
  return (
    <li className="text-sm break-words text-slate-800">
      <span className="font-semibold text-primary-900">{offerHeading(offer, timeZone)}</span> ({offer.kind === 'give' ? 'a gift' : 'a trade'}): {outcomeText(offer, timeZone)}
      {offer.decidedAt ? <span className="text-slate-700"> ({formatWeekdayDayAt(offer.decidedAt, timeZone)})</span> : null}
    </li>
  );
}

function CompactList({ data }: { data: MySwaps }) {
  const { timeZone, received, made } = data;
  const waiting = made.length > 0 ? `${made.length} offer${made.length === 1 ? '' : 's'} you made ${made.length === 1 ? 'is' : 'are'} waiting for an answer.` : null;
  if (received.length === 0) {
    return <p className="text-slate-700">{['No swap offers waiting for your answer.', waiting].filter(Boolean).join(' ')}</p>;
  }
  return (
    <>
      <ul className="divide-y divide-slate-200">
        {received.slice(0, COMPACT_OFFERS).map((offer) => (
          <li key={offer.id} className="py-2 first:pt-0">
            <span className="block font-semibold break-words text-primary-900">{offerHeading(offer, timeZone)}</span>
            <span className="block text-sm text-slate-700">
              {practicePlace(offer.offered)} · {offer.kind === 'give' ? 'a gift' : offer.wanted.length === 1 ? 'for one of your practices' : `for any one of ${offer.wanted.length} of yours`}
            </span>
          </li>
        ))}
      </ul>
      {received.length > COMPACT_OFFERS ? <p className="mt-2 text-sm text-slate-700">{`And ${received.length - COMPACT_OFFERS} more.`}</p> : null}
      {waiting ? <p className="mt-2 text-sm text-slate-700">{waiting}</p> : null}
    </>
  );
}
