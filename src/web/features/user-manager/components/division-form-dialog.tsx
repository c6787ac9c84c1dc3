import { toast } from '../../../lib/toast';
import { divisionInputSchema, type AdminDivision, type Division } from '../../../../shared/divisions/divisions.schemas';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { TextField } from '../../../components/ui/text-field';
import { useZodForm } from '../../../lib/use-zod-form';
import { useSaveDivision } from '../api/save-division';

/**
 * Add a division (division null; it goes last) or rename one. Mount with a key so each opening starts fresh;
 * `onSaved` hears of the saved division before the dialog closes.
 */
export function DivisionFormDialog({ division, onClose, onSaved }: { division: AdminDivision | null; onClose: () => void; onSaved?: (saved: Division) => void }) {
  const save = useSaveDivision();
  const {
    register,
    submit,
    formError,
    formState: { errors, isSubmitting },
  } = useZodForm(divisionInputSchema, { defaultValues: { name: division?.name ?? '' }, serverFields: ['name'] });

  const onSubmit = submit(async (values) => {
    const saved = await save.mutateAsync({ id: division?.id ?? null, input: values });
    toast.success(division ? `Renamed ${division.name} to ${saved.name}.` : `Division ${saved.name} added, last in the list.`);
    onSaved?.(saved);
    onClose();
  });

  return (
    <Modal open title={division ? `Rename ${division.name}` : 'Add a division'} onClose={isSubmitting ? () => undefined : onClose}>
      <form onSubmit={(event) => void onSubmit(event)} noValidate className="flex flex-col gap-4">
        {formError ? <Alert>{formError}</Alert> : null}
        <TextField
          label="Division name"
          autoComplete="off"
          placeholder="10U"
          hint={division ? 'Teams, fields and booking rules keep it under its new name.' : 'An age group, like 8U, 10U or 12U.'}
          error={errors.name?.message}
          {...register('name')}
        />
        <div className="mt-2 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={onClose} disabled={isSubmitting}>
            Cancel
          </Button>
          <Button type="submit" busy={isSubmitting}>
            {division ? 'Rename' : 'Add division'}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
