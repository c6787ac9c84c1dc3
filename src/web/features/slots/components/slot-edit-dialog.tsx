import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import { z } from 'zod';
import { slotEditSchema, type Slot } from '../../../../shared/slots/slots.schemas';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { TextAreaField } from '../../../components/ui/text-area-field';
import { TextField } from '../../../components/ui/text-field';
import { parseLocalInput, timeZoneName, toLocalInput } from '../../../lib/dates';
import { applyServerErrors } from '../../../lib/form-errors';
import { useUpdateSlot, type SlotEditValues } from '../api/update-slot';
import { describeSlot } from '../slot-week';

/** The form holds datetime-local wall times in the league zone; they become ISO with offset, then slotEditSchema. */
export function slotEditFormSchema(timeZone: string) {
  return z
    .object({ startsAt: z.string(), endsAt: z.string(), notes: z.string() })
    .transform((form, ctx): z.input<typeof slotEditSchema> => {
      const startsAt = parseLocalInput(form.startsAt, timeZone);
      const endsAt = parseLocalInput(form.endsAt, timeZone);
      if ('error' in startsAt) ctx.addIssue({ code: 'custom', path: ['startsAt'], message: startsAt.error });
      if ('error' in endsAt) ctx.addIssue({ code: 'custom', path: ['endsAt'], message: endsAt.error });
      if ('error' in startsAt || 'error' in endsAt) return z.NEVER;
      return { startsAt: startsAt.iso, endsAt: endsAt.iso, notes: form.notes.trim() || null };
    })
    .pipe(slotEditSchema);
}

type SlotEditForm = { startsAt: string; endsAt: string; notes: string };

const FIELDS = ['startsAt', 'endsAt', 'notes'] as const;

export function SlotEditDialog({ slot, timeZone, onClose }: { slot: Slot; timeZone: string; onClose: () => void }) {
  const update = useUpdateSlot();
  const [formError, setFormError] = useState<string | null>(null);
  const schema = useMemo(() => slotEditFormSchema(timeZone), [timeZone]);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<SlotEditForm, unknown, SlotEditValues>({
    resolver: zodResolver(schema),
    defaultValues: { startsAt: toLocalInput(slot.startsAt, timeZone), endsAt: toLocalInput(slot.endsAt, timeZone), notes: slot.notes ?? '' },
  });
  const zoneHint = `League time: ${timeZoneName(timeZone, new Date(slot.startsAt))} (${timeZone}).`;

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      const saved = await update.mutateAsync({ id: slot.id, input: values });
      toast.success(`Saved ${describeSlot(saved, timeZone)}.`);
      onClose();
    } catch (err) {
      setFormError(applyServerErrors(err, setError, FIELDS));
    }
  });

  return (
    <Modal open title={`Edit ${describeSlot(slot, timeZone)}`} onClose={isSubmitting ? () => undefined : onClose}>
      <form onSubmit={(event) => void onSubmit(event)} noValidate className="flex flex-col gap-4">
        <p className="text-sm text-slate-700">
          {slot.facilityName}. {zoneHint}
        </p>
        {formError ? <Alert>{formError}</Alert> : null}
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField label="Starts" type="datetime-local" error={errors.startsAt?.message} {...register('startsAt')} />
          <TextField label="Ends" type="datetime-local" error={errors.endsAt?.message} {...register('endsAt')} />
        </div>
        <TextAreaField label="Notes" hint="Shown to coaches with the slot." error={errors.notes?.message} {...register('notes')} />
        <div className="mt-2 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={onClose} disabled={isSubmitting}>
            Cancel
          </Button>
          <Button type="submit" busy={isSubmitting}>
            Save slot
          </Button>
        </div>
      </form>
    </Modal>
  );
}
