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
  return (
    <Modal open={editing !== null} title={editing?.round ? 'Edit the opening round' : `New opening round for ${season.name}`} onClose={onClose} size="lg">
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
  const create = useCreateOpening();
  const edit = useEditOpening();
  const divisions = useLeagueDivisions().data ?? [];
  const schema = useMemo(() => openingFormSchema(season.id, timeZone), [season.id, timeZone]);
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
      round
        ? 'Saved the opening round.'
        : `The opening round for ${season.name} is announced: coaches can rank slots from ${formatDateTime(saved.opensAt, timeZone)}.`,
    );
    onSaved(saved);
  });

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate className="flex flex-col gap-4">
      <p className="text-sm text-slate-700">
        Times are league time: {timeZoneName(timeZone)} ({timeZone}).
      </p>
      {formError ? <Alert>{formError}</Alert> : null}
      <fieldset className="grid gap-4 sm:grid-cols-2">
        <legend className="mb-2 font-semibold text-primary-900">Slots in the round</legend>
        <TextField
          label="First day"
          type="date"
          min={season.startsOn}
          max={season.endsOn}
          hint="Slots starting on this day or later"
          error={errors.coversFrom?.message}
          {...register('coversFrom')}
        />
        <TextField
          label="Last day"
          type="date"
          min={season.startsOn}
          max={season.endsOn}
          hint="Up to the end of this day"
          error={errors.coversTo?.message}
          {...register('coversTo')}
        />
      </fieldset>
      <fieldset className="grid gap-4 sm:grid-cols-3">
        <legend className="mb-2 font-semibold text-primary-900">When</legend>
        <TextField label="Preferences open" type="datetime-local" error={errors.opensAt?.message} {...register('opensAt')} />
        <TextField label="Preferences close" type="datetime-local" error={errors.closesAt?.message} {...register('closesAt')} />
        <TextField label="Draw" type="datetime-local" hint="At or after the close" error={errors.drawAt?.message} {...register('drawAt')} />
      </fieldset>
      {divisions.length > 0 ? (
        <fieldset className="grid gap-4 sm:grid-cols-3">
          <legend className="mb-2 font-semibold text-primary-900">Lists open by division</legend>
          <p className="text-sm text-slate-700 sm:col-span-3">
            Optional: a division whose coaches start ranking later than the preferences open. Leave it empty to open with the round.
          </p>
          {divisions.map((d) => (
            <TextField
              key={d.id}
              label={`${d.name} lists open`}
              type="datetime-local"
              hint="Empty: when preferences open"
              error={errors.divisionOpens?.[d.id]?.message}
              {...register(divisionOpensField(d.id))}
            />
          ))}
        </fieldset>
      ) : null}
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="Preferences per team"
          type="number"
          inputMode="numeric"
          min={1}
          max={50}
          step={1}
          hint="How many slots a team may rank (1 to 50)"
          error={errors.maxPreferences?.message}
          {...register('maxPreferences')}
        />
        <SelectField label="Team order" error={errors.weighting?.message} {...register('weighting')}>
          <option value="none">Seeded draw only</option>
          <option value="fewer-prime-hours-first">Fewer prime-time hours so far go first</option>
        </SelectField>
      </div>
      <SwitchField
        label="First come for the rest right after the draw"
        hint="Off: the slots nobody got stay closed until you press “Open the rest for booking”."
        {...register('firstComeAfter')}
      />
      <div className="mt-2 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onClose}>
          Cancel
        </Button>
        <Button type="submit" busy={isSubmitting}>
          {round ? 'Save round' : 'Create round'}
        </Button>
      </div>
    </form>
  );
}
