import { useId } from 'react';
import { Controller } from 'react-hook-form';
import { toast } from '../../../lib/toast';
import { fieldInputSchema, SURFACES, type Facility, type Field } from '../../../../shared/facilities/facilities.schemas';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { CheckboxField } from '../../../components/ui/checkbox-field';
import { FieldError } from '../../../components/ui/field-shell';
import { Skeleton } from '../../../components/ui/loading';
import { Modal } from '../../../components/ui/modal';
import { SelectField } from '../../../components/ui/select-field';
import { TextField } from '../../../components/ui/text-field';
import { useT } from '../../../lib/i18n';
import { useZodForm } from '../../../lib/use-zod-form';
import { useDivisions } from '../../../lib/api/get-divisions';
import { useSaveField } from '../api/save-field';
import { surfaceLabel } from '../facility-words';

const FIELDS = ['facilityId', 'name', 'surface', 'lights', 'color', 'active', 'divisionIds'] as const;

/** Calendar colours a new field starts with, in turn, so neighbouring fields differ. */
const PALETTE = ['#1e40af', '#047857', '#b45309', '#7c3aed', '#be123c', '#0e7490', '#4d7c0f', '#a21caf'] as const;

export function nextFieldColor(fieldCount: number): string {
  return PALETTE[fieldCount % PALETTE.length] ?? PALETTE[0];
}

/**
 * Create a field (field null) in `facilityId`, or edit one. Mount it with a key per field so the form
 * starts fresh.
 */
export function FieldFormDialog({
  field,
  facilityId,
  facilities,
  onClose,
}: {
  field: Field | null;
  facilityId: string;
  facilities: Facility[];
  onClose: () => void;
}) {
  const { t } = useT('facilities');
  const save = useSaveField();
  const divisions = useDivisions();
  const fieldCount = facilities.reduce((n, f) => n + f.fields.length, 0);
  const {
    register,
    control,
    submit,
    formError,
    formState: { errors, isSubmitting },
  } = useZodForm(fieldInputSchema, {
    defaultValues: field
      ? {
          facilityId: field.facilityId,
          name: field.name,
          surface: field.surface,
          lights: field.lights,
          color: field.color,
          active: field.active,
          divisionIds: field.divisionIds,
        }
      : { facilityId, name: '', surface: 'grass', lights: false, color: nextFieldColor(fieldCount), active: true, divisionIds: [] },
    serverFields: FIELDS,
  });
  const colorId = useId();
  const divisionsId = useId();

  const onSubmit = submit(async (values) => {
    const saved = await save.mutateAsync({ id: field?.id ?? null, input: values });
    toast.success(t(field ? 'fieldForm.saved' : 'fieldForm.added', { name: saved.name }));
    onClose();
  });

  return (
    <Modal open title={field ? t('fieldForm.editTitle', { name: field.name }) : t('fieldForm.newTitle')} onClose={isSubmitting ? () => undefined : onClose}>
      <form onSubmit={(event) => void onSubmit(event)} noValidate className="flex flex-col gap-4">
        {formError ? <Alert>{formError}</Alert> : null}
        <SelectField label={t('fieldForm.facility')} error={errors.facilityId?.message} {...register('facilityId')}>
          {facilities.map((facility) => (
            <option key={facility.id} value={facility.id}>
              {facility.active ? facility.name : t('fieldForm.inactiveFacility', { name: facility.name })}
            </option>
          ))}
        </SelectField>
        <TextField label={t('fieldForm.name')} placeholder={t('fieldForm.namePlaceholder')} autoComplete="off" error={errors.name?.message} {...register('name')} />
        <SelectField label={t('fieldForm.surface')} error={errors.surface?.message} {...register('surface')}>
          {SURFACES.map((surface) => (
            <option key={surface} value={surface}>
              {surfaceLabel(t, surface)}
            </option>
          ))}
        </SelectField>
        <div>
          <label htmlFor={colorId} className="mb-1 block text-sm font-semibold text-slate-800">
            {t('fieldForm.color')}
          </label>
          <input
            id={colorId}
            type="color"
            aria-invalid={errors.color ? true : undefined}
            aria-describedby={errors.color ? `${colorId}-error` : `${colorId}-hint`}
            className="block h-11 w-24 cursor-pointer rounded-lg border border-slate-400 bg-white p-1"
            {...register('color')}
          />
          <p id={`${colorId}-hint`} className="mt-1 text-sm text-slate-600">
            {t('fieldForm.colorHint')}
          </p>
          <FieldError id={`${colorId}-error`} message={errors.color?.message} />
        </div>
        <Controller
          control={control}
          name="divisionIds"
          render={({ field: { value = [], onChange }, fieldState }) => (
            <fieldset aria-describedby={[`${divisionsId}-hint`, fieldState.error ? `${divisionsId}-error` : null].filter(Boolean).join(' ')}>
              <legend className="text-sm font-semibold text-slate-800">{t('fieldForm.divisions')}</legend>
              <p id={`${divisionsId}-hint`} className="text-sm text-slate-600">
                {divisions.data?.length === 0
                  ? t('fieldForm.noDivisions')
                  : t('fieldForm.divisionsHint')}
              </p>
              {divisions.isPending ? (
                <Skeleton className="mt-1 h-11 w-full" />
              ) : divisions.isError ? (
                <p className="mt-1 text-sm font-medium text-danger-700">{t('fieldForm.divisionsError', { message: divisions.error.message })}</p>
              ) : (
                <div className="mt-1 grid grid-cols-2 gap-x-4 sm:grid-cols-3">
                  {divisions.data.map((division) => (
                    <CheckboxField
                      key={division.id}
                      label={division.name}
                      checked={value.includes(division.id)}
                      // In the league's order, whatever order they are ticked in.
                      onChange={(event) =>
                        onChange(divisions.data.filter((d) => (d.id === division.id ? event.target.checked : value.includes(d.id))).map((d) => d.id))
                      }
                    />
                  ))}
                </div>
              )}
              <FieldError id={`${divisionsId}-error`} message={fieldState.error?.message} />
            </fieldset>
          )}
        />
        <CheckboxField label={t('fieldForm.lights')} hint={t('fieldForm.lightsHint')} {...register('lights')} />
        <CheckboxField label={t('fieldForm.active')} hint={t('fieldForm.activeHint')} {...register('active')} />
        <div className="mt-2 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={onClose} disabled={isSubmitting}>
            {t('fieldForm.cancel')}
          </Button>
          <Button type="submit" busy={isSubmitting}>
            {field ? t('fieldForm.save') : t('fieldForm.add')}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
