import { useState } from 'react';
import { toast } from '../../../lib/toast';
import type { Invitation } from '../../../../shared/invitations/invitations.schemas';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { ConfirmModal } from '../../../components/ui/confirm-modal';
import { EmptyState } from '../../../components/ui/empty-state';
import { LoadErrorAlert } from '../../../components/ui/load-error-alert';
import { Skeleton } from '../../../components/ui/loading';
import { useLeagueTimeZone } from '../../../lib/api/get-league';
import { formatDateTime } from '../../../lib/dates';
import { RichText, useT } from '../../../lib/i18n';
import { useChangeInvitation } from '../api/change-invitation';
import { useInvitations } from '../api/get-invitations';

/** The Invitations tab: open invitations, with resend (a new link; the old one stops working) and revoke. */
export function InvitationsPanel({ onInvite, onImport }: { onInvite: () => void; onImport: () => void }) {
  const { t } = useT('user-manager');
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
          toast.success(t(action === 'resend' ? 'invitations.toast.resent' : 'invitations.toast.revoked', { email: invitation.email })),
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
            {t('invitations.heading')}
          </h2>
          <p className="text-sm text-slate-700">{invitations.data ? t('invitations.count', { count: list.length }) : ' '}</p>
        </div>
      </div>
      {invitations.isPending ? (
        <div className="flex flex-col gap-2" aria-hidden="true">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} className="h-24 w-full" />
          ))}
        </div>
      ) : invitations.isError ? (
        <LoadErrorAlert title={t('invitations.loadError')} message={invitations.error.message} onRetry={() => invitations.refetch()} />
      ) : list.length === 0 ? (
        <EmptyState
          title={t('invitations.empty.title')}
          action={
            <div className="flex flex-wrap justify-center gap-2">
              <Button onClick={onInvite}>{t('invitations.empty.invite')}</Button>
              <Button variant="secondary" onClick={onImport}>
                {t('invitations.empty.import')}
              </Button>
            </div>
          }
        >
          {t('invitations.empty.body')}
        </EmptyState>
      ) : (
        <ul className="flex flex-col gap-2">
          {list.map((invitation) => {
            const who = invitation.teamName ? t('invitations.whoOfTeam', { role: invitation.role, team: invitation.teamName }) : t('invitations.who', { role: invitation.role });
            const times = {
              sent: formatDateTime(invitation.lastSentAt, timeZone),
              expires: formatDateTime(invitation.expiresAt, timeZone),
              state: invitation.state,
            };
            return (
            <li key={invitation.id}>
              <article aria-label={invitation.email} className="flex flex-col gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:flex-row sm:items-center sm:justify-between">
                <div className="min-w-0">
                  <p className="flex flex-wrap items-center gap-2">
                    <span className="font-semibold break-all text-slate-900">{invitation.email}</span>
                    {invitation.state === 'expired' ? <Badge tone="danger">{t('invitations.expired')}</Badge> : <Badge tone="success">{t('invitations.pending')}</Badge>}
                  </p>
                  <p className="text-sm text-slate-700">{invitation.displayName ? t('invitations.named', { name: invitation.displayName, who }) : who}</p>
                  <p className="text-xs text-slate-600">
                    {invitation.invitedByName ? t('invitations.sentBy', { ...times, by: invitation.invitedByName }) : t('invitations.sent', times)}
                  </p>
                </div>
                <div className="flex shrink-0 flex-wrap gap-2">
                  <Button variant="secondary" size="sm" busy={busyId === invitation.id && change.variables?.action === 'resend'} disabled={busyId === invitation.id} onClick={() => run(invitation, 'resend')}>
                    <RichText ns="user-manager" k="invitations.resend" values={{ email: invitation.email }} components={{ 0: <span className="sr-only" /> }} />
                  </Button>
                  <Button variant="ghost" size="sm" className="border border-slate-300 text-danger-700 hover:bg-danger-50" disabled={busyId === invitation.id} onClick={() => setRevoking(invitation)}>
                    <RichText ns="user-manager" k="invitations.revoke" values={{ email: invitation.email }} components={{ 0: <span className="sr-only" /> }} />
                  </Button>
                </div>
              </article>
            </li>
            );
          })}
        </ul>
      )}
      <ConfirmModal
        open={revoking !== null}
        title={t('invitations.confirmRevoke.title')}
        message={<p>{t('invitations.confirmRevoke.message', { email: revoking?.email ?? '' })}</p>}
        confirmLabel={t('invitations.confirmRevoke.confirm')}
        destructive
        busy={change.isPending}
        onConfirm={() => revoking && run(revoking, 'revoke')}
        onCancel={() => setRevoking(null)}
      />
    </section>
  );
}
