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
const ORDINAL = ['First choice', 'Second choice', 'Third choice'];

/** The coach's request: up to three dates in order, a time window, a duration, a place, notes. */
export function PracticeRequestForm({ facilities, today, teamName }: { facilities: readonly Facility[]; today: string; teamName: string }) {
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
    toast.success(`Request sent for ${teamName}. The league will answer here and by email.`);
    reset(empty);
    setDateCount(1);
  });

  const removeLast = () => {
    setValue(`preferredDates.${dateCount - 1}`, '');
    setDateCount((n) => n - 1);
  };

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate className="flex flex-col gap-5" aria-label="Ask for a practice">
      {formError ? <Alert>{formError}</Alert> : null}
      <fieldset className="flex flex-col gap-3">
        <legend className="mb-2 text-sm font-semibold text-slate-800">Preferred dates, most wanted first</legend>
        <div className="grid gap-3 sm:grid-cols-3">
          {Array.from({ length: dateCount }, (_, i) => (
            <TextField key={i} label={ORDINAL[i]!} type="date" min={today} error={errors.preferredDates?.[i]?.message} {...register(`preferredDates.${i}`)} />
          ))}
        </div>
        {errors.preferredDates?.message ? <p className="text-sm text-danger-700">{errors.preferredDates.message}</p> : null}
        <div className="flex flex-wrap gap-2">
          {dateCount < MAX_PREFERRED_DATES ? (
            <Button variant="secondary" size="sm" onClick={() => setDateCount((n) => n + 1)}>
              Add another date
            </Button>
          ) : null}
          {dateCount > 1 ? (
            <Button variant="ghost" size="sm" onClick={removeLast}>
              Remove the {ORDINAL[dateCount - 1]!.toLowerCase()}
            </Button>
          ) : null}
        </div>
      </fieldset>

      <div className="grid gap-4 sm:grid-cols-3">
        <TextField label="Earliest start" type="time" step={900} error={errors.windowStart?.message} {...register('windowStart')} />
        <TextField label="Latest end" type="time" step={900} error={errors.windowEnd?.message} {...register('windowEnd')} />
        <SelectField label="Practice length" error={errors.durationMinutes?.message} {...register('durationMinutes')}>
          {DURATION_CHOICES.map((m) => (
            <option key={m} value={m}>
              {durationText(m)}
            </option>
          ))}
        </SelectField>
      </div>

      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField label="Facility (optional)" error={errors.facilityId?.message} {...register('facilityId', { onChange: () => setValue('fieldId', '') })}>
          <option value="">Any facility</option>
          {facilities.map((f) => (
            <option key={f.id} value={f.id}>
              {f.name}
            </option>
          ))}
        </SelectField>
        <SelectField label="Field (optional)" error={errors.fieldId?.message} {...register('fieldId')}>
          <option value="">Any field</option>
          {fieldChoices.map(({ field, facility: f }) => (
            <option key={field.id} value={field.id}>
              {facility ? field.name : `${f.name} · ${field.name}`}
            </option>
          ))}
        </SelectField>
      </div>

      <TextAreaField
        label="Notes (optional)"
        hint="Anything that helps the league choose, e.g. “we need lights” or “make-up for the rained-out game”."
        maxLength={MAX_NOTES_LENGTH}
        error={errors.notes?.message}
        {...register('notes')}
      />

      <div>
        <Button type="submit" busy={isSubmitting}>
          Send request
        </Button>
      </div>
    </form>
  );
}
