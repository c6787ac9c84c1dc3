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
  return (
    <Modal open={editing !== null} title={editing?.clinic ? `Edit ${editing.clinic.title}` : 'New clinic'} onClose={onClose} size="lg">
      {editing ? <ClinicFormBody key={editing.clinic?.id ?? 'new'} clinic={editing.clinic} timeZone={timeZone} onClose={onClose} /> : null}
    </Modal>
  );
}

function ClinicFormBody({ clinic, timeZone, onClose }: { clinic: Clinic | null; timeZone: string; onClose: () => void }) {
  const save = useSaveClinic();
  const facilities = useFacilities({ includeInactive: true });
  const schema = useMemo(() => clinicFormSchema(timeZone), [timeZone]);
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
        ? `${saved.title} is saved${promoted ? `. ${promoted} moved up from the waitlist and ${promoted === 1 ? 'was' : 'were'} emailed.` : '.'}`
        : `${saved.title} is created${saved.published ? ' and published' : ' (not published yet)'}.`,
    );
    onClose();
  });

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate className="flex flex-col gap-4">
      <p className="text-sm text-slate-700">
        Times are league time: {timeZoneName(timeZone)} ({timeZone}).
      </p>
      {form.formError ? <Alert>{form.formError}</Alert> : null}
      <TextField label="Title" error={errors.title?.message} {...register('title')} />
      <TextAreaField label="Description" hint="What to bring, who runs it (optional)" error={errors.description?.message} {...register('description')} />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label="Starts" type="datetime-local" error={errors.startsAt?.message} {...register('startsAt')} />
        <TextField label="Ends" type="datetime-local" error={errors.endsAt?.message} {...register('endsAt')} />
        <SelectField label="Place" error={errors.facilityId?.message} {...register('facilityId')}>
          <option value="">Choose a place</option>
          {(facilities.data ?? []).map((f) => (
            <option key={f.id} value={f.id}>
              {f.name}
            </option>
          ))}
          <option value={OTHER_PLACE}>Somewhere else (type it)</option>
        </SelectField>
        {place === OTHER_PLACE ? (
          <TextField label="Where" hint='e.g. "Lincoln Middle School gym"' error={errors.locationText?.message} {...register('locationText')} />
        ) : (
          <div className="hidden sm:block" />
        )}
        <TextField label="Age group" hint='e.g. "8U–10U" (optional)' error={errors.ageGroup?.message} {...register('ageGroup')} />
        <TextField
          label="Capacity"
          type="number"
          inputMode="numeric"
          min={1}
          hint="Places; more sign-ups join the waitlist"
          error={errors.capacity?.message}
          {...register('capacity')}
        />
        <TextField
          label="Registration opens"
          type="datetime-local"
          hint="Empty: open now"
          error={errors.registrationOpensAt?.message}
          {...register('registrationOpensAt')}
        />
        <TextField
          label="Registration closes"
          type="datetime-local"
          hint="Empty: when the clinic starts"
          error={errors.registrationClosesAt?.message}
          {...register('registrationClosesAt')}
        />
      </div>
      <CheckboxField label="Published" hint="Families see published clinics; unpublished ones only admins see." {...register('published')} />
      <div className="mt-2 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onClose}>
          Cancel
        </Button>
        <Button type="submit" busy={isSubmitting}>
          {clinic ? 'Save clinic' : 'Create clinic'}
        </Button>
      </div>
    </form>
  );
}
