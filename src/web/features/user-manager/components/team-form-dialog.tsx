import { toast } from '../../../lib/toast';
import { teamInputSchema, type AdminTeam } from '../../../../shared/teams/teams.schemas';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { TextField } from '../../../components/ui/text-field';
import { useZodForm } from '../../../lib/use-zod-form';
import { useSaveTeam } from '../api/save-team';

/** Create a team (team null) or rename one and change its division. Mount with a key so each opening starts fresh. */
export function TeamFormDialog({ team, onClose }: { team: AdminTeam | null; onClose: () => void }) {
  const save = useSaveTeam();
  const {
    register,
    submit,
    formError,
    formState: { errors, isSubmitting },
  } = useZodForm(teamInputSchema, {
    defaultValues: { name: team?.name ?? '', division: team?.division ?? '' },
    serverFields: ['name', 'division'],
  });

  const onSubmit = submit(async (values) => {
    const saved = await save.mutateAsync({ id: team?.id ?? null, patch: values });
    toast.success(team ? `Team "${saved.name}" saved.` : `Team "${saved.name}" created.`);
    onClose();
  });

  return (
    <Modal open title={team ? `Edit team "${team.name}"` : 'New team'} onClose={isSubmitting ? () => undefined : onClose}>
      <form onSubmit={(event) => void onSubmit(event)} noValidate className="flex flex-col gap-4">
        {formError ? <Alert>{formError}</Alert> : null}
        <TextField label="Team name" autoComplete="off" placeholder="Blue Jays" error={errors.name?.message} {...register('name')} />
        <TextField label="Division or age group" autoComplete="off" placeholder="10U" hint="Optional." error={errors.division?.message} {...register('division')} />
        <div className="mt-2 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={onClose} disabled={isSubmitting}>
            Cancel
          </Button>
          <Button type="submit" busy={isSubmitting}>
            {team ? 'Save changes' : 'Create team'}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
