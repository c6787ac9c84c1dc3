import { useId, useState } from 'react';
import type { Facility } from '../../../../shared/facilities/facilities.schemas';
import type { Season } from '../../../../shared/seasons/seasons.schemas';
import { WeekJump, WeekNavigator } from '../../../components/schedule/week-navigator';
import { CheckboxField } from '../../../components/ui/checkbox-field';
import { FoldedFiltersToggle } from '../../../components/ui/folded-filters-toggle';
import { Skeleton } from '../../../components/ui/loading';
import { SelectField } from '../../../components/ui/select-field';
import { cx } from '../../../lib/cx';
import { useT } from '../../../lib/i18n';
import { FieldSelect } from './field-select';

export interface BookFilterBarProps {
  seasons: readonly Season[];
  seasonId: string;
  onSeasonChange: (seasonId: string) => void;
  facilities: readonly Facility[];
  facilityId: string;
  onFacilityChange: (facilityId: string) => void;
  fieldId: string;
  onFieldChange: (fieldId: string) => void;
  weekStart: string | null;
  today: string | null;
  onWeekChange: (weekStart: string) => void;
  /**
   * "Show every field", for a coach whose team may not use some fields (issue 29): `hidden` of them are left out
   * unless `checked`, when they are shown greyed out with the reason. Absent: every field is the team's.
   */
  everyField?: { checked: boolean; hidden: number; onChange: (checked: boolean) => void } | undefined;
}

/**
 * Season, facility chips, field and the week navigator ("◀ Week of Mar 2 ▶", Today).
 * On a phone (below md) the bar is compact, so the first slots are in the first screen: the week navigator, a
 * line saying what is shown, and a Filters button that unfolds the rest in place (a disclosure: the same
 * controls, in the same order for the keyboard and a screen reader). From md up every filter shows, as before.
 */
export function BookFilterBar(props: BookFilterBarProps) {
  const { seasons, seasonId, facilities, facilityId, fieldId, weekStart, today, everyField } = props;
  const { t } = useT('bookings');
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const chip = (active: boolean) =>
    cx(
      'inline-flex min-h-11 items-center rounded-full border px-4 text-sm font-semibold',
      active ? 'border-primary-800 bg-primary-800 text-white' : 'border-slate-300 bg-white text-slate-800 hover:border-primary-400 hover:bg-primary-50',
    );

  const season = seasons.find((s) => s.id === seasonId);
  const facility = facilities.find((f) => f.id === facilityId);
  const field = facilities.flatMap((f) => f.fields).find((f) => f.id === fieldId);
  const notCurrent = Boolean(season && !season.active);
  const chosen = (facility ? 1 : 0) + (field ? 1 : 0) + (notCurrent ? 1 : 0) + (everyField?.checked ? 1 : 0);
  const place = field
    ? `${field.name} · ${facilities.find((f) => f.id === field.facilityId)?.name ?? ''}`
    : facility
      ? t('filters.facilityAllFields', { facility: facility.name })
      : t('filters.everything');
  const summary = notCurrent && season ? `${place} · ${season.name}` : place;
  const week = weekStart && today ? { weekStart, today, onChange: props.onWeekChange } : null;

  return (
    <div className="flex flex-col gap-3 rounded-xl border border-slate-200 bg-white p-3 shadow-sm md:gap-4 md:p-4">
      <div className="flex flex-col gap-2 md:hidden">
        {week ? <WeekNavigator {...week} jump={false} /> : <Skeleton className="h-11 w-72" />}
        <FoldedFiltersToggle summary={summary} chosen={chosen} open={open} onToggle={() => setOpen(!open)} panelId={panelId} />
      </div>

      <div id={panelId} className={cx('flex-col gap-4 border-t border-slate-200 pt-3 md:flex md:border-0 md:pt-0', open ? 'flex' : 'hidden')}>
        <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-[minmax(0,14rem)_minmax(0,16rem)_1fr]">
          <SelectField label={t('filters.season')} value={seasonId} onChange={(event) => props.onSeasonChange(event.target.value)}>
            {seasons.map((season) => (
              <option key={season.id} value={season.id}>
                {season.active ? t('filters.currentSeason', { season: season.name }) : season.name}
              </option>
            ))}
          </SelectField>
          <FieldSelect facilities={facilities.filter((f) => f.fields.length > 0)} facilityId={facilityId} value={fieldId} onChange={props.onFieldChange} />
        </div>

        <div role="group" aria-labelledby={`${panelId}-chips`}>
          <p id={`${panelId}-chips`} className="mb-1 text-sm font-semibold text-slate-800">
            {t('filters.facility')}
          </p>
          <div className="flex flex-wrap gap-2">
            <button type="button" aria-pressed={!facilityId} className={chip(!facilityId)} onClick={() => props.onFacilityChange('')}>
              {t('filters.allFacilities')}
            </button>
            {facilities.map((facility) => (
              <button key={facility.id} type="button" aria-pressed={facilityId === facility.id} className={chip(facilityId === facility.id)} onClick={() => props.onFacilityChange(facility.id)}>
                {facility.name}
              </button>
            ))}
          </div>
        </div>

        {everyField ? (
          <CheckboxField
            label={t('filters.everyField')}
            hint={everyField.checked ? t('filters.everyFieldShown') : t('filters.everyFieldHidden', { count: everyField.hidden })}
            checked={everyField.checked}
            onChange={(event) => everyField.onChange(event.target.checked)}
          />
        ) : null}

        <div className="hidden md:block">{week ? <WeekNavigator {...week} /> : <Skeleton className="h-11 w-72" />}</div>
        {week ? (
          <div className="md:hidden">
            <WeekJump onChange={week.onChange} />
          </div>
        ) : null}
      </div>
    </div>
  );
}
