import { useId, type ComponentType } from 'react';
import type { Slot } from '../../../../shared/slots/slots.schemas';
import { Button } from '../../../components/ui/button';
import { cx } from '../../../lib/cx';
import { dateInZone, formatTimeRange, formatTimeRangeShort } from '../../../lib/dates';
import { useT, type Translate } from '../../../lib/i18n';
import type { SlotWaitProps } from '../../../lib/slot-wait';
import { addPreferenceName, bookPillName, bookRowName, bookText, checkingPillName, heldForText, heldForUsText, rankedName, rankedText } from '../booking-words';
import { unavailableText, type SlotView, type ViewedSlot, type WeekReasons } from '../slot-availability';

export interface SlotActions {
  /** An open slot's Book was pressed (a visitor's leads to the login page). */
  onBook: (slot: Slot) => void;
  /** A slot the opening round covers: "Add to preferences" (or "Ranked #2": go to its place in the list) was pressed. */
  onRank: (slot: Slot) => void;
  /**
   * The waitlist's action on a slot (features/waitlist, issue 28; given by the app, and only for a coach who may book):
   * "Tell me if it frees up" on a slot booked by another team or held for one, Take it and Pass on one held for theirs.
   */
  slotWait?: ComponentType<SlotWaitProps>;
}

/** Which waitlist action a slot offers: to wait for it, or to take the hold given to this team; none for the rest. */
function waitMode(view: SlotView): SlotWaitProps['mode'] | null {
  if ((view.kind === 'booked' && !view.ours && !view.otherDivision) || (view.kind === 'unavailable' && view.code === 'SLOT_HELD')) return 'join';
  return view.kind === 'heldForUs' ? 'held' : null;
}

/** A slot's state in words, never only as a colour: "Booked by Cardinals", "Blocked: Field flooded"… */
export function slotStatusText(t: Translate<'bookings'>, slot: Slot, view: SlotView, reasons: WeekReasons, timeZone: string): string {
  const blocked = (reason: string | null) => (reason === null ? t('status.blockedNoReason') : t('status.blocked', { reason }));
  switch (view.kind) {
    case 'blocked':
      return blocked(view.reason);
    case 'booked':
      return view.ours ? t('status.bookedByUs', { team: view.teamName }) : t('status.bookedBy', { team: view.teamName });
    case 'unavailable':
      if (view.code === 'SLOT_HELD' && slot.heldFor) return heldForText(t, slot.heldFor.teamName, slot.heldFor.until, timeZone);
      return unavailableText(t, view, dateInZone(slot.startsAt, timeZone), reasons);
    case 'heldForUs':
      return heldForUsText(t, view.until, timeZone);
    case 'past':
      if (slot.status === 'booked') return slot.teamName ? t('status.bookedBy', { team: slot.teamName }) : t('status.bookedByUnknown');
      if (slot.status === 'blocked') return blocked(slot.blockReason);
      return t('status.past');
    case 'checking':
      return t('slot.checking');
    case 'opening':
      return view.words;
    default:
      return t('status.open');
  }
}

const STYLE: Record<SlotView['kind'], string> = {
  bookable: 'border-2 border-primary-700 bg-white text-primary-800 hover:bg-primary-50',
  login: 'border-2 border-primary-700 bg-white text-primary-800 hover:bg-primary-50',
  open: 'border border-success-600 bg-success-50 text-success-800',
  unavailable: 'border border-dashed border-slate-400 bg-white text-slate-700',
  booked: 'border border-slate-300 bg-slate-200 text-slate-900',
  blocked:
    'border border-danger-600/40 bg-[repeating-linear-gradient(135deg,var(--color-danger-50)_0_8px,var(--color-danger-100)_8px_16px)] text-danger-800',
  past: 'border border-slate-200 bg-slate-100 text-slate-700',
  checking: 'border-2 border-dashed border-primary-700 bg-white text-primary-800 cursor-wait',
  opening: 'border border-dashed border-accent-600 bg-accent-100 text-primary-900',
  heldForUs: 'border-2 border-accent-600 bg-accent-100 text-primary-900',
};

