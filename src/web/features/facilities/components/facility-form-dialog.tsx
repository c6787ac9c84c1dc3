import { toast } from '../../../lib/toast';
import { facilityInputSchema, type Facility } from '../../../../shared/facilities/facilities.schemas';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { TextAreaField } from '../../../components/ui/text-area-field';
import { TextField } from '../../../components/ui/text-field';
import { useT } from '../../../lib/i18n';
import { useZodForm } from '../../../lib/use-zod-form';
import { useSaveFacility } from '../api/save-facility';

const FIELDS = ['name', 'address', 'mapUrl', 'notes'] as const;

/** Create (facility null) or edit a facility. Mount it with a key per facility so the form starts fresh. */
export function FacilityFormDialog({ facility, onClose }: { facility: Facility | null; onClose: () => void }) {
  const { t } = useT('facilities');
  const save = useSaveFacility();
  const {
    register,
    submit,
    formError,
    formState: { errors, isSubmitting },
  } = useZodForm(facilityInputSchema, {
    defaultValues: {
      name: facility?.name ?? '',
      address: facility?.address ?? '',
      mapUrl: facility?.mapUrl ?? '',
      notes: facility?.notes ?? '',
    },
    serverFields: FIELDS,
  });

  const onSubmit = submit(async (values) => {
    const input = facility ? { ...values, active: facility.active } : values;
    const saved = await save.mutateAsync({ id: facility?.id ?? null, input });
    toast.success(t(facility ? 'facilityForm.saved' : 'facilityForm.created', { name: saved.name }));
    onClose();
  });

  return (
    <Modal open title={facility ? t('facilityForm.editTitle', { name: facility.name }) : t('facilityForm.newTitle')} onClose={isSubmitting ? () => undefined : onClose}>
      <form onSubmit={(event) => void onSubmit(event)} noValidate className="flex flex-col gap-4">
        {formError ? <Alert>{formError}</Alert> : null}
        <TextField label={t('facilityForm.name')} placeholder={t('facilityForm.namePlaceholder')} autoComplete="off" error={errors.name?.message} {...register('name')} />
        <TextField
          label={t('facilityForm.address')}
          placeholder={t('facilityForm.addressPlaceholder')}
          autoComplete="off" error={errors.address?.message} {...register('address')} />
        <TextField
          label={t('facilityForm.mapUrl')}
          type="url"
          inputMode="url"
          placeholder={t('facilityForm.mapUrlPlaceholder')}
          hint={t('facilityForm.mapUrlHint')}
          error={errors.mapUrl?.message}
          {...register('mapUrl')}
        />
        <TextAreaField label={t('facilityForm.notes')} hint={t('facilityForm.notesHint')} error={errors.notes?.message} {...register('notes')} />
        <div className="mt-2 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={onClose} disabled={isSubmitting}>
            {t('facilityForm.cancel')}
          </Button>
          <Button type="submit" busy={isSubmitting}>
            {facility ? t('facilityForm.save') : t('facilityForm.create')}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
