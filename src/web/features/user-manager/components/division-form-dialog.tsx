import { toast } from '../../../lib/toast';
import { divisionInputSchema, type AdminDivision, type Division } from '../../../../shared/divisions/divisions.schemas';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { TextField } from '../../../components/ui/text-field';
import { useT } from '../../../lib/i18n';
import { useZodForm } from '../../../lib/use-zod-form';
import { useSaveDivision } from '../api/save-division';

/**
 * Add a division (division null; it goes last) or rename one. Mount with a key so each opening starts fresh;
 * `onSaved` hears of the saved division before the dialog closes.
 */
export function DivisionFormDialog({ division, onClose, onSaved }: { division: AdminDivision | null; onClose: () => void; onSaved?: (saved: Division) => void }) {
  const { t } = useT('user-manager');
  const save = useSaveDivision();
  const {
    register,
    submit,
    formError,
    formState: { errors, isSubmitting },
  } = useZodForm(divisionInputSchema, { defaultValues: { name: division?.name ?? '' }, serverFields: ['name'] });

  const onSubmit = submit(async (values) => {
    const saved = await save.mutateAsync({ id: division?.id ?? null, input: values });
    toast.success(division ? t('divisionForm.toast.renamed', { from: division.name, to: saved.name }) : t('divisionForm.toast.added', { name: saved.name }));
    onSaved?.(saved);
    onClose();
  });

  return (
    <Modal open title={division ? t('divisionForm.renameTitle', { name: division.name }) : t('divisionForm.addTitle')} onClose={isSubmitting ? () => undefined : onClose}>
      <form onSubmit={(event) => void onSubmit(event)} noValidate className="flex flex-col gap-4">
        {formError ? <Alert>{formError}</Alert> : null}
        <TextField
          label={t('divisionForm.name')}
          autoComplete="off"
          placeholder={t('divisionForm.namePlaceholder')}
          hint={division ? t('divisionForm.hint.rename') : t('divisionForm.hint.add')}
          error={errors.name?.message}
          {...register('name')}
        />
        <div className="mt-2 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={onClose} disabled={isSubmitting}>
            {t('divisionForm.cancel')}
          </Button>
          <Button type="submit" busy={isSubmitting}>
            {division ? t('divisionForm.rename') : t('divisionForm.add')}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
