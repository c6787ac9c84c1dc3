import type { Facility } from '../../../../shared/facilities/facilities.schemas';
import type { Season } from '../../../../shared/seasons/seasons.schemas';
import { WeekNavigator } from '../../../components/schedule/week-navigator';
import { Skeleton } from '../../../components/ui/loading';
import { SelectField } from '../../../components/ui/select-field';
import { cx } from '../../../lib/cx';
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
}

/** Season, facility chips, field and the week navigator ("◀ Week of Mar 2 ▶", Today). */
export function BookFilterBar(props: BookFilterBarProps) {
  const { seasons, seasonId, facilities, facilityId, fieldId, weekStart, today } = props;
  const chip = (active: boolean) =>
    cx(
      'inline-flex min-h-11 items-center rounded-full border px-4 text-sm font-semibold',
      active ? 'border-primary-800 bg-primary-800 text-white' : 'border-slate-300 bg-white text-slate-800 hover:border-primary-400 hover:bg-primary-50',
    );

  return (
    <div className="flex flex-col gap-4 rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-[minmax(0,14rem)_minmax(0,16rem)_1fr]">
        <SelectField label="Season" value={seasonId} onChange={(event) => props.onSeasonChange(event.target.value)}>
          {seasons.map((season) => (
            <option key={season.id} value={season.id}>
              {season.active ? `${season.name} (current)` : season.name}
            </option>
          ))}
        </SelectField>
        <FieldSelect facilities={facilities.filter((f) => f.fields.length > 0)} facilityId={facilityId} value={fieldId} onChange={props.onFieldChange} />
      </div>

      <div role="group" aria-labelledby="facility-chips-label">
        <p id="facility-chips-label" className="mb-1 text-sm font-semibold text-slate-800">
          Facility
        </p>
        <div className="flex flex-wrap gap-2">
          <button type="button" aria-pressed={!facilityId} className={chip(!facilityId)} onClick={() => props.onFacilityChange('')}>
            All facilities
          </button>
          {facilities.map((facility) => (
            <button key={facility.id} type="button" aria-pressed={facilityId === facility.id} className={chip(facilityId === facility.id)} onClick={() => props.onFacilityChange(facility.id)}>
              {facility.name}
            </button>
          ))}
        </div>
      </div>

      {weekStart && today ? <WeekNavigator weekStart={weekStart} today={today} onChange={props.onWeekChange} /> : <Skeleton className="h-11 w-72" />}
    </div>
  );
}
