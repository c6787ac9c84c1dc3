import { toast } from '../../../lib/toast';
import { facilityInputSchema, type Facility } from '../../../../shared/facilities/facilities.schemas';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { TextAreaField } from '../../../components/ui/text-area-field';
import { TextField } from '../../../components/ui/text-field';
import { useZodForm } from '../../../lib/use-zod-form';
import { useSaveFacility } from '../api/save-facility';

const FIELDS = ['name', 'address', 'mapUrl', 'notes'] as const;

/** Create (facility null) or edit a facility. Mount it with a key per facility so the form starts fresh. */
export function FacilityFormDialog({ facility, onClose }: { facility: Facility | null; onClose: () => void }) {
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
    toast.success(facility ? `Facility "${saved.name}" saved.` : `Facility "${saved.name}" created.`);
    onClose();
  });

  return (
    <Modal open title={facility ? `Edit facility "${facility.name}"` : 'New facility'} onClose={isSubmitting ? () => undefined : onClose}>
      <form onSubmit={(event) => void onSubmit(event)} noValidate className="flex flex-col gap-4">
        {formError ? <Alert>{formError}</Alert> : null}
        <TextField label="Facility name" placeholder="Riverside Park" autoComplete="off" error={errors.name?.message} {...register('name')} />
        <TextField label="Address" placeholder="1200 River Rd, Springfield" autoComplete="off" error={errors.address?.message} {...register('address')} />
        <TextField
          label="Map link"
          type="url"
          inputMode="url"
          placeholder="https://maps.example.com/…"
          hint="Coaches get this link with their bookings."
          error={errors.mapUrl?.message}
          {...register('mapUrl')}
        />
        <TextAreaField label="Notes" hint="Parking, gate codes, restrooms: anything a coach should know." error={errors.notes?.message} {...register('notes')} />
        <div className="mt-2 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={onClose} disabled={isSubmitting}>
            Cancel
          </Button>
          <Button type="submit" busy={isSubmitting}>
            {facility ? 'Save changes' : 'Create facility'}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
