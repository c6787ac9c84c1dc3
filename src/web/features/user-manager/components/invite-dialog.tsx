import { toast } from '../../../lib/toast';
import { ROLES } from '../../../../shared/constants';
import { INVITATION_TTL_DAYS, inviteInputSchema } from '../../../../shared/invitations/invitations.schemas';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { SelectField } from '../../../components/ui/select-field';
import { TextField } from '../../../components/ui/text-field';
import { useT } from '../../../lib/i18n';
import { useZodForm } from '../../../lib/use-zod-form';
import { useAdminTeams } from '../api/get-admin-teams';
import { useSendInvitation } from '../api/send-invitation';
import { roleLabel } from '../role-words';

/** Invite one address to a role and team: the person gets an email with a one-time link. */
export function InviteDialog({ defaultTeamId, onClose }: { defaultTeamId: string | null; onClose: () => void }) {
  const { t } = useT('user-manager');
  const teams = useAdminTeams();
  const send = useSendInvitation();
  const active = (teams.data?.teams ?? []).filter((team) => team.active).sort((a, b) => a.name.localeCompare(b.name, undefined, { numeric: true }));
  const {
    register,
    submit,
    watch,
    formError,
    formState: { errors, isSubmitting },
  } = useZodForm(inviteInputSchema, {
    defaultValues: { email: '', displayName: '', role: 'coach', teamId: defaultTeamId ?? '' },
    serverFields: ['email', 'displayName', 'role', 'teamId'],
  });
  const role = watch('role');

  const onSubmit = submit(async (values) => {
    const invitation = await send.mutateAsync(values);
    toast.success(t('invite.toast.sent', { email: invitation.email }));
    onClose();
  });

  return (
    <Modal open title={t('invite.title')} onClose={isSubmitting ? () => undefined : onClose}>
      <form onSubmit={(event) => void onSubmit(event)} noValidate className="flex flex-col gap-4">
        <p className="text-sm text-slate-700">{t('invite.intro', { days: INVITATION_TTL_DAYS })}</p>
        {formError ? <Alert>{formError}</Alert> : null}
        <TextField label={t('invite.email')} type="email" inputMode="email" autoComplete="off" error={errors.email?.message} {...register('email')} />
        <TextField label={t('invite.name')} autoComplete="off" hint={t('invite.nameHint')} error={errors.displayName?.message} {...register('displayName')} />
        <SelectField label={t('invite.role')} error={errors.role?.message} {...register('role')}>
          {ROLES.map((r) => (
            <option key={r} value={r}>
              {roleLabel(t, r)}
            </option>
          ))}
        </SelectField>
        <SelectField
          label={t('invite.team')}
          disabled={teams.isPending}
          hint={teams.isError ? t('invite.teamHint.loadError') : role === 'coach' ? t('invite.teamHint.coach') : t('invite.teamHint.optional')}
          error={errors.teamId?.message}
          {...register('teamId')}
        >
          <option value="">{role === 'coach' ? t('invite.chooseTeam') : t('invite.noTeam')}</option>
          {active.map((team) => (
            <option key={team.id} value={team.id}>
              {team.division ? t('invite.teamWithDivision', { name: team.name, division: team.division }) : team.name}
            </option>
          ))}
        </SelectField>
        <div className="mt-2 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={onClose} disabled={isSubmitting}>
            {t('invite.cancel')}
          </Button>
          <Button type="submit" busy={isSubmitting}>
            {t('invite.send')}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
