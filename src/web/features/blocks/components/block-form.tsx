import { useMemo, useState } from 'react';
import { toast } from '../../../lib/toast';
import { BLOCK_CATEGORIES, BLOCK_SCOPES } from '../../../../shared/blocks/blocks.schemas';
import type { Facility } from '../../../../shared/facilities/facilities.schemas';
import type { Slot } from '../../../../shared/slots/slots.schemas';
import { ChosenSlot } from '../../../components/schedule/chosen-slot';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { ConfirmModal } from '../../../components/ui/confirm-modal';
import { SelectField } from '../../../components/ui/select-field';
import { TextField } from '../../../components/ui/text-field';
import { formatDateTimeRange, timeZoneName } from '../../../lib/dates';
import { useT } from '../../../lib/i18n';
import { useZodForm } from '../../../lib/use-zod-form';
import { bookingsInTheWay, useCreateBlock, type BlockValues, type BookingInTheWay } from '../api/create-block';
import { blockFormSchema, emptyBlockForm, type BlockForm as BlockFormValues } from '../block-form-schema';
import { blockedMessage, bookingsQuestion, categoryLabel, scopeLabel } from '../block-words';

const FIELDS = ['scope', 'slotId', 'fieldId', 'facilityId', 'startsAt', 'endsAt', 'category', 'reason'] as const;

export type BlockScope = BlockFormValues['scope'];

/** The chosen-slot box, which the page focuses after Select in the week list. */
export const CHOSEN_SLOT_ID = 'chosen-slot';

/**
 * Block one slot, a field or a whole facility. Tries first without touching bookings; when the server says
 * confirmed bookings are in the way, it lists them and asks before cancelling them.
 */
