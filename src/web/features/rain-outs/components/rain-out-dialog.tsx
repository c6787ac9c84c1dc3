import { useMemo, useState, type ChangeEvent } from 'react';
import { useWatch } from 'react-hook-form';
import { Link } from 'react-router';
import { DEFAULT_LEAGUE_TIMEZONE } from '../../../../shared/constants';
import { closurePlace, closureWhen } from '../../../../shared/rain-outs/closure-words';
import { RAIN_OUT_REASONS } from '../../../../shared/rain-outs/rain-outs.schemas';
import { Alert } from '../../../components/ui/alert';
import { Button, buttonClasses } from '../../../components/ui/button';
import { CheckboxField } from '../../../components/ui/checkbox-field';
import { ConfirmModal } from '../../../components/ui/confirm-modal';
import { FieldError } from '../../../components/ui/field-shell';
import { LoadErrorAlert } from '../../../components/ui/load-error-alert';
import { Skeleton } from '../../../components/ui/loading';
import { Modal } from '../../../components/ui/modal';
import { SelectField } from '../../../components/ui/select-field';
import { TextField } from '../../../components/ui/text-field';
import { useFacilities } from '../../../lib/api/get-facilities';
import { useLeague } from '../../../lib/api/get-league';
import { cx } from '../../../lib/cx';
import { timeZoneName, todayInZone } from '../../../lib/dates';
import { toast } from '../../../lib/toast';
import { useZodForm } from '../../../lib/use-zod-form';
import { useCreateRainOut, type RainOutValues } from '../api/create-rain-out';
import { allFieldIdsOf, DEFAULT_FROM, DEFAULT_TO, rainOutFormSchema, type RainOutForm } from '../rain-out-form-schema';
import { rainedOutMessage, rainOutConsequence } from '../rain-out-words';

const FIELDS = ['facilityId', 'fieldIds', 'day', 'startsAt', 'endsAt', 'reason'] as const;

interface RainOutFacility {
  id: string;
  name: string;
  fields: Array<{ id: string; name: string }>;
}

/**
 * Rain out a facility, or some of its fields, for part of a day: the form, then a question that says what will
 * happen, then a toast with what did. `facilityId` preselects a facility (its row's Rain-out button).
 */
export function RainOutDialog({ facilityId, onClose }: { facilityId?: string | undefined; onClose: () => void }) {
  const league = useLeague();
  const facilities = useFacilities();
  const create = useCreateRainOut();
  // Active facilities with their active fields: a rain-out closes fields teams can book.
  const open = useMemo(
    () =>
      (facilities.data ?? [])
        .filter((f) => f.active)
        .map((f) => ({
          id: f.id,
          name: f.name,
          fields: f.fields.filter((field) => field.active).map((field) => ({ id: field.id, name: field.name })),
        }))
        .filter((f) => f.fields.length > 0),
    [facilities.data],
  );

  return (
    <Modal open title="Rain-out" onClose={create.isPending ? () => undefined : onClose}>
      {facilities.isPending || league.isPending ? (
        <div className="flex flex-col gap-4" aria-hidden="true">
          <Skeleton className="h-16 w-full" />
          <Skeleton className="h-24 w-full" />
          <Skeleton className="h-16 w-full" />
        </div>
      ) : facilities.isError ? (
        <LoadErrorAlert title="The facilities could not be loaded" message={facilities.error.message} onRetry={() => facilities.refetch()} />
      ) : open.length === 0 ? (
        <div className="flex flex-col gap-4">
          <p className="text-slate-700">There are no facilities with fields to close yet. Add a facility and its fields first.</p>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="secondary" onClick={onClose}>
              Close
            </Button>
            <Link to="/admin-facility-manager" className={buttonClasses('primary')}>
              Add facilities and fields
            </Link>
          </div>
        </div>
      ) : (
        <RainOutFormBody
          facilities={open}
          // The league's zone, or the default one when its settings could not be loaded.
          timeZone={league.data?.timeZone ?? DEFAULT_LEAGUE_TIMEZONE}
          initialFacilityId={facilityId && open.some((f) => f.id === facilityId) ? facilityId : open.length === 1 ? open[0]!.id : ''}
          create={create}
          onClose={onClose}
        />
      )}
    </Modal>
  );
}