function pillStyle(view: SlotView): string {
  // A field of other divisions, shown on "Show every field": greyed out, its words on the field (issue 29).
  if (view.kind === 'unavailable' && view.code === 'FIELD_DIVISION') return 'border border-slate-300 bg-slate-100 text-slate-700';
  if (view.kind === 'booked' && view.ours) return 'border border-accent-500 bg-accent-200 text-primary-900';
  // A make-up slot says so in its words; the softball yellow marks it too.
  if (view.kind === 'bookable' && view.makeup) return 'border-2 border-primary-700 bg-accent-100 text-primary-900 hover:bg-accent-200';
  if (view.kind === 'opening' && view.rank) return 'border-2 border-primary-700 bg-accent-100 text-primary-900';
  return STYLE[view.kind];
}

const canPress = (view: SlotView) => view.kind === 'bookable' || view.kind === 'login';
/** "Book", or "Book (make-up)" for a slot the team may book only with a make-up credit. */
const pressText = (t: Translate<'bookings'>, view: SlotView) => bookText(t, view.kind === 'bookable' && view.makeup);

/*
 * Each slot card carries `data-slot`, so a check can find "the first slot on screen" whatever the layout
 * (bench/web.ts, e2e/book-a-field-phone.spec.ts).
 */

/** A slot in the desktop week grid: a Book button when it can be booked, else its state in words. */
export function SlotPill({ viewed, reasons, timeZone, onBook, onRank, slotWait: SlotWait }: { viewed: ViewedSlot; reasons: WeekReasons; timeZone: string } & SlotActions) {
  const { t } = useT('bookings');
  const { slot, view } = viewed;
  const mode = waitMode(view);
  const time = formatTimeRangeShort(slot.startsAt, slot.endsAt, timeZone);
  const box = 'flex w-full min-h-11 flex-col items-start rounded-lg px-1.5 py-1.5 text-left text-xs leading-tight xl:px-2 xl:text-[0.8125rem]';
  if (canPress(view)) {
    return (
      <button type="button" data-slot="" aria-label={bookPillName(t, slot, timeZone, pressText(t, view))} className={cx(box, pillStyle(view), 'font-semibold')} onClick={() => onBook(slot)}>
        {/* The space makes the visible text "5:00–6:30 pm Book", as the name begins (a flex column does not draw it). */}
        <span>{time}</span>{' '}
        <span className="mt-0.5 underline underline-offset-2">{pressText(t, view)}</span>
      </button>
    );
  }
  if (view.kind === 'checking') {
    // Its press may or may not have booked it: a button still, disabled and busy, saying so until the week is read again.
    return (
      <button type="button" data-slot="" disabled aria-busy="true" aria-label={checkingPillName(t, slot, timeZone)} className={cx(box, pillStyle(view), 'font-semibold')}>
        <span>{time}</span> <span className="mt-0.5 text-xs break-words">{t('slot.checking')}</span>
      </button>
    );
  }
  return (
    <div data-slot="" className={cx(box, pillStyle(view))}>
      <span className={cx(view.kind !== 'past' && 'font-semibold')}>{time}</span>
      <span className="mt-0.5 text-xs break-words">{slotStatusText(t, slot, view, reasons, timeZone)}</span>
      {view.kind === 'heldForUs' && view.refusal ? <span className="mt-0.5 text-xs break-words">{view.refusal}</span> : null}
      {view.kind === 'opening' && view.canRank ? (
        <RankButton
          rank={view.rank}
          name={view.rank ? rankedName(t, view.rank, slot, timeZone) : addPreferenceName(t, slot, timeZone)}
          className="mt-1 min-h-8 w-full px-1.5 text-xs"
          onClick={() => onRank(slot)}
        />
      ) : mode && SlotWait ? (
        <SlotWait slot={slot} mode={mode} layout="pill" timeZone={timeZone} onBook={() => onBook(slot)} />
      ) : mode === 'held' ? (
        <button
          type="button"
          aria-label={bookPillName(t, slot, timeZone)}
          className="mt-1 min-h-8 w-full rounded-md bg-primary-800 px-1.5 text-xs font-semibold text-white hover:bg-primary-700"
          onClick={() => onBook(slot)}
        >
          {t('slot.book')}
        </button>
      ) : null}
    </div>
  );
}

