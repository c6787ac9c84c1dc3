import { toast } from '../../../lib/toast';
import { teamInputSchema, type AdminTeam } from '../../../../shared/teams/teams.schemas';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { SelectField } from '../../../components/ui/select-field';
import { TextField } from '../../../components/ui/text-field';
import { useT } from '../../../lib/i18n';
import { useZodForm } from '../../../lib/use-zod-form';
import { useAdminDivisions } from '../api/get-admin-divisions';
import { useSaveTeam } from '../api/save-team';

/** The form as typed: "No division" is the empty choice of the select. */
interface TeamForm {
  name: string;
  divisionId: string;
}

/** Create a team (team null) or rename one and change its division. Mount with a key so each opening starts fresh. */
export function TeamFormDialog({ team, onClose }: { team: AdminTeam | null; onClose: () => void }) {
  const { t } = useT('user-manager');
  const save = useSaveTeam();
  const divisions = useAdminDivisions();
  const {
    register,
    submit,
    formError,
    formState: { errors, isSubmitting },
  } = useZodForm(teamInputSchema, {
    defaultValues: { name: team?.name ?? '', divisionId: team?.divisionId ?? '' },
    serverFields: ['name', 'divisionId'],
    fill: (form: TeamForm) => ({ name: form.name, divisionId: form.divisionId || null }),
  });

  // Until the list arrives, the team's own division stands in for it, so the select shows (and keeps) it.
  const choices = divisions.data ?? (team?.divisionId ? [{ id: team.divisionId, name: team.division ?? t('teamForm.itsDivision') }] : []);
  const hint = divisions.isError
    ? t('teamForm.hint.loadError', { message: divisions.error.message })
    : divisions.data?.length === 0
      ? t('teamForm.hint.none')
      : t('teamForm.hint.default');

  const onSubmit = submit(async (values) => {
    const saved = await save.mutateAsync({ id: team?.id ?? null, patch: values });
    toast.success(t(team ? 'teamForm.toast.saved' : 'teamForm.toast.created', { name: saved.name }));
    onClose();
  });

  return (
    <Modal open title={team ? t('teamForm.editTitle', { name: team.name }) : t('teamForm.newTitle')} onClose={isSubmitting ? () => undefined : onClose}>
      <form onSubmit={(event) => void onSubmit(event)} noValidate className="flex flex-col gap-4">
        {formError ? <Alert>{formError}</Alert> : null}
        <TextField label={t('teamForm.name')} autoComplete="off" placeholder={t('teamForm.namePlaceholder')} error={errors.name?.message} {...register('name')} />
        <SelectField label={t('teamForm.division')} hint={hint} error={errors.divisionId?.message} {...register('divisionId')}>
          <option value="">{t('teamForm.noDivision')}</option>
          {choices.map((division) => (
            <option key={division.id} value={division.id}>
              {division.name}
            </option>
          ))}
        </SelectField>
        <div className="mt-2 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={onClose} disabled={isSubmitting}>
            {t('teamForm.cancel')}
          </Button>
          <Button type="submit" busy={isSubmitting}>
            {team ? t('teamForm.save') : t('teamForm.create')}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
