import { useId, useState } from 'react';
import type { Facility } from '../../../../shared/facilities/facilities.schemas';
import type { Season } from '../../../../shared/seasons/seasons.schemas';
import type { Team } from '../../../../shared/users/users.schemas';
import { FoldedFiltersToggle } from '../../../components/ui/folded-filters-toggle';
import { SelectField } from '../../../components/ui/select-field';
import { cx } from '../../../lib/cx';
import { useT } from '../../../lib/i18n';

export interface CalendarFilterBarProps {
  seasons: readonly Season[];
  seasonId: string;
  facilities: readonly Facility[];
  facilityId: string;
  fieldId: string;
  teams: readonly Team[];
  teamId: string;
  onChange: (changes: { season?: string; facility?: string; field?: string; team?: string }) => void;
}

/**
 * Season, facility, field and team, each a labelled select. On a phone (below md) they fold behind a Filters
 * button (a disclosure) with a line saying what is shown, so the calendar is in the first screen.
 */
export function CalendarFilterBar({ seasons, seasonId, facilities, facilityId, fieldId, teams, teamId, onChange }: CalendarFilterBarProps) {
  const { t } = useT('calendar');
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const facility = facilities.find((f) => f.id === facilityId);
  const field = facilities.flatMap((f) => f.fields).find((f) => f.id === fieldId);
  const team = teams.find((t) => t.id === teamId);
  const chosen = [facility, field, team].filter(Boolean).length;
  const summary = [
    team?.name,
    field ? `${field.name} · ${facilities.find((f) => f.id === field.facilityId)?.name ?? ''}` : facility ? t('filter.facilityAllFields', { facility: facility.name }) : t('filter.allFields'),
  ]
    .filter(Boolean)
    .join(' · ');
  const withFields = facilities.filter((f) => f.fields.length > 0);
  const fieldGroups = facilityId ? withFields.filter((f) => f.id === facilityId) : withFields;

  return (
    <div className="flex flex-col gap-3 rounded-xl border border-slate-200 bg-white p-3 shadow-sm md:p-4">
      <div className="md:hidden">
        <FoldedFiltersToggle summary={summary} chosen={chosen} open={open} onToggle={() => setOpen(!open)} panelId={panelId} />
      </div>
      <div
        id={panelId}
        className={cx('grid-cols-1 gap-3 border-t border-slate-200 pt-3 sm:grid-cols-2 md:grid md:border-0 md:pt-0 lg:grid-cols-4', open ? 'grid' : 'hidden')}
      >
        <SelectField label={t('filter.season')} value={seasonId} onChange={(event) => onChange({ season: event.target.value })}>
          {seasons.map((season) => (
            <option key={season.id} value={season.id}>
              {season.active ? t('filter.seasonCurrent', { season: season.name }) : season.name}
            </option>
          ))}
        </SelectField>
        <SelectField
          label={t('filter.facility')}
          value={facilityId}
          onChange={(event) => {
            const next = event.target.value;
            // A field of another facility would show nothing: it goes with the change.
            const keepField = field && (!next || field.facilityId === next);
            onChange({ facility: next, field: keepField ? fieldId : '' });
          }}
        >
          <option value="">{t('filter.allFacilities')}</option>
          {facilities.map((f) => (
            <option key={f.id} value={f.id}>
              {f.name}
            </option>
          ))}
        </SelectField>
        <SelectField label={t('filter.field')} value={fieldId} onChange={(event) => onChange({ field: event.target.value })}>
          <option value="">{t('filter.allFields')}</option>
          {fieldGroups.map((f) =>
            facilityId ? (
              f.fields.map((fd) => (
                <option key={fd.id} value={fd.id}>
                  {fd.name}
                </option>
              ))
            ) : (
              <optgroup key={f.id} label={f.name}>
                {f.fields.map((fd) => (
                  <option key={fd.id} value={fd.id}>
                    {fd.name}
                  </option>
                ))}
              </optgroup>
            ),
          )}
        </SelectField>
        <SelectField label={t('filter.team')} value={teamId} onChange={(event) => onChange({ team: event.target.value })}>
          <option value="">{t('filter.allTeams')}</option>
          {teams.map((t) => (
            <option key={t.id} value={t.id}>
              {t.division ? `${t.name} (${t.division})` : t.name}
            </option>
          ))}
        </SelectField>
      </div>
    </div>
  );
}
