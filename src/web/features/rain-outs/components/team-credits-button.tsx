import { useState } from 'react';
import { grantCreditInputSchema, type MakeupCredit } from '../../../../shared/rain-outs/rain-outs.schemas';
import { Alert } from '../../../components/ui/alert';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { ConfirmModal } from '../../../components/ui/confirm-modal';
import { LoadErrorAlert } from '../../../components/ui/load-error-alert';
import { Skeleton } from '../../../components/ui/loading';
import { Modal } from '../../../components/ui/modal';
import { TextField } from '../../../components/ui/text-field';
import { useLeagueTimeZone } from '../../../lib/api/get-league';
import { dateInZone, formatDateTime, formatWeekdayDay } from '../../../lib/dates';
import { RichText, useT, type Translate } from '../../../lib/i18n';
import { toast } from '../../../lib/toast';
import { useZodForm } from '../../../lib/use-zod-form';
import { useMakeupCredits } from '../api/get-makeup-credits';
import { useGrantMakeupCredit } from '../api/grant-makeup-credit';
import { useRemoveMakeupCredit } from '../api/remove-makeup-credit';

export interface CreditTeam {
  id: string;
  name: string;
  active: boolean;
}

const STATE = {
  free: { label: 'credits.state.free', tone: 'success' },
  used: { label: 'credits.state.used', tone: 'neutral' },
  expired: { label: 'credits.state.expired', tone: 'neutral' },
  removed: { label: 'credits.state.removed', tone: 'danger' },
} as const satisfies Record<MakeupCredit['state'], { label: string; tone: 'success' | 'neutral' | 'danger' }>;

/** The last day a credit can be used: it runs out at the start of the next league day. */
const lastDay = (expiresAt: string, timeZone: string) => formatWeekdayDay(dateInZone(new Date(Date.parse(expiresAt) - 1), timeZone));

/** "Make-up practices" on a team's row (/admin-user-manager, Teams): opens the team's credits. */
export function TeamCreditsButton({ team }: { team: CreditTeam }) {
  const [opening, setOpening] = useState<number | null>(null);
  return (
    <>
      <Button variant="secondary" size="sm" onClick={() => setOpening((opening ?? 0) + 1)}>
        <RichText ns="rain-outs" k="credits.button" values={{ team: team.name }} components={{ 0: <span className="sr-only" /> }} />
      </Button>
      {opening !== null ? <TeamCreditsDialog key={opening} team={team} onClose={() => setOpening(null)} /> : null}
    </>
  );
}

