import { useMemo } from 'react';
import type { OpeningRound } from '../../../../shared/opening/opening.schemas';
import type { Season } from '../../../../shared/seasons/seasons.schemas';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { SelectField } from '../../../components/ui/select-field';
import { SwitchField } from '../../../components/ui/switch-field';
import { TextField } from '../../../components/ui/text-field';
import { formatDateTime, timeZoneName } from '../../../lib/dates';
import { useT } from '../../../lib/i18n';
import { toast } from '../../../lib/toast';
import { useZodForm } from '../../../lib/use-zod-form';
import { useCreateOpening, useEditOpening, useLeagueDivisions } from '../api/openings';
import { divisionOpensField, emptyOpeningForm, OPENING_FIELDS, openingFormSchema, toOpeningForm } from '../opening-round-form';

/** What the dialog edits: a new round, or an announced one. Closed when null. */
export type OpeningEditing = { round: OpeningRound | null } | null;

/** Create or edit a season's opening round (admins). Mounted afresh for each round, so the form starts from its values. */
export function OpeningRoundFormDialog({
  editing,
  season,
  timeZone,
  onClose,
  onSaved,
}: {
  editing: OpeningEditing;
  season: Season;
  timeZone: string;
  onClose: () => void;
  onSaved: (round: OpeningRound) => void;
}) {
  const { t } = useT('opening');
  return (
    <Modal open={editing !== null} title={editing?.round ? t('form.editTitle') : t('form.newTitle', { season: season.name })} onClose={onClose} size="lg">
      {editing ? (
        <OpeningRoundFormBody key={editing.round?.id ?? 'new'} round={editing.round} season={season} timeZone={timeZone} onClose={onClose} onSaved={onSaved} />
      ) : null}
    </Modal>
  );
}

function OpeningRoundFormBody({
  round,
  season,
  timeZone,
  onClose,
  onSaved,
}: {
  round: OpeningRound | null;
  season: Season;
  timeZone: string;
  onClose: () => void;
  onSaved: (round: OpeningRound) => void;
}) {
  const { t } = useT('opening');
  const create = useCreateOpening();
  const edit = useEditOpening();
  const divisions = useLeagueDivisions().data ?? [];
  const schema = useMemo(() => openingFormSchema(season.id, timeZone, t), [season.id, timeZone, t]);
  const defaultValues = useMemo(() => (round ? toOpeningForm(round, timeZone) : emptyOpeningForm(season)), [round, season, timeZone]);
  const {
    register,
    submit,
    formError,
    formState: { errors, isSubmitting },
  } = useZodForm(schema, { defaultValues, serverFields: [...OPENING_FIELDS, ...divisions.map((d) => divisionOpensField(d.id))] });

  const onSubmit = submit(async (input) => {
    const { round: saved } = round ? await edit.mutateAsync({ id: round.id, input }) : await create.mutateAsync(input);
    toast.success(
      round ? t('toast.saved') : t('toast.announced', { season: season.name, when: formatDateTime(saved.opensAt, timeZone) }),
    );
    onSaved(saved);
  });

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate className="flex flex-col gap-4">
      <p className="text-sm text-slate-700">{t('form.leagueTime', { zoneName: timeZoneName(timeZone), zone: timeZone })}</p>
      {formError ? <Alert>{formError}</Alert> : null}
      <fieldset className="grid gap-4 sm:grid-cols-2">
        <legend className="mb-2 font-semibold text-primary-900">{t('form.slots')}</legend>
        <TextField
          label={t('form.firstDay')}
          type="date"
          min={season.startsOn}
          max={season.endsOn}
          hint={t('form.firstDayHint')}
          error={errors.coversFrom?.message}
          {...register('coversFrom')}
        />
        <TextField
          label={t('form.lastDay')}
          type="date"
          min={season.startsOn}
          max={season.endsOn}
          hint={t('form.lastDayHint')}
          error={errors.coversTo?.message}
          {...register('coversTo')}
        />
      </fieldset>
      <fieldset className="grid gap-4 sm:grid-cols-3">
        <legend className="mb-2 font-semibold text-primary-900">{t('form.when')}</legend>
        <TextField label={t('form.opens')} type="datetime-local" error={errors.opensAt?.message} {...register('opensAt')} />
        <TextField label={t('form.closes')} type="datetime-local" error={errors.closesAt?.message} {...register('closesAt')} />
        <TextField label={t('form.draw')} type="datetime-local" hint={t('form.drawHint')} error={errors.drawAt?.message} {...register('drawAt')} />
      </fieldset>
      {divisions.length > 0 ? (
        <fieldset className="grid gap-4 sm:grid-cols-3">
          <legend className="mb-2 font-semibold text-primary-900">{t('form.divisions')}</legend>
          <p className="text-sm text-slate-700 sm:col-span-3">{t('form.divisionsBody')}</p>
          {divisions.map((d) => (
            <TextField
              key={d.id}
              label={t('form.divisionOpens', { division: d.name })}
              type="datetime-local"
              hint={t('form.divisionOpensHint')}
              error={errors.divisionOpens?.[d.id]?.message}
              {...register(divisionOpensField(d.id))}
            />
          ))}
        </fieldset>
      ) : null}
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label={t('form.perTeam')}
          type="number"
          inputMode="numeric"
          min={1}
          max={50}
          step={1}
          hint={t('form.perTeamHint')}
          error={errors.maxPreferences?.message}
          {...register('maxPreferences')}
        />
        <SelectField label={t('form.teamOrder')} error={errors.weighting?.message} {...register('weighting')}>
          <option value="none">{t('form.weighting.none')}</option>
          <option value="fewer-prime-hours-first">{t('form.weighting.fewerPrimeHoursFirst')}</option>
        </SelectField>
      </div>
      <SwitchField label={t('form.firstCome')} hint={t('form.firstComeHint')} {...register('firstComeAfter')} />
      <div className="mt-2 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onClose}>
          {t('form.cancel')}
        </Button>
        <Button type="submit" busy={isSubmitting}>
          {round ? t('form.save') : t('form.create')}
        </Button>
      </div>
    </form>
  );
}
