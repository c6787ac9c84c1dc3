import { useState } from 'react';
import { toast } from '../../../lib/toast';
import type { Invitation } from '../../../../shared/invitations/invitations.schemas';
import { ROLE_LABEL } from '../../../../shared/users/user-manager.schemas';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { ConfirmModal } from '../../../components/ui/confirm-modal';
import { EmptyState } from '../../../components/ui/empty-state';
import { LoadErrorAlert } from '../../../components/ui/load-error-alert';
import { Skeleton } from '../../../components/ui/loading';
import { useLeagueTimeZone } from '../../../lib/api/get-league';
import { countOf } from '../../../lib/count-words';
import { formatDateTime } from '../../../lib/dates';
import { useChangeInvitation } from '../api/change-invitation';
import { useInvitations } from '../api/get-invitations';

/** The Invitations tab: open invitations, with resend (a new link; the old one stops working) and revoke. */
export function InvitationsPanel({ onInvite, onImport }: { onInvite: () => void; onImport: () => void }) {
  const invitations = useInvitations();
  const change = useChangeInvitation();
  const timeZone = useLeagueTimeZone();
  const [revoking, setRevoking] = useState<Invitation | null>(null);
  const [busyId, setBusyId] = useState<string | null>(null);

  const run = (invitation: Invitation, action: 'resend' | 'revoke') => {
    setBusyId(invitation.id);
    change.mutate(
      { id: invitation.id, action },
      {
        onSuccess: () =>
          toast.success(action === 'resend' ? `A new link was emailed to ${invitation.email}. The old link no longer works.` : `The invitation of ${invitation.email} is revoked. Its link no longer works.`),
        onError: (err) => toast.error(err.message),
        onSettled: () => {
          setBusyId(null);
          setRevoking(null);
        },
      },
    );
  };

  const list = invitations.data ?? [];
  return (
    <section aria-labelledby="invitations-heading">
      <div className="mb-4 flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 id="invitations-heading" className="text-xl font-bold text-primary-900">
            Pending invitations
          </h2>
          <p className="text-sm text-slate-700">{invitations.data ? `${countOf(list.length, 'invitation')} waiting to be accepted.` : ' '}</p>
        </div>
      </div>
      {invitations.isPending ? (
        <div className="flex flex-col gap-2" aria-hidden="true">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} className="h-24 w-full" />
          ))}
        </div>
      ) : invitations.isError ? (
        <LoadErrorAlert title="The invitations could not be loaded" message={invitations.error.message} onRetry={() => invitations.refetch()} />
      ) : list.length === 0 ? (
        <EmptyState
          title="No pending invitations"
          action={
            <div className="flex flex-wrap justify-center gap-2">
              <Button onClick={onInvite}>Invite someone</Button>
              <Button variant="secondary" onClick={onImport}>
                Import coaches from a spreadsheet
              </Button>
            </div>
          }
        >
          Invite coaches by email: each gets a link that signs them up with the right role and team. Accepted invitations leave this list.
        </EmptyState>
      ) : (
        <ul className="flex flex-col gap-2">
          {list.map((invitation) => (
            <li key={invitation.id}>
              <article aria-label={invitation.email} className="flex flex-col gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:flex-row sm:items-center sm:justify-between">
                <div className="min-w-0">
                  <p className="flex flex-wrap items-center gap-2">
                    <span className="font-semibold break-all text-slate-900">{invitation.email}</span>
                    {invitation.state === 'expired' ? <Badge tone="danger">Expired</Badge> : <Badge tone="success">Pending</Badge>}
                  </p>
                  <p className="text-sm text-slate-700">
                    {invitation.displayName ? `${invitation.displayName} · ` : ''}
                    {ROLE_LABEL[invitation.role]}
                    {invitation.teamName ? ` of ${invitation.teamName}` : ''}
                  </p>
                  <p className="text-xs text-slate-600">
                    {`Sent ${formatDateTime(invitation.lastSentAt, timeZone)}${invitation.invitedByName ? ` by ${invitation.invitedByName}` : ''} · ${invitation.state === 'expired' ? 'expired' : 'expires'} ${formatDateTime(invitation.expiresAt, timeZone)}`}
                  </p>
                </div>
                <div className="flex shrink-0 flex-wrap gap-2">
                  <Button variant="secondary" size="sm" busy={busyId === invitation.id && change.variables?.action === 'resend'} disabled={busyId === invitation.id} onClick={() => run(invitation, 'resend')}>
                    Resend<span className="sr-only"> to {invitation.email}</span>
                  </Button>
                  <Button variant="ghost" size="sm" className="border border-slate-300 text-danger-700 hover:bg-danger-50" disabled={busyId === invitation.id} onClick={() => setRevoking(invitation)}>
                    Revoke<span className="sr-only"> the invitation of {invitation.email}</span>
                  </Button>
                </div>
              </article>
            </li>
          ))}
        </ul>
      )}
      <ConfirmModal
        open={revoking !== null}
        title="Revoke this invitation?"
        message={<p>{`The link emailed to ${revoking?.email ?? ''} stops working at once. You can invite the address again later.`}</p>}
        confirmLabel="Revoke invitation"
        destructive
        busy={change.isPending}
        onConfirm={() => revoking && run(revoking, 'revoke')}
        onCancel={() => setRevoking(null)}
      />
    </section>
  );
}
