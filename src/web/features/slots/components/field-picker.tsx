import type { Facility } from '../../../../shared/facilities/facilities.schemas';
import { Button } from '../../../components/ui/button';
import { CheckboxField } from '../../../components/ui/checkbox-field';
import { FieldError } from '../../../components/ui/field-shell';
import { RichText, useT } from '../../../lib/i18n';

/** Field checkboxes grouped by facility, each facility with "Select all" / "Clear all". */
export function FieldPicker({
  facilities,
  value,
  onChange,
  error,
  disabled,
}: {
  facilities: readonly Facility[];
  value: readonly string[];
  onChange: (fieldIds: string[]) => void;
  error?: string | undefined;
  disabled?: boolean;
}) {
  const { t } = useT('slots');
  const chosen = new Set(value);
  const set = (ids: readonly string[], on: boolean) => {
    const next = new Set(chosen);
    for (const id of ids) {
      if (on) next.add(id);
      else next.delete(id);
    }
    onChange([...next]);
  };

  return (
    <fieldset aria-describedby={error ? 'field-picker-error' : undefined}>
      <legend className="mb-2 text-sm font-semibold text-slate-800">{t('picker.fields')}</legend>
      <div className="grid gap-3 md:grid-cols-2">
        {facilities.map((facility) => {
          const ids = facility.fields.map((f) => f.id);
          const all = ids.length > 0 && ids.every((id) => chosen.has(id));
          return (
            <fieldset key={facility.id} className="relative rounded-lg border border-slate-200 px-3 pt-2 pb-1">
              <legend className="sr-only">{facility.name}</legend>
              <div className="flex items-center justify-between gap-2">
                <p aria-hidden="true" className="font-semibold text-primary-900">
                  {facility.name}
                </p>
                <Button variant="ghost" size="sm" disabled={disabled} onClick={() => set(ids, !all)}>
                  <RichText
                    ns="slots"
                    k={all ? 'picker.clearAll' : 'picker.selectAll'}
                    values={{ facility: facility.name }}
                    components={{ 0: <span className="sr-only" /> }}
                  />
                </Button>
              </div>
              <div className="grid grid-cols-1 sm:grid-cols-2">
                {facility.fields.map((field) => (
                  <CheckboxField
                    key={field.id}
                    label={field.name}
                    checked={chosen.has(field.id)}
                    disabled={disabled}
                    onChange={(event) => set([field.id], event.target.checked)}
                  />
                ))}
              </div>
            </fieldset>
          );
        })}
      </div>
      <FieldError id="field-picker-error" message={error} />
    </fieldset>
  );
}
