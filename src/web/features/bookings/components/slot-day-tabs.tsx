import { useRef, type KeyboardEvent } from 'react';
import { cx } from '../../../lib/cx';
import { formatLongDay, formatWeekdayDate } from '../../../lib/dates';
import { useT } from '../../../lib/i18n';
import type { WeekReasons } from '../slot-availability';
import type { FacilityGroup } from '../slot-board';
import { SlotRow, type SlotActions } from './slot-pill';

/**
 * Phone: one tab per day of the week (arrow keys move between them), and the chosen day's slots listed by
 * field. The chosen day lives in the URL, so Back returns to it.
 */
export function SlotDayTabs({
  board,
  dates,
  day,
  today,
  reasons,
  timeZone,
  onDayChange,
  onBook,
  onRank,
  slotWait,
}: {
  board: readonly FacilityGroup[];
  dates: readonly string[];
  day: string;
  today: string;
  reasons: WeekReasons;
  timeZone: string;
  onDayChange: (day: string) => void;
} & SlotActions) {
  const { t } = useT('bookings');
  const tabs = useRef<Array<HTMLButtonElement | null>>([]);
  const countOn = (date: string) => board.reduce((n, f) => n + f.fields.reduce((m, field) => m + (field.byDay.get(date)?.length ?? 0), 0), 0);

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const last = dates.length - 1;
    const next = { ArrowRight: index === last ? 0 : index + 1, ArrowLeft: index === 0 ? last : index - 1, Home: 0, End: last }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    const date = dates[next];
    if (!date) return;
    onDayChange(date);
    tabs.current[next]?.focus();
  };

  const fields = board.flatMap((facility) => facility.fields.filter((field) => (field.byDay.get(day)?.length ?? 0) > 0));
  const dayReason = reasons.days.get(day);

  return (
    <div>
      <div role="tablist" aria-label={t('dayTabs.label')} className="grid grid-cols-7 gap-1">
        {dates.map((date, index) => {
          const selected = date === day;
          const count = countOn(date);
          return (
            <button
              key={date}
              ref={(el) => {
                tabs.current[index] = el;
              }}
              type="button"
              role="tab"
              id={`day-tab-${date}`}
              aria-selected={selected}
              aria-controls="day-panel"
              tabIndex={selected ? 0 : -1}
              onClick={() => onDayChange(date)}
              onKeyDown={(event) => onKeyDown(event, index)}
              className={cx(
                'flex min-h-14 flex-col items-center justify-center rounded-lg border px-0.5 text-center leading-tight',
                selected ? 'border-primary-800 bg-primary-800 text-white' : 'border-slate-300 bg-white text-slate-800',
                !selected && count === 0 && 'text-slate-600',
                date === today && !selected && 'border-accent-500 bg-accent-100',
              )}
            >
              <span className="text-xs">{formatWeekdayDate(date).split(' ')[0]}</span>
              <span className="text-base font-bold">{formatWeekdayDate(date).split(' ')[1]}</span>
              <span className="sr-only">{t('dayTabs.count', { count })}</span>
            </button>
          );
        })}
      </div>

      <div role="tabpanel" id="day-panel" aria-labelledby={`day-tab-${day}`} tabIndex={0} className="mt-4 rounded-lg focus-visible:outline-offset-4">
        <h3 className="text-base font-bold text-primary-900 sm:text-lg">
          {formatLongDay(day)}
          {day === today ? <span className="ml-2 text-sm font-semibold text-slate-700">{t('week.today')}</span> : null}
        </h3>
        {dayReason ? <p className="mt-2 rounded-lg bg-warning-50 px-3 py-2 text-sm text-warning-800">{dayReason}</p> : null}
        {fields.length === 0 ? (
          <p className="mt-3 rounded-lg border-2 border-dashed border-slate-300 px-4 py-6 text-center text-slate-700">{t('dayTabs.empty')}</p>
        ) : (
          <div className="mt-3 flex flex-col gap-5">
            {fields.map((field) => (
              <section key={field.fieldId} aria-labelledby={`day-field-${field.fieldId}`}>
                <h4 id={`day-field-${field.fieldId}`} className="mb-2 flex items-center gap-2 font-semibold text-slate-900">
                  <span aria-hidden="true" className="size-3 shrink-0 rounded-full" style={{ backgroundColor: field.fieldColor }} />
                  <span className="min-w-0 break-words">
                    {field.fieldName} <span className="font-normal text-slate-700">· {field.facilityName}</span>
                  </span>
                </h4>
                {field.note ? <p className="-mt-1 mb-2 text-sm text-slate-700">{field.note}</p> : null}
                <ul className="flex flex-col gap-2">
                  {(field.byDay.get(day) ?? []).map((viewed) => (
                    <li key={viewed.slot.id}>
                      <SlotRow viewed={viewed} reasons={reasons} timeZone={timeZone} onBook={onBook} onRank={onRank} slotWait={slotWait} />
                    </li>
                  ))}
                </ul>
              </section>
            ))}
          </div>
        )}
      </div>
    </div>
  );
}