/** A team's make-up credits with their state and last day; grant one (with a reason) and remove a free one. */
function TeamCreditsDialog({ team, onClose }: { team: CreditTeam; onClose: () => void }) {
  const { t } = useT('rain-outs');
  const timeZone = useLeagueTimeZone();
  const credits = useMakeupCredits(team.id);
  const grant = useGrantMakeupCredit();
  const remove = useRemoveMakeupCredit();
  const [removing, setRemoving] = useState<MakeupCredit | null>(null);
  const {
    register,
    submit,
    formError,
    reset,
    formState: { errors, isSubmitting },
  } = useZodForm(grantCreditInputSchema, {
    defaultValues: { reason: '' },
    serverFields: ['reason'],
    fill: (values: { reason: string }) => ({ ...values, teamId: team.id }),
  });

  const onGrant = submit(async (values) => {
    const credit = await grant.mutateAsync(values);
    reset({ reason: '' });
    toast.success(t('credits.granted', { team: team.name, day: lastDay(credit.expiresAt, timeZone) }));
  });

  const confirmRemove = () => {
    if (!removing) return;
    remove.mutate(removing.id, {
      onSuccess: () => toast.success(t('credits.removed', { team: team.name })),
      onError: (err) => toast.error(err.message),
      onSettled: () => setRemoving(null),
    });
  };

  const busy = isSubmitting || remove.isPending;

  return (
    <Modal open title={t('credits.title', { team: team.name })} size="lg" onClose={busy ? () => undefined : onClose}>
      <p className="text-sm text-slate-700">{t('credits.intro')}</p>

      <div className="mt-4">
        {credits.isPending ? (
          <div className="flex flex-col gap-2" aria-hidden="true">
            <Skeleton className="h-16 w-full" />
            <Skeleton className="h-16 w-full" />
          </div>
        ) : credits.isError ? (
          <LoadErrorAlert title={t('credits.loadError')} message={credits.error.message} onRetry={() => credits.refetch()} />
        ) : credits.data.length === 0 ? (
          <p className="rounded-lg border-2 border-dashed border-slate-300 px-4 py-4 text-center text-slate-700">
            {t('credits.empty', { team: team.name })}
          </p>
        ) : (
          <ul
            aria-label={t('credits.listLabel', { team: team.name })}
            className="max-h-80 divide-y divide-slate-200 overflow-y-auto rounded-lg border border-slate-200"
          >
            {credits.data.map((credit) => (
              <li key={credit.id} className="grid gap-2 px-3 py-2 sm:grid-cols-[minmax(0,1fr)_auto] sm:items-center">
                <div className="min-w-0">
                  <p className="flex flex-wrap items-center gap-2">
                    <span className="font-medium break-words text-slate-900">{credit.reason}</span>
                    <Badge tone={STATE[credit.state].tone}>{t(STATE[credit.state].label)}</Badge>
                  </p>
                  <p className="text-sm text-slate-700">{creditDetail(t, credit, timeZone)}</p>
                </div>
                {credit.state === 'free' ? (
                  <div>
                    <Button variant="ghost" size="sm" className="border border-slate-300" onClick={() => setRemoving(credit)}>
                      <RichText
                        ns="rain-outs"
                        k="credits.remove"
                        values={{ reason: credit.reason }}
                        components={{ 0: <span className="sr-only" /> }}
                      />
                    </Button>
                  </div>
                ) : null}
              </li>
            ))}
          </ul>
        )}
      </div>

      {team.active ? (
        <form onSubmit={(event) => void onGrant(event)} noValidate className="mt-5 flex flex-col gap-3 border-t border-slate-200 pt-4">
          {formError ? <Alert>{formError}</Alert> : null}
          <TextField
            label={t('credits.reason')}
            autoComplete="off"
            maxLength={120}
            placeholder={t('credits.reasonPlaceholder')}
            hint={t('credits.reasonHint')}
            error={errors.reason?.message}
            {...register('reason')}
          />
          <div>
            <Button type="submit" busy={isSubmitting}>
              {t('credits.grant')}
            </Button>
          </div>
        </form>
      ) : (
        <p className="mt-5 text-sm text-slate-700">{t('credits.inactive', { team: team.name })}</p>
      )}

      <div className="mt-5 flex justify-end">
        <Button variant="secondary" onClick={onClose} disabled={busy}>
          {t('credits.close')}
        </Button>
      </div>

      <ConfirmModal
        open={removing !== null}
        title={t('credits.removeTitle')}
        message={
          <p>
            {removing ? t('credits.removeMessage', { team: team.name, reason: removing.reason, day: lastDay(removing.expiresAt, timeZone) }) : ''}
          </p>
        }
        confirmLabel={t('credits.removeConfirm')}
        cancelLabel={t('credits.keepIt')}
        destructive
        busy={remove.isPending}
        onConfirm={confirmRemove}
        onCancel={() => setRemoving(null)}
      />
    </Modal>
  );
}

function creditDetail(t: Translate<'rain-outs'>, credit: MakeupCredit, timeZone: string): string {
  switch (credit.state) {
    case 'free':
      return t('credits.detail.free', { day: lastDay(credit.expiresAt, timeZone) });
    case 'used':
      return credit.usedFor
        ? t('credits.detail.usedFor', { field: credit.usedFor.fieldName, when: formatDateTime(credit.usedFor.startsAt, timeZone) })
        : t('credits.detail.used');
    case 'expired':
      return t('credits.detail.expired', { day: lastDay(credit.expiresAt, timeZone) });
    case 'removed':
      return t('credits.detail.removed');
  }
}
