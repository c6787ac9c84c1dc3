import { useState } from 'react';
import type { Facility } from '../../../../shared/facilities/facilities.schemas';
import {
  DURATION_CHOICES,
  MAX_NOTES_LENGTH,
  MAX_PREFERRED_DATES,
  practiceRequestInputSchema,
} from '../../../../shared/practice-requests/practice-requests.schemas';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { SelectField } from '../../../components/ui/select-field';
import { TextAreaField } from '../../../components/ui/text-area-field';
import { TextField } from '../../../components/ui/text-field';
import { useT } from '../../../lib/i18n';
import { toast } from '../../../lib/toast';
import { useZodForm } from '../../../lib/use-zod-form';
import { useFilePracticeRequest } from '../api/file-practice-request';
import { durationText } from './practice-request-words';

interface FormValues {
  preferredDates: string[];
  windowStart: string;
  windowEnd: string;
  durationMinutes: string;
  facilityId: string;
  fieldId: string;
  notes: string;
}

const empty: FormValues = {
  preferredDates: ['', '', ''],
  windowStart: '17:00',
  windowEnd: '20:00',
  durationMinutes: '90',
  facilityId: '',
  fieldId: '',
  notes: '',
};
const SERVER_FIELDS = [
  'preferredDates.0',
  'preferredDates.1',
  'preferredDates.2',
  'windowStart',
  'windowEnd',
  'durationMinutes',
  'facilityId',
  'fieldId',
  'notes',
] as const;

/** The coach's request: up to three dates in order, a time window, a duration, a place, notes. */
export function PracticeRequestForm({ facilities, today, teamName }: { facilities: readonly Facility[]; today: string; teamName: string | null }) {
  const { t } = useT('practice-requests');
  const ordinal = [t('form.firstChoice'), t('form.secondChoice'), t('form.thirdChoice')];
  const removeLabel = [null, t('form.removeSecondChoice'), t('form.removeThirdChoice')];
  const file = useFilePracticeRequest();
  const [dateCount, setDateCount] = useState(1);
  const {
    register,
    submit,
    formError,
    reset,
    watch,
    setValue,
    formState: { errors, isSubmitting },
  } = useZodForm(practiceRequestInputSchema, {
    defaultValues: empty,
    serverFields: SERVER_FIELDS,
    // Only the date inputs on screen count; an empty one among them is "Choose a date" at its place.
    fill: (v: FormValues) => ({ ...v, preferredDates: v.preferredDates.slice(0, dateCount), notes: v.notes || null }),
  });
  const facilityId = watch('facilityId');
  const facility = facilities.find((f) => f.id === facilityId);
  const fieldChoices = (facility ? [facility] : facilities).flatMap((f) => f.fields.filter((field) => field.active).map((field) => ({ field, facility: f })));

  const onSubmit = submit(async (values) => {
    await file.mutateAsync(values);
    toast.success(teamName ? t('form.sent', { team: teamName }) : t('form.sentNoTeam'));
    reset(empty);
    setDateCount(1);
  });

  const removeLast = () => {
    setValue(`preferredDates.${dateCount - 1}`, '');
    setDateCount((n) => n - 1);
  };

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate className="flex flex-col gap-5" aria-label={t('form.label')}>
      {formError ? <Alert>{formError}</Alert> : null}
      <fieldset className="flex flex-col gap-3">
        <legend className="mb-2 text-sm font-semibold text-slate-800">{t('form.dates')}</legend>
        <div className="grid gap-3 sm:grid-cols-3">
          {Array.from({ length: dateCount }, (_, i) => (
            <TextField key={i} label={ordinal[i]!} type="date" min={today} error={errors.preferredDates?.[i]?.message} {...register(`preferredDates.${i}`)} />
          ))}
        </div>
        {errors.preferredDates?.message ? <p className="text-sm text-danger-700">{errors.preferredDates.message}</p> : null}
        <div className="flex flex-wrap gap-2">
          {dateCount < MAX_PREFERRED_DATES ? (
            <Button variant="secondary" size="sm" onClick={() => setDateCount((n) => n + 1)}>
              {t('form.addDate')}
            </Button>
          ) : null}
          {dateCount > 1 ? (
            <Button variant="ghost" size="sm" onClick={removeLast}>
              {removeLabel[dateCount - 1]}
            </Button>
          ) : null}
        </div>
      </fieldset>

      <div className="grid gap-4 sm:grid-cols-3">
        <TextField label={t('form.earliestStart')} type="time" step={900} error={errors.windowStart?.message} {...register('windowStart')} />
        <TextField label={t('form.latestEnd')} type="time" step={900} error={errors.windowEnd?.message} {...register('windowEnd')} />
        <SelectField label={t('form.length')} error={errors.durationMinutes?.message} {...register('durationMinutes')}>
          {DURATION_CHOICES.map((m) => (
            <option key={m} value={m}>
              {durationText(t, m)}
            </option>
          ))}
        </SelectField>
      </div>

      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField label={t('form.facility')} error={errors.facilityId?.message} {...register('facilityId', { onChange: () => setValue('fieldId', '') })}>
          <option value="">{t('form.anyFacility')}</option>
          {facilities.map((f) => (
            <option key={f.id} value={f.id}>
              {f.name}
            </option>
          ))}
        </SelectField>
        <SelectField label={t('form.field')} error={errors.fieldId?.message} {...register('fieldId')}>
          <option value="">{t('form.anyField')}</option>
          {fieldChoices.map(({ field, facility: f }) => (
            <option key={field.id} value={field.id}>
              {facility ? field.name : `${f.name} · ${field.name}`}
            </option>
          ))}
        </SelectField>
      </div>

      <TextAreaField
        label={t('form.notes')}
        hint={t('form.notesHint')}
        maxLength={MAX_NOTES_LENGTH}
        error={errors.notes?.message}
        {...register('notes')}
      />

      <div>
        <Button type="submit" busy={isSubmitting}>
          {t('form.send')}
        </Button>
      </div>
    </form>
  );
}