export function BlockForm({
  facilities,
  timeZone,
  scope,
  onScopeChange,
  selectedSlot,
  onClearSlot,
}: {
  facilities: readonly Facility[];
  timeZone: string;
  /** The scope and the chosen slot live in the page: the week list below picks the slot. */
  scope: BlockScope;
  onScopeChange: (scope: BlockScope) => void;
  selectedSlot: Slot | null;
  onClearSlot: () => void;
}) {
  const { t } = useT('blocks');
  const create = useCreateBlock();
  const [inTheWay, setInTheWay] = useState<{ input: BlockValues; bookings: BookingInTheWay[] } | null>(null);
  const schema = useMemo(() => blockFormSchema(timeZone), [timeZone]);
  const {
    register,
    submit,
    formError,
    reset,
    formState: { errors, isSubmitting },
  } = useZodForm(schema, {
    defaultValues: emptyBlockForm,
    serverFields: FIELDS,
    // The scope and the slot are chosen outside the inputs.
    fill: (values: BlockFormValues) => ({ ...values, scope, slotId: selectedSlot?.id ?? '' }),
  });

  const finish = (result: { slotsBlocked: number; bookingsCancelled: number }) => {
    toast.success(blockedMessage(t, result.slotsBlocked, result.bookingsCancelled));
    reset(emptyBlockForm);
    onClearSlot();
  };

  const onSubmit = submit(async (values) => {
    const input: BlockValues = { ...values, onBookings: 'abort' };
    try {
      finish(await create.mutateAsync(input));
    } catch (err) {
      const bookings = bookingsInTheWay(err);
      if (!bookings) throw err;
      setInTheWay({ input, bookings });
    }
  });

  const cancelBookingsAndBlock = () => {
    if (!inTheWay) return;
    create.mutate(
      { ...inTheWay.input, onBookings: 'cancel' },
      {
        onSuccess: (result) => {
          setInTheWay(null);
          finish(result);
        },
        onError: (err) => {
          setInTheWay(null);
          toast.error(err.message);
        },
      },
    );
  };

  const keepBookings = () => {
    setInTheWay(null);
    toast(t('form.nothingBlocked'));
  };

  const fieldOptions = facilities.filter((f) => f.fields.length > 0);

  return (
    <section aria-labelledby="block-form-title" className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
      <h2 id="block-form-title" className="text-xl font-bold text-primary-900">
        {t('form.title')}
      </h2>
      <p className="mt-1 text-slate-700">{t('form.intro', { zone: timeZoneName(timeZone), timeZone })}</p>
      <form onSubmit={(event) => void onSubmit(event)} noValidate className="mt-5 flex flex-col gap-5">
        {formError ? <Alert>{formError}</Alert> : null}
        <fieldset>
          <legend className="mb-2 text-sm font-semibold text-slate-800">{t('form.whatToBlock')}</legend>
          <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap">
            {BLOCK_SCOPES.map((value) => (
              <label
                key={value}
                className="flex min-h-11 cursor-pointer items-center gap-3 rounded-lg border border-slate-300 px-3 font-medium text-slate-900 has-checked:border-primary-800 has-checked:bg-primary-50"
              >
                <input
                  type="radio"
                  name="block-scope"
                  value={value}
                  checked={scope === value}
                  onChange={() => onScopeChange(value)}
                  className="size-5 accent-primary-800"
                />
                {scopeLabel(t, value)}
              </label>
            ))}
          </div>
        </fieldset>

        {scope === 'slot' ? (
          <ChosenSlot
            id={CHOSEN_SLOT_ID}
            slot={selectedSlot}
            timeZone={timeZone}
            error={errors.slotId?.message}
            emptyText={t('form.noSlot')}
            onClear={onClearSlot}
          />
        ) : (
          <div className="grid gap-4 sm:grid-cols-2">
            {scope === 'field' ? (
              <SelectField label={t('form.field')} className="sm:col-span-2 lg:col-span-1" error={errors.fieldId?.message} {...register('fieldId')}>
                <option value="">{t('form.chooseField')}</option>
                {/* "Facility · Field" in each option: optgroup labels are not read out everywhere. */}
                {fieldOptions.flatMap((facility) =>
                  facility.fields.map((field) => (
                    <option key={field.id} value={field.id}>
                      {`${facility.name} · ${field.name}`}
                    </option>
                  )),
                )}
              </SelectField>
            ) : (
              <SelectField label={t('form.facility')} className="sm:col-span-2 lg:col-span-1" error={errors.facilityId?.message} {...register('facilityId')}>
                <option value="">{t('form.chooseFacility')}</option>
                {facilities.map((facility) => (
                  <option key={facility.id} value={facility.id}>
                    {facility.name}
                  </option>
                ))}
              </SelectField>
            )}
            <div className="hidden lg:block" />
            <TextField label={t('form.starts')} type="datetime-local" error={errors.startsAt?.message} {...register('startsAt')} />
            <TextField label={t('form.ends')} type="datetime-local" error={errors.endsAt?.message} {...register('endsAt')} />
          </div>
        )}

        <div className="grid gap-4 sm:grid-cols-[14rem_1fr]">
          <SelectField label={t('form.category')} error={errors.category?.message} {...register('category')}>
            <option value="">{t('form.chooseCategory')}</option>
            {BLOCK_CATEGORIES.map((category) => (
              <option key={category} value={category}>
                {categoryLabel(t, category)}
              </option>
            ))}
          </SelectField>
          <TextField
            label={t('form.reason')}
            placeholder={t('form.reasonPlaceholder')}
            autoComplete="off"
            hint={t('form.reasonHint')}
            maxLength={200} error={errors.reason?.message} {...register('reason')} />
        </div>

        <div>
          <Button type="submit" busy={isSubmitting}>
            {t('form.submit')}
          </Button>
        </div>
      </form>

      <ConfirmModal
        open={inTheWay !== null}
        title={t('inTheWay.title')}
        message={
          inTheWay ? (
            <div>
              <p>{bookingsQuestion(t, inTheWay.bookings.length)}</p>
              <ul className="mt-3 flex max-h-64 flex-col gap-1 overflow-y-auto rounded-lg border border-slate-200 p-3 text-sm">
                {inTheWay.bookings.map((b) => (
                  <li key={b.bookingId}>
                    <span className="font-semibold">{b.teamName ?? t('inTheWay.aTeam')}</span> · {b.fieldName} · {formatDateTimeRange(b.startsAt, b.endsAt ?? b.startsAt, timeZone)}
                  </li>
                ))}
              </ul>
            </div>
          ) : null
        }
        confirmLabel={t('inTheWay.confirm')}
        cancelLabel={t('inTheWay.keep')}
        destructive
        busy={create.isPending}
        onConfirm={cancelBookingsAndBlock}
        onCancel={keepBookings}
      />
    </section>
  );
}
