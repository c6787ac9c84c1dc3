import { useId, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { FieldError } from '../../../components/ui/field-shell';
import { TextField } from '../../../components/ui/text-field';
import { formatWeekdayDay, isIsoDate } from '../../../lib/dates';
import { useT } from '../../../lib/i18n';

/** The remove button's mark: a picture, not a word (the button's name is in the catalogue). */
const REMOVE_MARK = '✕';

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
  const { t } = useT('slots');
  const [draft, setDraft] = useState('');
  const [draftError, setDraftError] = useState<string | null>(null);
  const listId = useId();

  const add = () => {
    if (!isIsoDate(draft)) {
      setDraftError(t('skip.chooseFirst'));
      return;
    }
    if (value.includes(draft)) {
      setDraftError(t('skip.already', { day: formatWeekdayDay(draft) }));
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
          label={t('skip.label')}
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
          {t('skip.add')}
        </Button>
      </div>
      <FieldError id={`${listId}-draft-error`} message={draftError ?? undefined} />
      {value.length > 0 ? (
        <ul aria-label={t('skip.list')} id={listId} className="mt-3 flex flex-wrap gap-2">
          {value.map((date) => (
            <li key={date} className="inline-flex items-center gap-1 rounded-full border border-slate-300 bg-slate-100 py-0.5 pr-0.5 pl-3 text-sm font-medium text-slate-900">
              {t('skip.chip', { day: formatWeekdayDay(date), year: date.slice(0, 4) })}
              <button
                type="button"
                disabled={disabled}
                onClick={() => onChange(value.filter((d) => d !== date))}
                className="inline-flex size-11 items-center justify-center rounded-full text-slate-700 hover:bg-slate-200 hover:text-danger-700"
              >
                <span aria-hidden="true">{REMOVE_MARK}</span>
                <span className="sr-only">{t('skip.remove', { day: formatWeekdayDay(date) })}</span>
              </button>
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-2 text-sm text-slate-600">{t('skip.none')}</p>
      )}
      <FieldError id={`${listId}-error`} message={error} />
    </div>
  );
}
