import type { Slot } from '../../../shared/slots/slots.schemas';
import { cx } from '../../lib/cx';
import { formatDateTimeRange } from '../../lib/dates';
import { RichText, useT } from '../../lib/i18n';
import { Button } from '../ui/button';
import { FieldError } from '../ui/field-shell';
import { SlotStatus } from './slot-status';

/**
 * The slot a form acts on, picked with Select in the week list below the form: a form field of its own, with its
 * label, the slot (or what to do), Clear and the error. `id` names the box; focusChosenSlot(id) brings it back.
 */
export function ChosenSlot({
  id,
  slot,
  timeZone,
  error,
  emptyText,
  onClear,
}: {
  id: string;
  slot: Slot | null;
  timeZone: string;
  error: string | undefined;
  /** What to do while no slot is chosen. */
  emptyText: string;
  onClear: () => void;
}) {
  const { t } = useT('common');
  return (
    <div>
      <p id={`${id}-label`} className="mb-1 text-sm font-semibold text-slate-800">
        {t('chosenSlot.label')}
      </p>
      <div
        id={id}
        tabIndex={-1}
        aria-labelledby={`${id}-label ${id}-text`}
        aria-describedby={error ? `${id}-error` : undefined}
        className={cx('rounded-lg border px-3 py-3', error ? 'border-danger-600' : 'border-slate-300', slot ? 'bg-primary-50' : 'border-dashed bg-slate-50')}
      >
        {slot ? (
          <div className="flex flex-wrap items-center justify-between gap-2">
            <p id={`${id}-text`} className="text-slate-900">
              <RichText
                ns="common"
                k="chosenSlot.text"
                values={{ when: formatDateTimeRange(slot.startsAt, slot.endsAt, timeZone), field: slot.fieldName, facility: slot.facilityName }}
                components={{ 0: <span className="font-semibold" /> }}
              />{' '}
              <SlotStatus slot={slot} />
            </p>
            <Button variant="ghost" size="sm" onClick={onClear}>
              {t('chosenSlot.clear')}
            </Button>
          </div>
        ) : (
          <p id={`${id}-text`} className="text-slate-700">
            {emptyText}
          </p>
        )}
      </div>
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}

/** After Select in the week list: back up to the chosen slot, for keyboard and screen-reader users too. */
export function focusChosenSlot(id: string): void {
  requestAnimationFrame(() => {
    const chosen = document.getElementById(id);
    chosen?.scrollIntoView?.({ behavior: 'smooth', block: 'center' });
    chosen?.focus({ preventScroll: true });
  });
}
