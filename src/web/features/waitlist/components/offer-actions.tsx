import { useState } from 'react';
import type { Wait } from '../../../../shared/waitlist/waitlist.schemas';
import { Button } from '../../../components/ui/button';
import { ConfirmModal } from '../../../components/ui/confirm-modal';
import { cx } from '../../../lib/cx';
import { RichText, useT } from '../../../lib/i18n';
import { useLeaveWait } from '../api/leave-wait';
import { usePassWait } from '../api/pass-wait';
import { useTakeWait } from '../api/take-wait';
import { waitSlotText } from '../waitlist-words';

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
  const { t } = useT('waitlist');
  const take = useTakeWait();
  const pass = usePassWait();
  const [confirming, setConfirming] = useState(false);
  const which = waitSlotText(t, wait, timeZone);
  const busy = take.isPending || pass.isPending;
  const onTake = () => take.mutate({ wait, timeZone }, { onSuccess: focusMain });
  const onPass = () => pass.mutate({ wait, timeZone }, { onSuccess: focusMain, onSettled: () => setConfirming(false) });
  const name = (k: 'offer.take' | 'offer.pass') => <RichText ns="waitlist" k={k} values={{ which }} components={{ 0: <span className="sr-only" /> }} />;
  return (
    <>
      {size === 'pill' ? (
        <span className="mt-1 flex w-full flex-wrap gap-1">
          <button type="button" className={cx(PILL_BUTTON, 'bg-primary-800 text-white hover:bg-primary-700 disabled:bg-slate-300 disabled:text-slate-700')} disabled={busy} aria-busy={take.isPending || undefined} onClick={onTake}>
            {name('offer.take')}
          </button>
          <button type="button" className={cx(PILL_BUTTON, 'border border-primary-700 bg-white text-primary-800 hover:bg-primary-50 disabled:text-slate-500')} disabled={busy} onClick={() => setConfirming(true)}>
            {name('offer.pass')}
          </button>
        </span>
      ) : (
        // Beside a slot in the phone's list the two stack, so the slot's time keeps its one line at 390 px.
        <span className={cx('flex gap-2', size === 'row' ? 'shrink-0 flex-col' : 'flex-wrap')}>
          <Button size={size === 'row' ? 'sm' : 'md'} busy={take.isPending} disabled={pass.isPending} onClick={onTake}>
            {name('offer.take')}
          </Button>
          <Button size={size === 'row' ? 'sm' : 'md'} variant="secondary" disabled={busy} onClick={() => setConfirming(true)}>
            {name('offer.pass')}
          </Button>
        </span>
      )}
      <ConfirmModal
        open={confirming}
        title={t('pass.title')}
        message={<p>{t('pass.message', { which })}</p>}
        confirmLabel={t('pass.confirm')}
        cancelLabel={t('pass.keep')}
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
  const { t } = useT('waitlist');
  const leave = useLeaveWait();
  const [confirming, setConfirming] = useState(false);
  const which = waitSlotText(t, wait, timeZone);
  return (
    <>
      <Button variant="secondary" size={compact ? 'sm' : 'md'} className="shrink-0" disabled={leave.isPending} onClick={() => setConfirming(true)}>
        <RichText ns="waitlist" k="stop.button" values={{ which }} components={{ 0: <span className="sr-only" /> }} />
      </Button>
      <ConfirmModal
        open={confirming}
        title={t('stop.title')}
        message={<p>{wait.position ? t('stop.messageAt', { which, position: wait.position }) : t('stop.message', { which })}</p>}
        confirmLabel={t('stop.confirm')}
        cancelLabel={t('stop.keep')}
        destructive
        busy={leave.isPending}
        onConfirm={() => leave.mutate({ wait, timeZone }, { onSuccess: focusMain, onSettled: () => setConfirming(false) })}
        onCancel={() => setConfirming(false)}
      />
    </>
  );
}
