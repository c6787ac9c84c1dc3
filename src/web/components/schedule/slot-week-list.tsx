import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { DEFAULT_LEAGUE_TIMEZONE } from '../../../shared/constants';
import type { Slot } from '../../../shared/slots/slots.schemas';
import { useCurrentSeason } from '../../app/current-season/current-season-context';
import { useFacilities } from '../../lib/api/get-facilities';
import { useLeague } from '../../lib/api/get-league';
import { useSlots } from '../../lib/api/get-slots';
import { formatNumber } from '../../lib/count-words';
import { cx } from '../../lib/cx';
import { addDays, formatLongDay, formatMonthDay, formatTimeRange, formatWeekdayDate, todayInZone } from '../../lib/dates';
import { RichText, useT } from '../../lib/i18n';
import { groupSlotsByDay, initialWeekStart, isPast, weekOf, type SlotDay, type Week } from '../../lib/slot-week';
import { Badge } from '../ui/badge';
import { LoadErrorAlert } from '../ui/load-error-alert';
import { Skeleton } from '../ui/loading';
import { SelectField } from '../ui/select-field';
import { SlotStatus } from './slot-status';
import { WeekNavigator } from './week-navigator';

export interface SlotWeekListProps {
  /** The list's h2. */
  title: string;
  description?: ReactNode;
  /** What to say when the week has no slots (the next step). */
  emptyHint?: ReactNode;
  /** Buttons for one slot (edit, delete, choose…); their names should include the slot (describeSlot). */
  renderActions?: (slot: Slot, context: { past: boolean; timeZone: string }) => ReactNode;
  selectedSlotId?: string | null | undefined;
}

/**
 * One week of slots (Monday to Sunday, league time zone) with a week navigator and facility and field
 * filters, all kept in the URL (?week=&facility=&field=) so the view can be shared and Back works.
 * Blocked slots say so in words, with the reason; booked ones name the team; past ones are muted.
 */
export function SlotWeekList({ title, description, emptyHint, renderActions, selectedSlotId }: SlotWeekListProps) {
  const { t } = useT('common');
  const [params, setParams] = useSearchParams();
  const league = useLeague();
  const { season, seasons, isLoading: seasonsLoading } = useCurrentSeason();
  const facilities = useFacilities({ includeInactive: true });
  // Times wait for the league's zone rather than flash in a wrong one; a failed load falls back to the default.
  const timeZone = league.data?.timeZone ?? (league.isError ? DEFAULT_LEAGUE_TIMEZONE : undefined);
  const today = timeZone ? todayInZone(timeZone) : null;
  const currentSeason = seasons.find((s) => s.id === season.id);
  const ready = Boolean(timeZone && today) && !seasonsLoading;
  const weekStart = today ? initialWeekStart(params.get('week'), today, currentSeason) : null;
  const week = weekStart ? weekOf(weekStart) : { from: '', to: '' };
  const facilityId = params.get('facility') ?? '';
  const dayParam = params.get('day');
  const fieldId = params.get('field') ?? '';

  const slots = useSlots({ ...week, facilityId: facilityId || undefined, fieldId: fieldId || undefined }, { enabled: ready });

  const update = (changes: Record<string, string | null>) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) {
      if (value) next.set(key, value);
      else next.delete(key);
    }
    void setParams(next, { preventScrollReset: true });
  };

  const facilityList = facilities.data ?? [];
  const fieldChoices = facilityList.filter((f) => !facilityId || f.id === facilityId).flatMap((f) => f.fields.map((field) => ({ field, facility: f })));
  const allDays = timeZone && slots.data ? groupSlotsByDay(slots.data, timeZone) : [];
  // A day of this week chosen with the day chips; any other value (or none) shows the whole week.
  const day = dayParam && dayParam >= week.from && dayParam <= week.to ? dayParam : null;
  const days = day ? allDays.filter((d) => d.date === day) : allDays;
  const shown = days.reduce((n, d) => n + d.slots.length, 0);
  const headingId = 'slot-week-title';

  return (
    <section aria-labelledby={headingId} className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
      <div className="flex flex-col gap-1">
        <h2 id={headingId} className="text-xl font-bold text-primary-900">
          {title}
        </h2>
        {description ? <div className="text-slate-700">{description}</div> : null}
      </div>

      <div className="mt-4 flex flex-col gap-3 lg:flex-row lg:flex-wrap lg:items-end lg:justify-between">
        {weekStart && today ? <WeekNavigator weekStart={weekStart} today={today} onChange={(next) => update({ week: next, day: null })} /> : <Skeleton className="h-11 w-72" />}
        <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
          <SelectField label={t('slotWeek.filterFacility')} value={facilityId} onChange={(event) => update({ facility: event.target.value, field: null })}>
            <option value="">{t('slotWeek.allFacilities')}</option>
            {facilityList.map((facility) => (
              <option key={facility.id} value={facility.id}>
                {facility.active ? facility.name : t('slotWeek.inactiveFacility', { name: facility.name })}
              </option>
            ))}
          </SelectField>
          <SelectField label={t('slotWeek.filterField')} value={fieldId} onChange={(event) => update({ field: event.target.value })}>
            <option value="">{t('slotWeek.allFields')}</option>
            {fieldChoices.map(({ field, facility }) => (
              <option key={field.id} value={field.id}>
                {facilityId ? field.name : t('slotWeek.fieldAt', { field: field.name, facility: facility.name })}
              </option>
            ))}
          </SelectField>
        </div>
      </div>

      <div className="mt-5" aria-busy={slots.isFetching || !ready}>
        {!ready || slots.isPending ? (
          <WeekSkeleton />
        ) : slots.isError ? (
          <LoadErrorAlert title={t('slotWeek.loadError')} message={slots.error.message} onRetry={() => slots.refetch()} />
        ) : allDays.length === 0 ? (
          <div className="rounded-lg border-2 border-dashed border-slate-300 px-4 py-8 text-center">
            <p className="font-semibold text-primary-900">{t('slotWeek.empty', { day: formatMonthDay(week.from), filtered: facilityId || fieldId ? 'yes' : 'no' })}</p>
            {emptyHint ? <div className="mx-auto mt-1 max-w-md text-slate-700">{emptyHint}</div> : null}
          </div>
        ) : (
          <>
            <DayChips week={week} days={allDays} day={day} onChange={(next) => update({ day: next })} />
            <p role="status" className="mt-3 mb-3 text-sm text-slate-700">
              {day
                ? t('slotWeek.countDay', { count: shown, day: formatLongDay(day), updating: slots.isFetching ? 'yes' : 'no' })
                : t('slotWeek.countWeek', { count: shown, from: formatMonthDay(week.from), to: formatMonthDay(week.to), updating: slots.isFetching ? 'yes' : 'no' })}
            </p>
            {days.length === 0 ? <p className="rounded-lg border-2 border-dashed border-slate-300 px-4 py-6 text-center text-slate-700">{t('slotWeek.noneOnDay')}</p> : null}
            <div className="flex flex-col gap-5">
              {days.map((day) => (
                <section key={day.date} aria-labelledby={`slot-day-${day.date}`}>
                  <h3 id={`slot-day-${day.date}`} className="mb-2 text-base font-semibold text-slate-900">
                    {formatLongDay(day.date)}
                  </h3>
                  <ul className="divide-y divide-slate-200 overflow-hidden rounded-lg border border-slate-200">
                    {day.slots.map((slot) => (
                      <SlotRow
                        key={slot.id}
                        slot={slot}
                        timeZone={timeZone ?? ''}
                        selected={slot.id === selectedSlotId}
                        actions={renderActions?.(slot, { past: isPast(slot), timeZone: timeZone ?? '' })}
                      />
                    ))}
                  </ul>
                </section>
              ))}
            </div>
          </>
        )}
      </div>
    </section>
  );
}

