import type { Facility, Field } from '../../../../shared/facilities/facilities.schemas';
import { SelectField } from '../../../components/ui/select-field';
import { useT } from '../../../lib/i18n';

/**
 * "Field" with "All fields" first, then each facility's fields under the facility's name. With `facilityId`
 * it lists only that facility's fields, without the heading.
 */
export function FieldSelect({
  facilities,
  facilityId,
  value,
  onChange,
  className,
}: {
  facilities: readonly Facility[];
  facilityId?: string;
  value: string;
  onChange: (fieldId: string) => void;
  className?: string;
}) {
  const { t } = useT('bookings');
  const fieldOption = (field: Field) => (
    <option key={field.id} value={field.id}>
      {field.name}
    </option>
  );
  return (
    <SelectField label={t('filters.field')} className={className} value={value} onChange={(event) => onChange(event.target.value)}>
      <option value="">{t('filters.allFields')}</option>
      {facilityId
        ? facilities.filter((f) => f.id === facilityId).flatMap((facility) => facility.fields.map(fieldOption))
        : facilities.map((facility) => (
            <optgroup key={facility.id} label={facility.name}>
              {facility.fields.map(fieldOption)}
            </optgroup>
          ))}
    </SelectField>
  );
}
