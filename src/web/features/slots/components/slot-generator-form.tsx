import { useState } from 'react';
import { Controller, useWatch, type FieldError as FormFieldError } from 'react-hook-form';
import { toast } from '../../../lib/toast';
import type { z } from 'zod';
import type { Facility } from '../../../../shared/facilities/facilities.schemas';
import type { Season } from '../../../../shared/seasons/seasons.schemas';
import { clampToSeason, dailyWindows, hhmmOf } from '../../../../shared/slots/slot-generator';
import { slotGeneratorInputSchema, type GeneratorPreview } from '../../../../shared/slots/slots.schemas';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { FieldError } from '../../../components/ui/field-shell';
import { ProgressBar } from '../../../components/ui/progress-bar';
import { SelectField } from '../../../components/ui/select-field';
import { TextField } from '../../../components/ui/text-field';
import { countOf, formatNumber } from '../../../lib/count-words';
import { formatClock, formatDayRange } from '../../../lib/dates';
import { useZodForm } from '../../../lib/use-zod-form';
import { useGenerateSlots } from '../api/generate-slots';
import { usePreviewSlots, type SlotGeneratorValues } from '../api/preview-slots';
import { generateSummary } from '../slot-words';
import { FieldPicker } from './field-picker';
import { GeneratorPreviewPanel } from './generator-preview-panel';
import { SkipDatesInput } from './skip-dates-input';

type GeneratorForm = z.input<typeof slotGeneratorInputSchema>;

const FIELDS = ['seasonId', 'fieldIds', 'daysOfWeek', 'firstStart', 'lastEnd', 'lengthMinutes', 'gapMinutes', 'startDate', 'endDate', 'skipDates'] as const;

export const DAYS = [
  { value: 1, label: 'Mon', name: 'Monday' },
  { value: 2, label: 'Tue', name: 'Tuesday' },
  { value: 3, label: 'Wed', name: 'Wednesday' },
  { value: 4, label: 'Thu', name: 'Thursday' },
  { value: 5, label: 'Fri', name: 'Friday' },
  { value: 6, label: 'Sat', name: 'Saturday' },
  { value: 7, label: 'Sun', name: 'Sunday' },
] as const;

/** One key per request, whatever the order things were ticked in: the preview is stale when it differs. */
export function generatorRequestKey(v: Partial<GeneratorForm>): string {
  const sorted = <T,>(list: readonly T[] | undefined) => [...(list ?? [])].sort();
  return JSON.stringify([
    v.seasonId,
    sorted(v.fieldIds),
    sorted(v.daysOfWeek),
    v.firstStart,
    v.lastEnd,
    v.lengthMinutes,
    v.gapMinutes,
    v.startDate,
    v.endDate,
    sorted(v.skipDates),
  ]);
}

const numberError = (error: FormFieldError | undefined) => (error?.type === 'invalid_type' ? 'Enter a number of minutes' : error?.message);

type Run = { phase: 'creating'; done: number; total: number } | { phase: 'done'; summary: string } | { phase: 'failed'; message: string } | null;

/**
 * The slot generator: the admin describes the slots, previews what the server would create and what it
 * would skip, then creates them with a progress bar and a summary.
 */