function SlotRow({ slot, timeZone, selected, actions }: { slot: Slot; timeZone: string; selected: boolean; actions: ReactNode }) {
  const { t } = useT('common');
  const past = isPast(slot);
  return (
    <li
      className={cx(
        'flex items-center gap-3 border-l-4 px-3 py-2 sm:px-4',
        slot.status === 'blocked' ? 'bg-danger-50' : past ? 'bg-slate-100' : 'bg-white',
        selected && 'outline-3 -outline-offset-3 outline-primary-500',
      )}
      style={{ borderLeftColor: slot.fieldColor }}
    >
      <div className="min-w-0 flex-1 sm:grid sm:grid-cols-[10.5rem_minmax(0,1fr)] sm:items-center sm:gap-4">
        <p className={cx('font-semibold', past ? 'text-slate-700' : 'text-slate-900')}>{formatTimeRange(slot.startsAt, slot.endsAt, timeZone)}</p>
        <div className="flex min-w-0 flex-wrap items-center gap-x-3 gap-y-1">
          <p className={cx('break-words', past ? 'text-slate-700' : 'text-slate-900')}>
            <span className="font-medium">{slot.fieldName}</span>
            <span className="text-slate-700"> · {slot.facilityName}</span>
          </p>
          <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm">
            <SlotStatus slot={slot} />
            {past ? <Badge>{t('slotWeek.past')}</Badge> : null}
            {selected ? <Badge tone="accent">{t('slotWeek.selected')}</Badge> : null}
          </p>
          {slot.notes ? <p className="w-full text-sm break-words text-slate-700">{t('slotWeek.note', { notes: slot.notes })}</p> : null}
        </div>
      </div>
      {actions ? <div className="flex shrink-0 flex-col gap-1 min-[480px]:flex-row min-[480px]:gap-2">{actions}</div> : null}
    </li>
  );
}

/** "All week" and one chip per day with its count, to narrow a long week to one day. */
function DayChips({ week, days, day, onChange }: { week: Week; days: readonly SlotDay[]; day: string | null; onChange: (day: string | null) => void }) {
  const { t } = useT('common');
  const total = days.reduce((n, d) => n + d.slots.length, 0);
  const dates = Array.from({ length: 7 }, (_, i) => addDays(week.from, i));
  const chip = (active: boolean) =>
    cx(
      'inline-flex min-h-11 items-center gap-1.5 rounded-full border px-3 text-sm font-semibold',
      active ? 'border-primary-800 bg-primary-800 text-white' : 'border-slate-300 bg-white text-slate-800 hover:border-primary-400',
    );
  return (
    <div role="group" aria-label={t('slotWeek.dayChips')} className="flex flex-wrap gap-2">
      <button type="button" aria-pressed={day === null} className={chip(day === null)} onClick={() => onChange(null)}>
        <RichText ns="common" k="slotWeek.allWeek" values={{ count: formatNumber(total) }} components={{ 0: <span className="font-normal" /> }} />
      </button>
      {dates.map((date) => {
        const count = days.find((d) => d.date === date)?.slots.length ?? 0;
        return (
          <button key={date} type="button" aria-pressed={day === date} className={chip(day === date)} onClick={() => onChange(date)}>
            {formatWeekdayDate(date)} <span className="font-normal">({formatNumber(count)})</span>
          </button>
        );
      })}
    </div>
  );
}

function WeekSkeleton() {
  return (
    <div className="flex flex-col gap-2" aria-hidden="true">
      <Skeleton className="h-5 w-40" />
      {[0, 1, 2, 3].map((i) => (
        <Skeleton key={i} className="h-16 w-full" />
      ))}
    </div>
  );
}