/**
 * "Add to preferences", then "Ranked #2": one button in both states, so the focus stays on it when the slot is added;
 * pressed once ranked, it takes the focus to the slot's row in the list.
 */
function RankButton({ rank, name, className, onClick }: { rank: number | null; name: string; className: string; onClick: () => void }) {
  const { t } = useT('bookings');
  return (
    <button
      type="button"
      aria-label={name}
      className={cx(
        'inline-flex items-center justify-center rounded-md font-semibold',
        rank ? 'bg-primary-800 text-white hover:bg-primary-700' : 'border border-primary-700 bg-white text-primary-800 hover:bg-primary-50',
        className,
      )}
      onClick={onClick}
    >
      {rank ? rankedText(t, rank) : t('slot.addPreference')}
    </button>
  );
}

/** A slot in the phone's day list: the time, its state, and a full-size Book button when it can be booked. */
export function SlotRow({ viewed, reasons, timeZone, onBook, onRank, slotWait: SlotWait }: { viewed: ViewedSlot; reasons: WeekReasons; timeZone: string } & SlotActions) {
  const { t } = useT('bookings');
  const { slot, view } = viewed;
  const statusId = useId();
  const checking = view.kind === 'checking';
  const mode = waitMode(view);
  return (
    <div data-slot="" className={cx('flex min-h-14 items-center gap-3 rounded-lg px-3 py-2', pillStyle(view))}>
      <div className="min-w-0 flex-1">
        <p className={cx(view.kind !== 'past' && 'font-semibold')}>{formatTimeRange(slot.startsAt, slot.endsAt, timeZone)}</p>
        {canPress(view) ? null : (
          <p id={statusId} className="text-sm break-words">
            {slotStatusText(t, slot, view, reasons, timeZone)}
          </p>
        )}
        {view.kind === 'heldForUs' && view.refusal ? <p className="text-sm break-words">{view.refusal}</p> : null}
      </div>
      {checking ? (
        <Button size="sm" className="shrink-0 px-5" busy aria-label={bookRowName(t, slot, timeZone)} aria-describedby={statusId}>
          {t('slot.book')}
        </Button>
      ) : canPress(view) ? (
        <Button size="sm" className="shrink-0 px-5" aria-label={bookRowName(t, slot, timeZone, pressText(t, view))} onClick={() => onBook(slot)}>
          {pressText(t, view)}
        </Button>
      ) : view.kind === 'opening' && view.canRank ? (
        <RankButton
          rank={view.rank}
          name={view.rank ? rankedName(t, view.rank, slot, timeZone) : addPreferenceName(t, slot, timeZone)}
          // Two short lines ("Add to / preferences"), so the slot's time keeps its one line beside it at 390 px.
          className="min-h-11 max-w-28 shrink-0 px-2 text-center text-sm leading-tight"
          onClick={() => onRank(slot)}
        />
      ) : mode && SlotWait ? (
        <SlotWait slot={slot} mode={mode} layout="row" timeZone={timeZone} onBook={() => onBook(slot)} />
      ) : mode === 'held' ? (
        <Button size="sm" className="shrink-0 px-5" aria-label={bookRowName(t, slot, timeZone)} onClick={() => onBook(slot)}>
          {t('slot.book')}
        </Button>
      ) : null}
    </div>
  );
}