export function SlotGeneratorForm({
  seasons,
  facilities,
  defaultSeasonId,
  timeZone,
}: {
  seasons: readonly Season[];
  facilities: readonly Facility[];
  defaultSeasonId: string;
  timeZone: string;
}) {
  const initialSeason = seasons.find((s) => s.id === defaultSeasonId) ?? seasons[0];
  const previewMutation = usePreviewSlots();
  const generate = useGenerateSlots();
  const [previewed, setPreviewed] = useState<{ key: string; input: SlotGeneratorValues; preview: GeneratorPreview } | null>(null);
  const [run, setRun] = useState<Run>(null);

  const {
    register,
    control,
    submit,
    formError,
    setValue,
    formState: { errors, isSubmitting },
  } = useZodForm(slotGeneratorInputSchema, {
    serverFields: FIELDS,
    defaultValues: {
      seasonId: initialSeason?.id ?? '',
      fieldIds: [],
      daysOfWeek: [],
      firstStart: '17:00',
      lastEnd: '20:00',
      lengthMinutes: 90,
      gapMinutes: 0,
      startDate: initialSeason?.startsOn ?? '',
      endDate: initialSeason?.endsOn ?? '',
      skipDates: [],
    },
  });

  const values = useWatch({ control });
  const season = seasons.find((s) => s.id === values.seasonId);
  const creating = run?.phase === 'creating';
  const stale = previewed !== null && previewed.key !== generatorRequestKey(values);

  // Shown as the admin types: the daily times (pure, the same function the server runs) and the clamp.
  const { firstStart = '', lastEnd = '', lengthMinutes = Number.NaN, gapMinutes = Number.NaN } = values;
  const windows =
    /^\d\d:\d\d$/.test(firstStart) && /^\d\d:\d\d$/.test(lastEnd) && lengthMinutes >= 15 && gapMinutes >= 0
      ? dailyWindows(firstStart, lastEnd, lengthMinutes, gapMinutes)
      : [];
  const clamped = season && values.startDate && values.endDate ? clampToSeason(values.startDate, values.endDate, season) : null;

  const onPreview = submit(async (input) => {
    setRun(null);
    try {
      const preview = await previewMutation.mutateAsync(input);
      setPreviewed({ key: generatorRequestKey(input), input, preview });
    } catch (err) {
      setPreviewed(null);
      throw err;
    }
  });

  const onCreate = () => {
    if (!previewed || stale) return;
    setRun({ phase: 'creating', done: 0, total: previewed.preview.total });
    generate.mutate(
      { input: previewed.input, onProgress: (done, total) => setRun({ phase: 'creating', done, total }) },
      {
        onSuccess: (result) => {
          const summary = generateSummary(result);
          setRun({ phase: 'done', summary });
          setPreviewed(null);
          toast.success(summary);
        },
        onError: (err) => {
          setRun({ phase: 'failed', message: err.message });
          toast.error(err.message);
        },
      },
    );
  };

  return (
    <section aria-labelledby="generator-title" className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
      <h2 id="generator-title" className="text-xl font-bold text-primary-900">
        Generate slots
      </h2>
      <p className="mt-1 text-slate-700">
        Choose fields, days and times; Preview shows what would be created and what overlaps existing slots before anything is saved. Times are in the league’s time zone ({timeZone}).
      </p>

      <form onSubmit={(event) => void onPreview(event)} noValidate className="mt-5 flex flex-col gap-6">
        {formError ? <Alert>{formError}</Alert> : null}
        <fieldset disabled={creating} className="flex flex-col gap-6">
          <SelectField
            label="Season"
            className="max-w-xl"
            hint={season ? `${formatDayRange(season.startsOn, season.endsOn)}${season.active ? ' · the active season' : ''}` : undefined}
            error={errors.seasonId?.message}
            {...register('seasonId', {
              onChange: (event: { target: { value: string } }) => {
                const next = seasons.find((s) => s.id === event.target.value);
                if (next) {
                  setValue('startDate', next.startsOn, { shouldValidate: false });
                  setValue('endDate', next.endsOn, { shouldValidate: false });
                }
              },
            })}
          >
            {seasons.map((s) => (
              <option key={s.id} value={s.id}>
                {s.name}
              </option>
            ))}
          </SelectField>

          <Controller
            control={control}
            name="fieldIds"
            render={({ field, fieldState }) => (
              <FieldPicker facilities={facilities} value={field.value} onChange={field.onChange} error={fieldState.error?.message} disabled={creating} />
            )}
          />

          <Controller
            control={control}
            name="daysOfWeek"
            render={({ field, fieldState }) => (
              <fieldset aria-describedby={fieldState.error ? 'days-error' : undefined}>
                <legend className="mb-2 text-sm font-semibold text-slate-800">Days of the week</legend>
                <div className="flex flex-wrap gap-2">
                  {DAYS.map((day) => {
                    const checked = field.value.includes(day.value);
                    return (
                      <label
                        key={day.value}
                        title={day.name}
                        className="flex min-h-11 min-w-16 cursor-pointer items-center gap-2 rounded-lg border border-slate-300 bg-white px-3 font-semibold text-slate-800 has-checked:border-primary-800 has-checked:bg-primary-800 has-checked:text-white has-focus-visible:outline-3 has-focus-visible:outline-offset-2 has-focus-visible:outline-primary-500"
                      >
                        <input
                          type="checkbox"
                          className="size-4 accent-accent-400"
                          checked={checked}
                          onChange={(event) =>
                            field.onChange(event.target.checked ? [...field.value, day.value].sort() : field.value.filter((d) => d !== day.value))
                          }
                        />
                        {day.label}
                      </label>
                    );
                  })}
                </div>
                <FieldError id="days-error" message={fieldState.error?.message} />
              </fieldset>
            )}
          />

          <div>
            <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
              <TextField label="First start" type="time" step={300} error={errors.firstStart?.message} {...register('firstStart')} />
              <TextField label="Last end" type="time" step={300} hint="The last slot ends by then." error={errors.lastEnd?.message} {...register('lastEnd')} />
              <TextField
                label="Slot length (minutes)"
                type="number"
                inputMode="numeric"
                min={15}
                max={480}
                step={5}
                error={numberError(errors.lengthMinutes)}
                {...register('lengthMinutes', { valueAsNumber: true })}
              />
              <TextField
                label="Gap between slots (minutes)"
                type="number"
                inputMode="numeric"
                min={0}
                max={240}
                step={5}
                error={numberError(errors.gapMinutes)}
                {...register('gapMinutes', { valueAsNumber: true })}
              />
            </div>
            <p className="mt-2 text-sm text-slate-700" aria-live="polite">
              {windows.length === 0
                ? 'No slot fits between the first start and the last end with this length.'
                : `${countOf(windows.length, 'slot')} a day: ${windows.map(([s, e]) => `${formatClock(hhmmOf(s))} – ${formatClock(hhmmOf(e))}`).join(', ')}`}
            </p>
          </div>

          <div>
            <div className="grid gap-4 sm:grid-cols-2 lg:max-w-xl">
              <TextField label="From" type="date" error={errors.startDate?.message} {...register('startDate')} />
              <TextField label="To" type="date" error={errors.endDate?.message} {...register('endDate')} />
            </div>
            {season ? (
              <p className="mt-2 text-sm text-slate-700">
                {clamped
                  ? clamped.from === values.startDate && clamped.to === values.endDate
                    ? `Dates are kept inside the season (${formatDayRange(season.startsOn, season.endsOn)}).`
                    : `Only ${formatDayRange(clamped.from, clamped.to)} is inside the season (${formatDayRange(season.startsOn, season.endsOn)}); slots are created only there.`
                  : `These dates are outside the season (${formatDayRange(season.startsOn, season.endsOn)}): nothing would be created.`}
              </p>
            ) : null}
          </div>

          <Controller
            control={control}
            name="skipDates"
            render={({ field, fieldState }) => (
              <div className="lg:max-w-xl">
                <SkipDatesInput
                  value={field.value ?? []}
                  onChange={field.onChange}
                  min={clamped?.from ?? season?.startsOn}
                  max={clamped?.to ?? season?.endsOn}
                  error={fieldState.error?.message}
                  disabled={creating}
                />
              </div>
            )}
          />
        </fieldset>

        <div className="flex flex-wrap items-center gap-3">
          <Button type="submit" variant={previewed && !stale ? 'secondary' : 'primary'} busy={isSubmitting} disabled={creating}>
            Preview
          </Button>
          {previewed && stale ? <p className="text-sm font-medium text-warning-800">You changed the form since the preview: preview again before creating.</p> : null}
        </div>
      </form>

      {previewed ? (
        <GeneratorPreviewPanel
          preview={previewed.preview}
          timeZone={timeZone}
          stale={stale}
          creating={creating}
          onCreate={onCreate}
        />
      ) : null}

      {run ? (
        <div className="mt-6">
          {run.phase === 'creating' ? (
            <ProgressBar label="Creating slots" value={run.done} max={run.total} valueText={`${formatNumber(run.done)} of ${countOf(run.total, 'slot')}`} />
          ) : run.phase === 'done' ? (
            <Alert tone="success" title="Slots created">
              {run.summary} Find them in the week list below.
            </Alert>
          ) : (
            <Alert title="The slots were not created">{run.message}</Alert>
          )}
        </div>
      ) : null}
    </section>
  );
}
