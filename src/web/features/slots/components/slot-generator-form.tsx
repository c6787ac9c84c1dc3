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
import { formatNumber } from '../../../lib/count-words';
import { formatClock, formatDayRange } from '../../../lib/dates';
import { useT, type Translate } from '../../../lib/i18n';
import { useZodForm } from '../../../lib/use-zod-form';
import { useGenerateSlots } from '../api/generate-slots';
import { usePreviewSlots, type SlotGeneratorValues } from '../api/preview-slots';
import { generateSummary } from '../slot-words';
import { FieldPicker } from './field-picker';
import { GeneratorPreviewPanel } from './generator-preview-panel';
import { SkipDatesInput } from './skip-dates-input';

type GeneratorForm = z.input<typeof slotGeneratorInputSchema>;

const FIELDS = ['seasonId', 'fieldIds', 'daysOfWeek', 'firstStart', 'lastEnd', 'lengthMinutes', 'gapMinutes', 'startDate', 'endDate', 'skipDates'] as const;

/** ISO days of the week (1 = Monday), with the catalogue's short and long names ("Mon", "Monday"; "lun", "lunes"). */
export const DAYS = [
  { value: 1, label: 'days.short.1', name: 'days.long.1' },
  { value: 2, label: 'days.short.2', name: 'days.long.2' },
  { value: 3, label: 'days.short.3', name: 'days.long.3' },
  { value: 4, label: 'days.short.4', name: 'days.long.4' },
  { value: 5, label: 'days.short.5', name: 'days.long.5' },
  { value: 6, label: 'days.short.6', name: 'days.long.6' },
  { value: 7, label: 'days.short.7', name: 'days.long.7' },
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

const numberError = (t: Translate<'slots'>, error: FormFieldError | undefined) => (error?.type === 'invalid_type' ? t('generator.enterMinutes') : error?.message);

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
  const { t } = useT('slots');
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
          const summary = generateSummary(t, result);
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
        {t('generator.title')}
      </h2>
      <p className="mt-1 text-slate-700">{t('generator.intro', { zone: timeZone })}</p>

      <form onSubmit={(event) => void onPreview(event)} noValidate className="mt-5 flex flex-col gap-6">
        {formError ? <Alert>{formError}</Alert> : null}
        <fieldset disabled={creating} className="flex flex-col gap-6">
          <SelectField
            label={t('generator.season')}
            className="max-w-xl"
            hint={
              season
                ? season.active
                  ? t('generator.seasonActive', { range: formatDayRange(season.startsOn, season.endsOn) })
                  : formatDayRange(season.startsOn, season.endsOn)
                : undefined
            }
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
                <legend className="mb-2 text-sm font-semibold text-slate-800">{t('generator.days')}</legend>
                <div className="flex flex-wrap gap-2">
                  {DAYS.map((day) => {
                    const checked = field.value.includes(day.value);
                    return (
                      <label
                        key={day.value}
                        title={t(day.name)}
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
                        {t(day.label)}
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
              <TextField label={t('generator.firstStart')} type="time" step={300} error={errors.firstStart?.message} {...register('firstStart')} />
              <TextField label={t('generator.lastEnd')} type="time" step={300} hint={t('generator.lastEndHint')} error={errors.lastEnd?.message} {...register('lastEnd')} />
              <TextField
                label={t('generator.length')}
                type="number"
                inputMode="numeric"
                min={15}
                max={480}
                step={5}
                error={numberError(t, errors.lengthMinutes)}
                {...register('lengthMinutes', { valueAsNumber: true })}
              />
              <TextField
                label={t('generator.gap')}
                type="number"
                inputMode="numeric"
                min={0}
                max={240}
                step={5}
                error={numberError(t, errors.gapMinutes)}
                {...register('gapMinutes', { valueAsNumber: true })}
              />
            </div>
            <p className="mt-2 text-sm text-slate-700" aria-live="polite">
              {windows.length === 0
                ? t('generator.noWindow')
                : t('generator.windows', {
                    count: windows.length,
                    times: windows.map(([s, e]) => `${formatClock(hhmmOf(s))} – ${formatClock(hhmmOf(e))}`).join(', '),
                  })}
            </p>
          </div>

          <div>
            <div className="grid gap-4 sm:grid-cols-2 lg:max-w-xl">
              <TextField label={t('generator.from')} type="date" error={errors.startDate?.message} {...register('startDate')} />
              <TextField label={t('generator.to')} type="date" error={errors.endDate?.message} {...register('endDate')} />
            </div>
            {season ? (
              <p className="mt-2 text-sm text-slate-700">
                {clamped
                  ? clamped.from === values.startDate && clamped.to === values.endDate
                    ? t('generator.insideSeason', { season: formatDayRange(season.startsOn, season.endsOn) })
                    : t('generator.partlyInside', { range: formatDayRange(clamped.from, clamped.to), season: formatDayRange(season.startsOn, season.endsOn) })
                  : t('generator.outsideSeason', { season: formatDayRange(season.startsOn, season.endsOn) })}
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
            {t('generator.preview')}
          </Button>
          {previewed && stale ? <p className="text-sm font-medium text-warning-800">{t('generator.stale')}</p> : null}
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
            <ProgressBar
              label={t('generator.creating')}
              value={run.done}
              max={run.total}
              valueText={t('generator.progress', { done: formatNumber(run.done), total: run.total })}
            />
          ) : run.phase === 'done' ? (
            <Alert tone="success" title={t('generator.createdTitle')}>
              {t('generator.createdText', { summary: run.summary })}
            </Alert>
          ) : (
            <Alert title={t('generator.failedTitle')}>{run.message}</Alert>
          )}
        </div>
      ) : null}
    </section>
  );
}
