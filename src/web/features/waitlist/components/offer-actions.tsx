import { useState } from 'react';
import type { Wait } from '../../../../shared/waitlist/waitlist.schemas';
import { Button } from '../../../components/ui/button';
import { ConfirmModal } from '../../../components/ui/confirm-modal';
import { cx } from '../../../lib/cx';
import { useLeaveWait } from '../api/leave-wait';
import { usePassWait } from '../api/pass-wait';
import { useTakeWait } from '../api/take-wait';
import { placeText, waitSlotText } from '../waitlist-words';

/**
 * How big the buttons are: 'pill', inside Book a Field's narrow week-grid pill; 'row', beside a slot in the phone's
 * list; 'full', in a card or notice. Every size but the desktop pill keeps a 44 px tap target.
 */
export type ActionSize = 'pill' | 'row' | 'full';

const PILL_BUTTON = 'inline-flex min-h-8 flex-1 items-center justify-center rounded-md px-1.5 text-xs font-semibold disabled:cursor-not-allowed';

/**
 * Take it (primary) and Pass (asks first: the next team gets the slot) for a slot held for the team. Each button's name
 * begins with its words, then says which slot ("Take it: Field 1, Tue Dec 1, 5:00 pm"). The toasts come with the calls.
 */
export function OfferActions({ wait, timeZone, size }: { wait: Wait; timeZone: string; size: ActionSize }) {
  const take = useTakeWait();
  const pass = usePassWait();
  const [confirming, setConfirming] = useState(false);
  const which = waitSlotText(wait, timeZone);
  const busy = take.isPending || pass.isPending;
  const onTake = () => take.mutate({ wait, timeZone }, { onSuccess: focusMain });
  const onPass = () => pass.mutate({ wait, timeZone }, { onSuccess: focusMain, onSettled: () => setConfirming(false) });
  const name = (words: string) => (
    <>
      {words}
      <span className="sr-only">: {which}</span>
    </>
  );
  return (
    <>
      {size === 'pill' ? (
        <span className="mt-1 flex w-full flex-wrap gap-1">
          <button type="button" className={cx(PILL_BUTTON, 'bg-primary-800 text-white hover:bg-primary-700 disabled:bg-slate-300 disabled:text-slate-700')} disabled={busy} aria-busy={take.isPending || undefined} onClick={onTake}>
            {name('Take it')}
          </button>
          <button type="button" className={cx(PILL_BUTTON, 'border border-primary-700 bg-white text-primary-800 hover:bg-primary-50 disabled:text-slate-500')} disabled={busy} onClick={() => setConfirming(true)}>
            {name('Pass')}
          </button>
        </span>
      ) : (
        // Beside a slot in the phone's list the two stack, so the slot's time keeps its one line at 390 px.
        <span className={cx('flex gap-2', size === 'row' ? 'shrink-0 flex-col' : 'flex-wrap')}>
          <Button size={size === 'row' ? 'sm' : 'md'} busy={take.isPending} disabled={pass.isPending} onClick={onTake}>
            {name('Take it')}
          </Button>
          <Button size={size === 'row' ? 'sm' : 'md'} variant="secondary" disabled={busy} onClick={() => setConfirming(true)}>
            {name('Pass')}
          </Button>
        </span>
      )}
      <ConfirmModal
        open={confirming}
        title="Pass on this slot?"
        message={<p>{`${which}: the next team waiting gets it. If nobody is waiting, it opens to everyone.`}</p>}
        confirmLabel="Pass"
        cancelLabel="Keep it"
        destructive
        busy={pass.isPending}
        onConfirm={onPass}
        onCancel={() => setConfirming(false)}
      />
    </>
  );
}

/** After an action whose button goes away with the offer or the wait: focus the page's main region, not the body. */
function focusMain() {
  document.getElementById('main')?.focus();
}

/** Stop waiting for a slot, after a confirm that says the team loses its place in line. */
export function StopWaitingButton({ wait, timeZone, compact = false }: { wait: Wait; timeZone: string; compact?: boolean }) {
  const leave = useLeaveWait();
  const [confirming, setConfirming] = useState(false);
  const which = waitSlotText(wait, timeZone);
  return (
    <>
      <Button variant="secondary" size={compact ? 'sm' : 'md'} className="shrink-0" disabled={leave.isPending} onClick={() => setConfirming(true)}>
        Stop waiting<span className="sr-only">: {which}</span>
      </Button>
      <ConfirmModal
        open={confirming}
        title="Stop waiting for this slot?"
        message={<p>{`${which}: your team gives up its place in line (${placeText(wait.position).toLowerCase()}). You won't hear if it frees up.`}</p>}
        confirmLabel="Stop waiting"
        cancelLabel="Keep waiting"
        destructive
        busy={leave.isPending}
        onConfirm={() => leave.mutate({ wait, timeZone }, { onSuccess: focusMain, onSettled: () => setConfirming(false) })}
        onCancel={() => setConfirming(false)}
      />
    </>
  );
}
