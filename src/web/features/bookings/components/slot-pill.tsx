import type { Slot } from '../../../../shared/slots/slots.schemas';
import { Button } from '../../../components/ui/button';
import { cx } from '../../../lib/cx';
import { dateInZone, formatTimeRange, formatTimeRangeShort } from '../../../lib/dates';
import { bookButtonName } from '../booking-words';
import { unavailableText, type SlotView, type ViewedSlot, type WeekReasons } from '../slot-availability';

export interface SlotActions {
  /** An open slot's Book was pressed (a visitor's leads to the login page). */
  onBook: (slot: Slot) => void;
}

/** A slot's state in words, never only as a colour: "Booked by Cardinals", "Blocked: Field flooded"… */
export function slotStatusText(slot: Slot, view: SlotView, reasons: WeekReasons, timeZone: string): string {
  switch (view.kind) {
    case 'blocked':
      return `Blocked: ${view.reason ?? 'no reason given'}`;
    case 'booked':
      return view.ours ? `Booked by ${view.teamName} (your team)` : `Booked by ${view.teamName}`;
    case 'unavailable':
      return unavailableText(view, dateInZone(slot.startsAt, timeZone), reasons);
    case 'past':
      if (slot.status === 'booked') return `Booked by ${slot.teamName ?? 'a team'}`;
      if (slot.status === 'blocked') return `Blocked: ${slot.blockReason ?? 'no reason given'}`;
      return 'Past';
    default:
      return 'Open';
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
};

function pillStyle(view: SlotView): string {
  if (view.kind === 'booked' && view.ours) return 'border border-accent-500 bg-accent-200 text-primary-900';
  return STYLE[view.kind];
}

const canPress = (view: SlotView) => view.kind === 'bookable' || view.kind === 'login';

/*
 * Each slot card carries `data-slot`, so a check can find "the first slot on screen" whatever the layout
 * (bench/web.ts, e2e/book-a-field-phone.spec.ts).
 */

/** A slot in the desktop week grid: a Book button when it can be booked, else its state in words. */
export function SlotPill({ viewed, reasons, timeZone, onBook }: { viewed: ViewedSlot; reasons: WeekReasons; timeZone: string } & SlotActions) {
  const { slot, view } = viewed;
  const time = formatTimeRangeShort(slot.startsAt, slot.endsAt, timeZone);
  const box = 'flex w-full min-h-11 flex-col items-start rounded-lg px-1.5 py-1.5 text-left text-xs leading-tight xl:px-2 xl:text-[0.8125rem]';
  if (canPress(view)) {
    return (
      <button type="button" data-slot="" aria-label={bookButtonName(slot, timeZone)} className={cx(box, pillStyle(view), 'font-semibold')} onClick={() => onBook(slot)}>
        <span>{time}</span>
        <span className="mt-0.5 underline underline-offset-2">Book</span>
      </button>
    );
  }
  return (
    <div data-slot="" className={cx(box, pillStyle(view))}>
      <span className={cx(view.kind !== 'past' && 'font-semibold')}>{time}</span>
      <span className="mt-0.5 text-xs break-words">{slotStatusText(slot, view, reasons, timeZone)}</span>
    </div>
  );
}

/** A slot in the phone's day list: the time, its state, and a full-size Book button when it can be booked. */
export function SlotRow({ viewed, reasons, timeZone, onBook }: { viewed: ViewedSlot; reasons: WeekReasons; timeZone: string } & SlotActions) {
  const { slot, view } = viewed;
  return (
    <div data-slot="" className={cx('flex min-h-14 items-center gap-3 rounded-lg px-3 py-2', pillStyle(view))}>
      <div className="min-w-0 flex-1">
        <p className={cx(view.kind !== 'past' && 'font-semibold')}>{formatTimeRange(slot.startsAt, slot.endsAt, timeZone)}</p>
        {canPress(view) ? null : <p className="text-sm break-words">{slotStatusText(slot, view, reasons, timeZone)}</p>}
      </div>
      {canPress(view) ? (
        <Button size="sm" className="shrink-0 px-5" aria-label={bookButtonName(slot, timeZone)} onClick={() => onBook(slot)}>
          Book
        </Button>
      ) : null}
    </div>
  );
}
