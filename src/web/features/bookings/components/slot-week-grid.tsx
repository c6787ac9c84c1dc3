import { cx } from '../../../lib/cx';
import { formatLongDay, formatMonthDay, formatWeekdayDate } from '../../../lib/dates';
import { useT } from '../../../lib/i18n';
import type { WeekReasons } from '../slot-availability';
import type { FacilityGroup } from '../slot-board';
import { SlotPill, type SlotActions } from './slot-pill';

/** Desktop: days as columns, fields as rows grouped by facility, each slot a pill. */
export function SlotWeekGrid({
  board,
  dates,
  today,
  reasons,
  timeZone,
  onBook,
  onRank,
  slotWait,
}: {
  board: readonly FacilityGroup[];
  dates: readonly string[];
  today: string;
  reasons: WeekReasons;
  timeZone: string;
} & SlotActions) {
  const { t } = useT('bookings');
  const hasDayReasons = reasons.days.size > 0;
  const emptyDays = new Set(dates.filter((date) => board.every((facility) => facility.fields.every((field) => !field.byDay.get(date)?.length))));
  return (
    <table className="w-full table-fixed border-separate border-spacing-0 text-sm">
      <caption className="sr-only">{t('weekGrid.caption', { from: formatMonthDay(dates[0] ?? ''), to: formatMonthDay(dates[6] ?? '') })}</caption>
      <colgroup>
        <col className="w-32 xl:w-36" />
        {dates.map((date) => (
          // A day without any slot this week (often Sunday) gets a narrow column, so the others have room.
          <col key={date} className={emptyDays.has(date) ? 'w-14' : undefined} />
        ))}
      </colgroup>
      <thead>
        <tr>
          <th scope="col" className="sticky top-16 z-10 border-b border-slate-300 bg-white px-2 py-2 text-left font-semibold text-slate-700">
            {t('weekGrid.field')}
          </th>
          {dates.map((date) => (
            <th
              key={date}
              scope="col"
              className={cx(
                'sticky top-16 z-10 border-b border-slate-300 px-1.5 py-2 text-left font-semibold',
                date === today ? 'bg-accent-100 text-primary-900' : 'bg-white text-slate-800',
              )}
            >
              <span aria-hidden="true">{formatWeekdayDate(date)}</span>
              <span className="sr-only">{formatLongDay(date)}</span>
              {date === today ? <span className="block text-xs font-normal">{t('week.today')}</span> : null}
            </th>
          ))}
        </tr>
        {hasDayReasons ? (
          <tr>
            <th scope="row" className="border-b border-slate-200 px-2 py-2 text-left align-top text-xs font-semibold text-warning-800">
              {t('weekGrid.cannotBook')}
            </th>
            {dates.map((date) => (
              <td key={date} className="border-b border-slate-200 px-1.5 py-2 align-top">
                {reasons.days.get(date) ? <p className="rounded-md bg-warning-50 p-1.5 text-xs text-warning-800">{reasons.days.get(date)}</p> : null}
              </td>
            ))}
          </tr>
        ) : null}
      </thead>
      {board.map((facility) => (
        <tbody key={facility.facilityId}>
          <tr>
            <th scope="rowgroup" colSpan={dates.length + 1} className="border-b border-slate-200 bg-slate-100 px-2 py-1.5 text-left text-sm font-bold text-primary-900">
              {facility.facilityName}
            </th>
          </tr>
          {facility.fields.map((field) => (
            <tr key={field.fieldId}>
              <th scope="row" className="border-b border-slate-200 px-2 py-2 text-left align-top font-semibold text-slate-900">
                <span className="flex items-start gap-2">
                  <span aria-hidden="true" className="mt-1 size-3 shrink-0 rounded-full" style={{ backgroundColor: field.fieldColor }} />
                  <span className="break-words">{field.fieldName}</span>
                </span>
                {/* A field of other divisions (issue 29, "Show every field"): why, once; its slots say it short. */}
                {field.note ? <span className="mt-1 block text-xs font-normal break-words text-slate-700">{field.note}</span> : null}
              </th>
              {dates.map((date) => {
                const slots = field.byDay.get(date) ?? [];
                return (
                  <td key={date} className={cx('border-b border-slate-200 px-1 py-1.5 align-top', date === today && 'bg-accent-100/40')}>
                    {slots.length === 0 ? (
                      <span className="block px-1 py-2 text-slate-600">
                        <span aria-hidden="true">–</span>
                        <span className="sr-only">{t('weekGrid.noSlots')}</span>
                      </span>
                    ) : (
                      <ul className="flex flex-col gap-1.5">
                        {slots.map((viewed) => (
                          <li key={viewed.slot.id}>
                            <SlotPill viewed={viewed} reasons={reasons} timeZone={timeZone} onBook={onBook} onRank={onRank} slotWait={slotWait} />
                          </li>
                        ))}
                      </ul>
                    )}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      ))}
    </table>
  );
}
