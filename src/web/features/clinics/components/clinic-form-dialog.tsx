import type { z } from 'zod';
import { useMemo } from 'react';
import type { Clinic } from '../../../../shared/clinics/clinics.schemas';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { CheckboxField } from '../../../components/ui/checkbox-field';
import { Modal } from '../../../components/ui/modal';
import { SelectField } from '../../../components/ui/select-field';
import { TextAreaField } from '../../../components/ui/text-area-field';
import { TextField } from '../../../components/ui/text-field';
import { useFacilities } from '../../../lib/api/get-facilities';
import { timeZoneName } from '../../../lib/dates';
import { useT } from '../../../lib/i18n';
import { toast } from '../../../lib/toast';
import { useZodForm } from '../../../lib/use-zod-form';
import { useSaveClinic } from '../api/save-clinic';
import { clinicFormSchema, clinicToForm, emptyClinicForm, OTHER_PLACE, type ClinicForm } from '../clinic-form-schema';

const FIELDS = [
  'title',
  'description',
  'startsAt',
  'endsAt',
  'facilityId',
  'locationText',
  'ageGroup',
  'capacity',
  'registrationOpensAt',
  'registrationClosesAt',
] as const;

/** What the dialog edits: a new clinic, or an existing one. Closed when null. */
export type ClinicEditing = { clinic: Clinic | null } | null;

/** Create or edit a clinic (admins). Mounted afresh for each clinic, so the form starts from its values. */
export function ClinicFormDialog({ editing, timeZone, onClose }: { editing: ClinicEditing; timeZone: string; onClose: () => void }) {
  const { t } = useT('clinics');
  return (
    <Modal open={editing !== null} title={editing?.clinic ? t('form.titleEdit', { title: editing.clinic.title }) : t('form.titleNew')} onClose={onClose} size="lg">
      {editing ? <ClinicFormBody key={editing.clinic?.id ?? 'new'} clinic={editing.clinic} timeZone={timeZone} onClose={onClose} /> : null}
    </Modal>
  );
}

function ClinicFormBody({ clinic, timeZone, onClose }: { clinic: Clinic | null; timeZone: string; onClose: () => void }) {
  const { t } = useT('clinics');
  const save = useSaveClinic();
  const facilities = useFacilities({ includeInactive: true });
  const schema = useMemo(() => clinicFormSchema(t, timeZone), [t, timeZone]);
  const defaultValues = useMemo(() => (clinic ? clinicToForm(clinic, timeZone) : emptyClinicForm), [clinic, timeZone]);
  const form = useZodForm<ClinicForm, z.output<typeof schema>>(schema, { defaultValues, serverFields: FIELDS });
  const {
    register,
    watch,
    formState: { errors, isSubmitting },
  } = form;
  const place = watch('facilityId');

  const onSubmit = form.submit(async (input) => {
    const { clinic: saved, promoted } = await save.mutateAsync({ id: clinic?.id ?? null, input });
    toast.success(
      clinic
        ? promoted
          ? t('form.savedPromoted', { title: saved.title, promoted })
          : t('form.saved', { title: saved.title })
        : saved.published
          ? t('form.createdPublished', { title: saved.title })
          : t('form.createdUnpublished', { title: saved.title }),
    );
    onClose();
  });

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate className="flex flex-col gap-4">
      <p className="text-sm text-slate-700">
        {t('form.zone', { zoneName: timeZoneName(timeZone), zone: timeZone })}
      </p>
      {form.formError ? <Alert>{form.formError}</Alert> : null}
      <TextField label={t('form.title')} error={errors.title?.message} {...register('title')} />
      <TextAreaField label={t('form.description')} hint={t('form.descriptionHint')} error={errors.description?.message} {...register('description')} />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label={t('form.starts')} type="datetime-local" error={errors.startsAt?.message} {...register('startsAt')} />
        <TextField label={t('form.ends')} type="datetime-local" error={errors.endsAt?.message} {...register('endsAt')} />
        <SelectField label={t('form.place')} error={errors.facilityId?.message} {...register('facilityId')}>
          <option value="">{t('form.choosePlace')}</option>
          {(facilities.data ?? []).map((f) => (
            <option key={f.id} value={f.id}>
              {f.name}
            </option>
          ))}
          <option value={OTHER_PLACE}>{t('form.somewhereElse')}</option>
        </SelectField>
        {place === OTHER_PLACE ? (
          <TextField label={t('form.where')} hint={t('form.whereHint')} error={errors.locationText?.message} {...register('locationText')} />
        ) : (
          <div className="hidden sm:block" />
        )}
        <TextField label={t('form.ageGroup')} hint={t('form.ageGroupHint')} error={errors.ageGroup?.message} {...register('ageGroup')} />
        <TextField
          label={t('form.capacity')}
          type="number"
          inputMode="numeric"
          min={1}
          hint={t('form.capacityHint')}
          error={errors.capacity?.message}
          {...register('capacity')}
        />
        <TextField
          label={t('form.opens')}
          type="datetime-local"
          hint={t('form.opensHint')}
          error={errors.registrationOpensAt?.message}
          {...register('registrationOpensAt')}
        />
        <TextField
          label={t('form.closes')}
          type="datetime-local"
          hint={t('form.closesHint')}
          error={errors.registrationClosesAt?.message}
          {...register('registrationClosesAt')}
        />
      </div>
      <CheckboxField label={t('form.published')} hint={t('form.publishedHint')} {...register('published')} />
      <div className="mt-2 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onClose}>
          {t('form.cancel')}
        </Button>
        <Button type="submit" busy={isSubmitting}>
          {clinic ? t('form.save') : t('form.create')}
        </Button>
      </div>
    </form>
  );
}
