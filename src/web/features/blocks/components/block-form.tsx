import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo, useState } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import toast from 'react-hot-toast';
import { BLOCK_CATEGORIES, BLOCK_SCOPES } from '../../../../shared/blocks/blocks.schemas';
import type { Facility } from '../../../../shared/facilities/facilities.schemas';
import type { Slot } from '../../../../shared/slots/slots.schemas';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { ConfirmModal } from '../../../components/ui/confirm-modal';
import { SelectField } from '../../../components/ui/select-field';
import { FieldError } from '../../../components/ui/field-shell';
import { TextField } from '../../../components/ui/text-field';
import { cx } from '../../../lib/cx';
import { formatDateTimeRange, timeZoneName } from '../../../lib/dates';
import { applyServerErrors } from '../../../lib/form-errors';
import { SlotStatus } from '../../slots/components/slot-status';
import { bookingsInTheWay, useCreateBlock, type BlockValues, type BookingInTheWay } from '../api/create-block';
import { blockFormSchema, emptyBlockForm, type BlockForm as BlockFormValues } from '../block-form-schema';
import { blockedMessage, bookingsQuestion, CATEGORY_LABEL, SCOPE_LABEL } from '../block-words';

const FIELDS = ['scope', 'slotId', 'fieldId', 'facilityId', 'startsAt', 'endsAt', 'category', 'reason'] as const;

export type BlockScope = BlockFormValues['scope'];

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
  const create = useCreateBlock();
  const [formError, setFormError] = useState<string | null>(null);
  const [inTheWay, setInTheWay] = useState<{ input: BlockValues; bookings: BookingInTheWay[] } | null>(null);
  const resolver = useMemo<Resolver<BlockFormValues, unknown, BlockValues>>(() => {
    const resolve = zodResolver(blockFormSchema(timeZone));
    return (values, context, options) => resolve({ ...values, scope, slotId: selectedSlot?.id ?? '' }, context, options);
  }, [timeZone, scope, selectedSlot]);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<BlockFormValues, unknown, BlockValues>({ resolver, defaultValues: emptyBlockForm });

  const finish = (result: { slotsBlocked: number; bookingsCancelled: number }) => {
    toast.success(blockedMessage(result.slotsBlocked, result.bookingsCancelled));
    reset(emptyBlockForm);
    onClearSlot();
  };

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    const input: BlockValues = { ...values, onBookings: 'abort' };
    try {
      finish(await create.mutateAsync(input));
    } catch (err) {
      const bookings = bookingsInTheWay(err);
      if (bookings) setInTheWay({ input, bookings });
      else setFormError(applyServerErrors(err, setError, FIELDS));
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
    toast('Nothing was blocked; the bookings stay as they are.');
  };

  const fieldOptions = facilities.filter((f) => f.fields.length > 0);

  return (
    <section aria-labelledby="block-form-title" className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
      <h2 id="block-form-title" className="text-xl font-bold text-primary-900">
        Block
      </h2>
      <p className="mt-1 text-slate-700">
        Blocked slots cannot be booked, and coaches see the reason. Times are league time: {timeZoneName(timeZone)} ({timeZone}).
      </p>
      <form onSubmit={(event) => void onSubmit(event)} noValidate className="mt-5 flex flex-col gap-5">
        {formError ? <Alert>{formError}</Alert> : null}
        <fieldset>
          <legend className="mb-2 text-sm font-semibold text-slate-800">What to block</legend>
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
                {SCOPE_LABEL[value]}
              </label>
            ))}
          </div>
        </fieldset>

        {scope === 'slot' ? (
          <div>
            <p className="mb-1 text-sm font-semibold text-slate-800" id="chosen-slot-label">
              Slot
            </p>
            <div
              id="chosen-slot"
              tabIndex={-1}
              aria-labelledby="chosen-slot-label chosen-slot-text"
              aria-describedby={errors.slotId ? 'chosen-slot-error' : undefined}
              className={cx(
                'rounded-lg border px-3 py-3',
                errors.slotId ? 'border-danger-600' : 'border-slate-300',
                selectedSlot ? 'bg-primary-50' : 'border-dashed bg-slate-50',
              )}
            >
              {selectedSlot ? (
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <p id="chosen-slot-text" className="text-slate-900">
                    <span className="font-semibold">{formatDateTimeRange(selectedSlot.startsAt, selectedSlot.endsAt, timeZone)}</span> at {selectedSlot.fieldName} ·{' '}
                    {selectedSlot.facilityName} <SlotStatus slot={selectedSlot} />
                  </p>
                  <Button variant="ghost" size="sm" onClick={onClearSlot}>
                    Clear
                  </Button>
                </div>
              ) : (
                <p id="chosen-slot-text" className="text-slate-700">
                  No slot chosen yet: use “Select” on a slot in the week list below.
                </p>
              )}
            </div>
            <FieldError id="chosen-slot-error" message={errors.slotId?.message} />
          </div>
        ) : (
          <div className="grid gap-4 sm:grid-cols-2">
            {scope === 'field' ? (
              <SelectField label="Field" className="sm:col-span-2 lg:col-span-1" error={errors.fieldId?.message} {...register('fieldId')}>
                <option value="">Choose a field</option>
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
              <SelectField label="Facility" className="sm:col-span-2 lg:col-span-1" error={errors.facilityId?.message} {...register('facilityId')}>
                <option value="">Choose a facility</option>
                {facilities.map((facility) => (
                  <option key={facility.id} value={facility.id}>
                    {facility.name}
                  </option>
                ))}
              </SelectField>
            )}
            <div className="hidden lg:block" />
            <TextField label="Starts" type="datetime-local" error={errors.startsAt?.message} {...register('startsAt')} />
            <TextField label="Ends" type="datetime-local" error={errors.endsAt?.message} {...register('endsAt')} />
          </div>
        )}

        <div className="grid gap-4 sm:grid-cols-[14rem_1fr]">
          <SelectField label="Category" error={errors.category?.message} {...register('category')}>
            <option value="">Choose a category</option>
            {BLOCK_CATEGORIES.map((category) => (
              <option key={category} value={category}>
                {CATEGORY_LABEL[category]}
              </option>
            ))}
          </SelectField>
          <TextField label="Reason" placeholder="Field flooded" autoComplete="off" hint="Coaches see this on the blocked slots." maxLength={200} error={errors.reason?.message} {...register('reason')} />
        </div>

        <div>
          <Button type="submit" busy={isSubmitting}>
            Block
          </Button>
        </div>
      </form>

      <ConfirmModal
        open={inTheWay !== null}
        title="Cancel bookings and block?"
        message={
          inTheWay ? (
            <div>
              <p>{bookingsQuestion(inTheWay.bookings.length)}</p>
              <ul className="mt-3 flex max-h-64 flex-col gap-1 overflow-y-auto rounded-lg border border-slate-200 p-3 text-sm">
                {inTheWay.bookings.map((b) => (
                  <li key={b.bookingId}>
                    <span className="font-semibold">{b.teamName ?? 'A team'}</span> · {b.fieldName} · {formatDateTimeRange(b.startsAt, b.endsAt ?? b.startsAt, timeZone)}
                  </li>
                ))}
              </ul>
            </div>
          ) : null
        }
        confirmLabel="Cancel bookings and block"
        cancelLabel="Keep bookings"
        destructive
        busy={create.isPending}
        onConfirm={cancelBookingsAndBlock}
        onCancel={keepBookings}
      />
    </section>
  );
}
