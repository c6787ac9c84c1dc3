import { toast } from '../../../lib/toast';
import { ROLES } from '../../../../shared/constants';
import { INVITATION_TTL_DAYS, inviteInputSchema } from '../../../../shared/invitations/invitations.schemas';
import { ROLE_LABEL } from '../../../../shared/users/user-manager.schemas';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { SelectField } from '../../../components/ui/select-field';
import { TextField } from '../../../components/ui/text-field';
import { useZodForm } from '../../../lib/use-zod-form';
import { useAdminTeams } from '../api/get-admin-teams';
import { useSendInvitation } from '../api/send-invitation';

/** Invite one address to a role and team: the person gets an email with a one-time link. */
export function InviteDialog({ defaultTeamId, onClose }: { defaultTeamId: string | null; onClose: () => void }) {
  const teams = useAdminTeams();
  const send = useSendInvitation();
  const active = (teams.data?.teams ?? []).filter((t) => t.active).sort((a, b) => a.name.localeCompare(b.name, undefined, { numeric: true }));
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
    toast.success(`Invitation sent to ${invitation.email}. It is listed under Invitations until they accept.`);
    onClose();
  });

  return (
    <Modal open title="Invite someone" onClose={isSubmitting ? () => undefined : onClose}>
      <form onSubmit={(event) => void onSubmit(event)} noValidate className="flex flex-col gap-4">
        <p className="text-sm text-slate-700">{`They get an email with a link that works once, for ${INVITATION_TTL_DAYS} days. Opening it signs them up with this address, with the role and team you choose.`}</p>
        {formError ? <Alert>{formError}</Alert> : null}
        <TextField label="Email" type="email" inputMode="email" autoComplete="off" error={errors.email?.message} {...register('email')} />
        <TextField label="Name" autoComplete="off" hint="Optional: fills in their name on the sign-up form." error={errors.displayName?.message} {...register('displayName')} />
        <SelectField label="Role" error={errors.role?.message} {...register('role')}>
          {ROLES.map((r) => (
            <option key={r} value={r}>
              {ROLE_LABEL[r]}
            </option>
          ))}
        </SelectField>
        <SelectField
          label="Team"
          disabled={teams.isPending}
          hint={teams.isError ? 'The teams could not be loaded. Close this and try again.' : role === 'coach' ? 'The team they will coach.' : 'Optional.'}
          error={errors.teamId?.message}
          {...register('teamId')}
        >
          <option value="">{role === 'coach' ? 'Choose a team' : 'No team'}</option>
          {active.map((team) => (
            <option key={team.id} value={team.id}>
              {team.division ? `${team.name} (${team.division})` : team.name}
            </option>
          ))}
        </SelectField>
        <div className="mt-2 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={onClose} disabled={isSubmitting}>
            Cancel
          </Button>
          <Button type="submit" busy={isSubmitting}>
            Send invitation
          </Button>
        </div>
      </form>
    </Modal>
  );
}
