import { useId, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { FieldError } from '../../../components/ui/field-shell';
import { TextField } from '../../../components/ui/text-field';
import { formatWeekdayDay, isIsoDate } from '../../../lib/dates';

/** Dates to leave out (holidays, tournaments): added one at a time, shown as removable chips. */
export function SkipDatesInput({
  value,
  onChange,
  min,
  max,
  error,
  disabled,
}: {
  value: readonly string[];
  onChange: (dates: string[]) => void;
  min?: string | undefined;
  max?: string | undefined;
  error?: string | undefined;
  disabled?: boolean;
}) {
  const [draft, setDraft] = useState('');
  const [draftError, setDraftError] = useState<string | null>(null);
  const listId = useId();

  const add = () => {
    if (!isIsoDate(draft)) {
      setDraftError('Choose a date to skip first.');
      return;
    }
    if (value.includes(draft)) {
      setDraftError(`${formatWeekdayDay(draft)} is already skipped.`);
      return;
    }
    onChange([...value, draft].sort());
    setDraft('');
    setDraftError(null);
  };

  return (
    <div>
      <div className="flex items-end gap-2">
        <TextField
          className="min-w-0 flex-1"
          label="Skip a date"
          type="date"
          value={draft}
          min={min}
          max={max}
          disabled={disabled}
          aria-invalid={draftError ? true : undefined}
          aria-describedby={draftError ? `${listId}-draft-error` : undefined}
          onChange={(event) => {
            setDraft(event.target.value);
            setDraftError(null);
          }}
          onKeyDown={(event) => {
            // Enter adds the date instead of submitting the whole generator form.
            if (event.key === 'Enter') {
              event.preventDefault();
              add();
            }
          }}
        />
        <Button variant="secondary" onClick={add} disabled={disabled}>
          Add date
        </Button>
      </div>
      <FieldError id={`${listId}-draft-error`} message={draftError ?? undefined} />
      {value.length > 0 ? (
        <ul aria-label="Dates to skip" id={listId} className="mt-3 flex flex-wrap gap-2">
          {value.map((date) => (
            <li key={date} className="inline-flex items-center gap-1 rounded-full border border-slate-300 bg-slate-100 py-0.5 pr-0.5 pl-3 text-sm font-medium text-slate-900">
              {formatWeekdayDay(date)}, {date.slice(0, 4)}
              <button
                type="button"
                disabled={disabled}
                onClick={() => onChange(value.filter((d) => d !== date))}
                className="inline-flex size-11 items-center justify-center rounded-full text-slate-700 hover:bg-slate-200 hover:text-danger-700"
              >
                <span aria-hidden="true">✕</span>
                <span className="sr-only">Remove {formatWeekdayDay(date)}</span>
              </button>
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-2 text-sm text-slate-600">No dates skipped.</p>
      )}
      <FieldError id={`${listId}-error`} message={error} />
    </div>
  );
}
