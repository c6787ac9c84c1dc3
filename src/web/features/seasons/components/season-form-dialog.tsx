import { toast } from '../../../lib/toast';
import { seasonInputSchema, type Season } from '../../../../shared/seasons/seasons.schemas';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { TextField } from '../../../components/ui/text-field';
import { useT } from '../../../lib/i18n';
import { useZodForm } from '../../../lib/use-zod-form';
import { useSaveSeason } from '../api/save-season';

/** Create (season null) or edit a season. Mount it with a key per season so the form starts fresh. */
export function SeasonFormDialog({ open, season, onClose }: { open: boolean; season: Season | null; onClose: () => void }) {
  const { t } = useT('seasons');
  const save = useSaveSeason();
  const {
    register,
    submit,
    formError,
    formState: { errors, isSubmitting },
  } = useZodForm(seasonInputSchema, {
    defaultValues: season
      ? { name: season.name, startsOn: season.startsOn, endsOn: season.endsOn }
      : { name: '', startsOn: '', endsOn: '' },
    serverFields: ['name', 'startsOn', 'endsOn'],
  });

  const onSubmit = submit(async (values) => {
    const saved = await save.mutateAsync({ id: season?.id ?? null, input: values });
    toast.success(season ? t('form.saved', { season: saved.name }) : t('form.created', { season: saved.name }));
    onClose();
  });

  return (
    <Modal open={open} title={season ? t('form.editTitle', { season: season.name }) : t('form.newTitle')} onClose={isSubmitting ? () => undefined : onClose}>
      <form onSubmit={(event) => void onSubmit(event)} noValidate className="flex flex-col gap-4">
        {formError ? <Alert>{formError}</Alert> : null}
        <TextField label={t('form.name')} placeholder={t('form.namePlaceholder')} autoComplete="off" error={errors.name?.message} {...register('name')} />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField label={t('form.startsOn')} type="date" error={errors.startsOn?.message} {...register('startsOn')} />
          <TextField label={t('form.endsOn')} type="date" error={errors.endsOn?.message} {...register('endsOn')} />
        </div>
        <div className="mt-2 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={onClose} disabled={isSubmitting}>
            {t('form.cancel')}
          </Button>
          <Button type="submit" busy={isSubmitting}>
            {season ? t('form.save') : t('form.create')}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
