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
import { closureWhenWords, timeZoneName, todayInZone } from '../../../lib/dates';
import { useT } from '../../../lib/i18n';
import { toast } from '../../../lib/toast';
import { useZodForm } from '../../../lib/use-zod-form';
import { useCreateRainOut, type RainOutValues } from '../api/create-rain-out';
import { allFieldIdsOf, DEFAULT_FROM, DEFAULT_TO, rainOutFormSchema, type RainOutForm } from '../rain-out-form-schema';
import { rainedOutMessage, rainOutConsequence } from '../rain-out-words';

const FIELDS = ['facilityId', 'fieldIds', 'day', 'startsAt', 'endsAt', 'reason'] as const;

/** The quick reasons' words: a pick writes them, in the admin's language, as the reason. */
const QUICK_REASONS = {
  Lightning: 'dialog.reason.lightning',
  'Wet fields': 'dialog.reason.wetFields',
  Rain: 'dialog.reason.rain',
  Heat: 'dialog.reason.heat',
} as const satisfies Record<(typeof RAIN_OUT_REASONS)[number], string>;

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
  const { t } = useT('rain-outs');
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
    <Modal open title={t('dialog.title')} onClose={create.isPending ? () => undefined : onClose}>
      {facilities.isPending || league.isPending ? (
        <div className="flex flex-col gap-4" aria-hidden="true">
          <Skeleton className="h-16 w-full" />
          <Skeleton className="h-24 w-full" />
          <Skeleton className="h-16 w-full" />
        </div>
      ) : facilities.isError ? (
        <LoadErrorAlert title={t('dialog.facilitiesError')} message={facilities.error.message} onRetry={() => facilities.refetch()} />
      ) : open.length === 0 ? (
        <div className="flex flex-col gap-4">
          <p className="text-slate-700">{t('dialog.noFacilities')}</p>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="secondary" onClick={onClose}>
              {t('dialog.close')}
            </Button>
            <Link to="/admin-facility-manager" className={buttonClasses('primary')}>
              {t('dialog.addFacilities')}
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
  const { t } = useT('rain-outs');
  const schema = useMemo(() => rainOutFormSchema(t, timeZone, facilities), [t, timeZone, facilities]);
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
      facilityName: facility?.name ?? t('dialog.theFacility'),
      fieldNames: values.fieldIds.length === 0 ? null : (facility?.fields ?? []).filter((f) => values.fieldIds.includes(f.id)).map((f) => f.name),
    });

  const rainOut = async () => {
    if (!pending) return;
    try {
      const result = await create.mutateAsync(pending);
      toast.success(rainedOutMessage(t, closurePlace(result.closure), result));
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
        <p className="text-sm text-slate-700">{t('dialog.intro', { zone: timeZoneName(timeZone) })}</p>
        {formError ? <Alert>{formError}</Alert> : null}

        <SelectField
          label={t('dialog.facility')}
          error={errors.facilityId?.message}
          {...register('facilityId', {
            onChange: (event: ChangeEvent<HTMLSelectElement>) => setFields(allFieldIdsOf(facilities, event.target.value)),
          })}
        >
          <option value="">{t('dialog.chooseFacility')}</option>
          {facilities.map((f) => (
            <option key={f.id} value={f.id}>
              {f.name}
            </option>
          ))}
        </SelectField>

        {facility ? (
          <fieldset aria-describedby={errors.fieldIds?.message ? fieldsErrorId : undefined}>
            <legend className="text-sm font-semibold text-slate-800">{t('dialog.fields')}</legend>
            <p className="text-sm text-slate-600">
              {fieldIds.length === facility.fields.length ? t('dialog.allChecked', { facility: facility.name }) : t('dialog.someChecked')}
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
          <TextField label={t('dialog.day')} type="date" className="col-span-2 sm:col-span-1" error={errors.day?.message} {...register('day')} />
          <TextField label={t('dialog.from')} type="time" step={900} error={errors.startsAt?.message} {...register('startsAt')} />
          <TextField label={t('dialog.to')} type="time" step={900} hint={t('dialog.toHint')} error={errors.endsAt?.message} {...register('endsAt')} />
        </div>

        <div>
          <div role="group" aria-label={t('dialog.quickReasons')} className="mb-2 flex flex-wrap gap-2">
            {RAIN_OUT_REASONS.map((id) => {
              const pick = t(QUICK_REASONS[id]);
              return (
                <Button
                  key={id}
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
              );
            })}
          </div>
          <TextField
            label={t('dialog.reason')}
            autoComplete="off"
            maxLength={120}
            hint={t('dialog.reasonHint')}
            error={errors.reason?.message}
            {...register('reason')}
          />
        </div>

        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={onClose}>
            {t('dialog.cancel')}
          </Button>
          <Button type="submit">{t('dialog.submit')}</Button>
        </div>
      </form>

      <ConfirmModal
        open={pending !== null}
        title={pending ? t('dialog.confirmTitle', { place: place(pending) }) : t('dialog.confirmTitleNone')}
        message={
          pending ? (
            <>
              <p>{rainOutConsequence(t, place(pending), closureWhen(new Date(pending.startsAt), new Date(pending.endsAt), timeZone, new Date(), closureWhenWords(timeZone)))}</p>
              <p className="mt-2">{t('dialog.confirmReason', { reason: pending.reason })}</p>
            </>
          ) : null
        }
        confirmLabel={t('dialog.confirm')}
        cancelLabel={t('dialog.back')}
        destructive
        busy={create.isPending}
        onConfirm={() => void rainOut()}
        onCancel={() => setPending(null)}
      />
    </>
  );
}
