import { useMemo } from 'react';
import { toast } from '../../../lib/toast';
import { z } from 'zod';
import { slotEditSchema, type Slot } from '../../../../shared/slots/slots.schemas';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { TextAreaField } from '../../../components/ui/text-area-field';
import { TextField } from '../../../components/ui/text-field';
import { parseLocalInput, timeZoneName, toLocalInput } from '../../../lib/dates';
import { useT } from '../../../lib/i18n';
import { describeSlot } from '../../../lib/slot-week';
import { useZodForm } from '../../../lib/use-zod-form';
import { useUpdateSlot } from '../api/update-slot';

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

const FIELDS = ['startsAt', 'endsAt', 'notes'] as const;

export function SlotEditDialog({ slot, timeZone, onClose }: { slot: Slot; timeZone: string; onClose: () => void }) {
  const { t } = useT('slots');
  const update = useUpdateSlot();
  const schema = useMemo(() => slotEditFormSchema(timeZone), [timeZone]);
  const {
    register,
    submit,
    formError,
    formState: { errors, isSubmitting },
  } = useZodForm(schema, {
    defaultValues: { startsAt: toLocalInput(slot.startsAt, timeZone), endsAt: toLocalInput(slot.endsAt, timeZone), notes: slot.notes ?? '' },
    serverFields: FIELDS,
  });

  const onSubmit = submit(async (values) => {
    const saved = await update.mutateAsync({ id: slot.id, input: values });
    toast.success(t('edit.saved', { slot: describeSlot(saved, timeZone) }));
    onClose();
  });

  return (
    <Modal open title={t('edit.title', { slot: describeSlot(slot, timeZone) })} onClose={isSubmitting ? () => undefined : onClose}>
      <form onSubmit={(event) => void onSubmit(event)} noValidate className="flex flex-col gap-4">
        <p className="text-sm text-slate-700">
          {t('edit.intro', { facility: slot.facilityName, zoneName: timeZoneName(timeZone, new Date(slot.startsAt)), zone: timeZone })}
        </p>
        {formError ? <Alert>{formError}</Alert> : null}
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField label={t('edit.starts')} type="datetime-local" error={errors.startsAt?.message} {...register('startsAt')} />
          <TextField label={t('edit.ends')} type="datetime-local" error={errors.endsAt?.message} {...register('endsAt')} />
        </div>
        <TextAreaField label={t('edit.notes')} hint={t('edit.notesHint')} error={errors.notes?.message} {...register('notes')} />
        <div className="mt-2 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={onClose} disabled={isSubmitting}>
            {t('edit.cancel')}
          </Button>
          <Button type="submit" busy={isSubmitting}>
            {t('edit.save')}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
