import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { useId } from 'react';
import type { Slot } from '../../../../shared/slots/slots.schemas';
import { cx } from '../../../lib/cx';
import { useT, type Translate } from '../../../lib/i18n';
import { preferenceItemId } from '../../../lib/opening-slots';

/** The controls of a row the focus can be sent back to after a change. */
export type MoveControl = 'handle' | 'up' | 'down' | 'remove';

const iconButton =
  'inline-flex size-11 shrink-0 items-center justify-center rounded-lg border border-slate-300 bg-white text-primary-800 hover:border-primary-400 hover:bg-primary-50 disabled:cursor-not-allowed disabled:text-slate-400 disabled:hover:border-slate-300 disabled:hover:bg-white';

/** Why a slot of the list may not be drawn for the team any more, shown under its name. */
function slotNote(t: Translate<'opening'>, slot: Slot | null): string | null {
  if (!slot) return null;
  if (slot.status === 'blocked') return slot.blockReason ? t('item.blockedBecause', { reason: slot.blockReason }) : t('item.blocked');
  if (slot.status === 'booked') return t('item.booked', { team: slot.teamName ?? t('item.anotherTeam') });
  return null;
}

/**
 * One ranked slot: its rank, its name (the drag handle: a mouse or a finger drags it, Space lifts it for the arrow
 * keys), up and down buttons for one tap or click without dragging (WCAG 2.5.7), and Remove.
 */
export function PreferenceItem({
  slotId,
  rank,
  count,
  name,
  slot,
  loading,
  refusal,
  onMove,
  onRemove,
}: {
  slotId: string;
  rank: number;
  count: number;
  name: string;
  slot: Slot | null;
  loading: boolean;
  refusal: string | null;
  onMove: (slotId: string, by: -1 | 1) => void;
  onRemove: (slotId: string) => void;
}) {
  const { t } = useT('opening');
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id: slotId });
  const id = preferenceItemId(slotId);
  const noteId = useId();
  const note = refusal ?? slotNote(t, slot);
  return (
    <li
      ref={setNodeRef}
      style={{ transform: CSS.Translate.toString(transform), transition }}
      className={cx(
        'relative flex flex-wrap items-center gap-2 rounded-lg border bg-white p-2',
        refusal ? 'border-danger-600' : 'border-slate-300',
        isDragging && 'z-10 shadow-lg ring-2 ring-primary-700',
      )}
    >
      <span aria-hidden="true" className="flex size-8 shrink-0 items-center justify-center rounded-full bg-primary-800 text-sm font-bold text-white">
        {rank}
      </span>
      <button
        type="button"
        id={id}
        ref={setActivatorNodeRef}
        {...attributes}
        {...listeners}
        aria-describedby={note ? `${attributes['aria-describedby']} ${noteId}` : attributes['aria-describedby']}
        // A finger on the name drags it rather than scrolling the page; the page scrolls from anywhere else.
        className="flex min-h-11 min-w-0 flex-1 basis-44 cursor-grab touch-none items-center gap-2 rounded-md px-1 text-left font-semibold text-primary-900 hover:bg-primary-50 active:cursor-grabbing"
      >
        <svg aria-hidden="true" viewBox="0 0 20 20" className="size-4 shrink-0 fill-slate-500">
          <path d="M7 4a1.5 1.5 0 1 1-3 0 1.5 1.5 0 0 1 3 0Zm0 6a1.5 1.5 0 1 1-3 0 1.5 1.5 0 0 1 3 0Zm-1.5 7.5a1.5 1.5 0 1 0 0-3 1.5 1.5 0 0 0 0 3ZM16 4a1.5 1.5 0 1 1-3 0 1.5 1.5 0 0 1 3 0Zm-1.5 7.5a1.5 1.5 0 1 0 0-3 1.5 1.5 0 0 0 0 3ZM16 16a1.5 1.5 0 1 1-3 0 1.5 1.5 0 0 1 3 0Z" />
        </svg>
        <span className="min-w-0 break-words">
          {loading ? <span className="text-slate-600">{t('item.loading')}</span> : <span>{name}</span>}
          {/* The space keeps the two lines apart in the button's name: "… on Field 1 Riverside Park". */}
          {slot ? (
            <>
              {' '}
              <span className="block text-xs font-normal text-slate-700">{slot.facilityName}</span>
            </>
          ) : null}
        </span>
      </button>
      <span className="ml-auto flex shrink-0 gap-1">
        <button type="button" id={`${id}-up`} className={iconButton} disabled={rank === 1} aria-label={t('item.moveUp', { name })} onClick={() => onMove(slotId, -1)}>
          <svg aria-hidden="true" viewBox="0 0 20 20" className="size-5 fill-current">
            <path d="M10 5.5a1 1 0 0 1 .7.3l5 5a1 1 0 0 1-1.4 1.4L10 7.9l-4.3 4.3a1 1 0 0 1-1.4-1.4l5-5a1 1 0 0 1 .7-.3Z" />
          </svg>
        </button>
        <button type="button" id={`${id}-down`} className={iconButton} disabled={rank === count} aria-label={t('item.moveDown', { name })} onClick={() => onMove(slotId, 1)}>
          <svg aria-hidden="true" viewBox="0 0 20 20" className="size-5 fill-current">
            <path d="M10 14.5a1 1 0 0 1-.7-.3l-5-5a1 1 0 0 1 1.4-1.4l4.3 4.3 4.3-4.3a1 1 0 0 1 1.4 1.4l-5 5a1 1 0 0 1-.7.3Z" />
          </svg>
        </button>
        <button
          type="button"
          id={`${id}-remove`}
          className="inline-flex min-h-11 shrink-0 items-center rounded-lg px-3 text-sm font-semibold text-danger-700 hover:bg-danger-50"
          aria-label={t('item.removeLabel', { name })}
          onClick={() => onRemove(slotId)}
        >
          {t('item.remove')}
        </button>
      </span>
      {note ? (
        <p id={noteId} className={cx('w-full pl-10 text-sm', refusal ? 'font-semibold text-danger-800' : 'text-warning-800')}>
          {note}
        </p>
      ) : null}
    </li>
  );
}