function RainOutFormBody({
  facilities,
  timeZone,
  initialFacilityId,
  create,
  onClose,
}: {
  facilities: RainOutFacility[];
  timeZone: string;
  initialFacilityId: string;
  create: ReturnType<typeof useCreateRainOut>;
  onClose: () => void;
}) {
  const schema = useMemo(() => rainOutFormSchema(timeZone, facilities), [timeZone, facilities]);
  const {
    register,
    submit,
    formError,
    setValue,
    control,
    showServerError,
    formState: { errors, isSubmitted },
  } = useZodForm(schema, {
    defaultValues: {
      facilityId: initialFacilityId,
      fieldIds: allFieldIdsOf(facilities, initialFacilityId),
      day: todayInZone(timeZone),
      startsAt: DEFAULT_FROM,
      endsAt: DEFAULT_TO,
      reason: '',
    } satisfies RainOutForm,
    serverFields: FIELDS,
  });
  const [pending, setPending] = useState<RainOutValues | null>(null);
  const facilityId = useWatch({ control, name: 'facilityId' });
  const fieldIds = useWatch({ control, name: 'fieldIds' });
  const reason = useWatch({ control, name: 'reason' });
  const facility = facilities.find((f) => f.id === facilityId);

  const setFields = (next: string[]) =>
    setValue('fieldIds', next, {
      shouldDirty: true,
      shouldValidate: isSubmitted,
    });
  const toggleField = (id: string, checked: boolean) => setFields(checked ? [...fieldIds, id] : fieldIds.filter((f) => f !== id));

  const onSubmit = submit((values) => setPending(values));

  const place = (values: RainOutValues) =>
    closurePlace({
      facilityName: facility?.name ?? 'the facility',
      fieldNames: values.fieldIds.length === 0 ? null : (facility?.fields ?? []).filter((f) => values.fieldIds.includes(f.id)).map((f) => f.name),
    });

  const rainOut = async () => {
    if (!pending) return;
    try {
      const result = await create.mutateAsync(pending);
      toast.success(rainedOutMessage(closurePlace(result.closure), result));
      onClose();
    } catch (err) {
      setPending(null);
      showServerError(err);
    }
  };

  const fieldsErrorId = 'rain-out-fields-error';

  return (
    <>
      <form onSubmit={(event) => void onSubmit(event)} noValidate className="flex flex-col gap-5">
        <p className="text-sm text-slate-700">
          Closes the fields for the time you choose and cancels the practices booked there. Each team gets a make-up practice past its booking limits, and its
          coaches get one email. Times are league time: {timeZoneName(timeZone)}.
        </p>
        {formError ? <Alert>{formError}</Alert> : null}

        <SelectField
          label="Facility"
          error={errors.facilityId?.message}
          {...register('facilityId', {
            onChange: (event: ChangeEvent<HTMLSelectElement>) => setFields(allFieldIdsOf(facilities, event.target.value)),
          })}
        >
          <option value="">Choose a facility</option>
          {facilities.map((f) => (
            <option key={f.id} value={f.id}>
              {f.name}
            </option>
          ))}
        </SelectField>

        {facility ? (
          <fieldset aria-describedby={errors.fieldIds?.message ? fieldsErrorId : undefined}>
            <legend className="text-sm font-semibold text-slate-800">Fields</legend>
            <p className="text-sm text-slate-600">
              {fieldIds.length === facility.fields.length ? `All checked: the whole of ${facility.name} closes.` : 'Only the checked fields close.'}
            </p>
            <div className="mt-1 grid gap-x-4 sm:grid-cols-2">
              {facility.fields.map((field) => (
                <CheckboxField
                  key={field.id}
                  label={field.name}
                  checked={fieldIds.includes(field.id)}
                  onChange={(event) => toggleField(field.id, event.target.checked)}
                />
              ))}
            </div>
            <FieldError id={fieldsErrorId} message={errors.fieldIds?.message} />
          </fieldset>
        ) : null}

        <div className="grid grid-cols-2 gap-4 sm:grid-cols-3">
          <TextField label="Day" type="date" className="col-span-2 sm:col-span-1" error={errors.day?.message} {...register('day')} />
          <TextField label="From" type="time" step={900} error={errors.startsAt?.message} {...register('startsAt')} />
          <TextField label="To" type="time" step={900} hint="12:00 am is midnight." error={errors.endsAt?.message} {...register('endsAt')} />
        </div>

        <div>
          <div role="group" aria-label="Quick reasons" className="mb-2 flex flex-wrap gap-2">
            {RAIN_OUT_REASONS.map((pick) => (
              <Button
                key={pick}
                variant="secondary"
                size="sm"
                aria-pressed={reason === pick}
                className={cx(reason === pick && 'border-primary-800 bg-primary-50')}
                onClick={() =>
                  setValue('reason', pick, {
                    shouldDirty: true,
                    shouldValidate: isSubmitted,
                  })
                }
              >
                {pick}
              </Button>
            ))}
          </div>
          <TextField
            label="Reason"
            autoComplete="off"
            maxLength={120}
            hint="Pick one above or write your own; coaches read it."
            error={errors.reason?.message}
            {...register('reason')}
          />
        </div>

        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit">Rain out…</Button>
        </div>
      </form>

      <ConfirmModal
        open={pending !== null}
        title={pending ? `Rain out ${place(pending)}?` : 'Rain out?'}
        message={
          pending ? (
            <>
              <p>{rainOutConsequence(place(pending), closureWhen(new Date(pending.startsAt), new Date(pending.endsAt), timeZone, new Date()))}</p>
              <p className="mt-2">Coaches read the reason: “{pending.reason}”. You can reopen it later on Block slots.</p>
            </>
          ) : null
        }
        confirmLabel="Rain out and cancel practices"
        cancelLabel="Back"
        destructive
        busy={create.isPending}
        onConfirm={() => void rainOut()}
        onCancel={() => setPending(null)}
      />
    </>
  );
}
