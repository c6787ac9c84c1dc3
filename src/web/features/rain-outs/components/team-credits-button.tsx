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

const STATE: Record<MakeupCredit['state'], { label: string; tone: 'success' | 'neutral' | 'danger' }> = {
  free: { label: 'Free', tone: 'success' },
  used: { label: 'Used', tone: 'neutral' },
  expired: { label: 'Expired', tone: 'neutral' },
  removed: { label: 'Removed', tone: 'danger' },
};

/** The last day a credit can be used: it runs out at the start of the next league day. */
const lastDay = (expiresAt: string, timeZone: string) => formatWeekdayDay(dateInZone(new Date(Date.parse(expiresAt) - 1), timeZone));

/** "Make-up practices" on a team's row (/admin-user-manager, Teams): opens the team's credits. */
export function TeamCreditsButton({ team }: { team: CreditTeam }) {
  const [opening, setOpening] = useState<number | null>(null);
  return (
    <>
      <Button variant="secondary" size="sm" onClick={() => setOpening((opening ?? 0) + 1)}>
        Make-up practices <span className="sr-only">of {team.name}</span>
      </Button>
      {opening !== null ? <TeamCreditsDialog key={opening} team={team} onClose={() => setOpening(null)} /> : null}
    </>
  );
}

/** A team's make-up credits with their state and last day; grant one (with a reason) and remove a free one. */
function TeamCreditsDialog({ team, onClose }: { team: CreditTeam; onClose: () => void }) {
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
    toast.success(`${team.name} has a make-up practice to use by ${lastDay(credit.expiresAt, timeZone)}.`);
  });

  const confirmRemove = () => {
    if (!removing) return;
    remove.mutate(removing.id, {
      onSuccess: () => toast.success(`Removed a make-up practice from ${team.name}.`),
      onError: (err) => toast.error(err.message),
      onSettled: () => setRemoving(null),
    });
  };

  const busy = isSubmitting || remove.isPending;

  return (
    <Modal open title={`Make-up practices: ${team.name}`} size="lg" onClose={busy ? () => undefined : onClose}>
      <p className="text-sm text-slate-700">
        A free make-up practice lets the team book one practice past its daily and weekly limits. Rain-outs give one for each cancelled practice; grant one here
        for anything else.
      </p>

      <div className="mt-4">
        {credits.isPending ? (
          <div className="flex flex-col gap-2" aria-hidden="true">
            <Skeleton className="h-16 w-full" />
            <Skeleton className="h-16 w-full" />
          </div>
        ) : credits.isError ? (
          <LoadErrorAlert title="The make-up practices could not be loaded" message={credits.error.message} onRetry={() => credits.refetch()} />
        ) : credits.data.length === 0 ? (
          <p className="rounded-lg border-2 border-dashed border-slate-300 px-4 py-4 text-center text-slate-700">
            {team.name} has no make-up practices. A rain-out gives them, or grant one below.
          </p>
        ) : (
          <ul
            aria-label={`Make-up practices of ${team.name}`}
            className="max-h-80 divide-y divide-slate-200 overflow-y-auto rounded-lg border border-slate-200"
          >
            {credits.data.map((credit) => (
              <li key={credit.id} className="grid gap-2 px-3 py-2 sm:grid-cols-[minmax(0,1fr)_auto] sm:items-center">
                <div className="min-w-0">
                  <p className="flex flex-wrap items-center gap-2">
                    <span className="font-medium break-words text-slate-900">{credit.reason}</span>
                    <Badge tone={STATE[credit.state].tone}>{STATE[credit.state].label}</Badge>
                  </p>
                  <p className="text-sm text-slate-700">{creditDetail(credit, timeZone)}</p>
                </div>
                {credit.state === 'free' ? (
                  <div>
                    <Button variant="ghost" size="sm" className="border border-slate-300" onClick={() => setRemoving(credit)}>
                      Remove <span className="sr-only">the make-up practice “{credit.reason}”</span>
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
            label="Reason"
            autoComplete="off"
            maxLength={120}
            placeholder="Umpire no-show on May 3"
            hint="The coaches see it with the make-up practice."
            error={errors.reason?.message}
            {...register('reason')}
          />
          <div>
            <Button type="submit" busy={isSubmitting}>
              Grant a make-up practice
            </Button>
          </div>
        </form>
      ) : (
        <p className="mt-5 text-sm text-slate-700">{team.name} is inactive: reactivate it to grant a make-up practice.</p>
      )}

      <div className="mt-5 flex justify-end">
        <Button variant="secondary" onClick={onClose} disabled={busy}>
          Close
        </Button>
      </div>

      <ConfirmModal
        open={removing !== null}
        title="Remove this make-up practice?"
        message={
          <p>
            {removing
              ? `${team.name} can no longer use “${removing.reason}” (to use by ${lastDay(removing.expiresAt, timeZone)}) to book past its limits.`
              : ''}
          </p>
        }
        confirmLabel="Remove"
        cancelLabel="Keep it"
        destructive
        busy={remove.isPending}
        onConfirm={confirmRemove}
        onCancel={() => setRemoving(null)}
      />
    </Modal>
  );
}

function creditDetail(credit: MakeupCredit, timeZone: string): string {
  switch (credit.state) {
    case 'free':
      return `To use by ${lastDay(credit.expiresAt, timeZone)}`;
    case 'used':
      return credit.usedFor ? `Used: ${credit.usedFor.fieldName}, ${formatDateTime(credit.usedFor.startsAt, timeZone)}` : 'Used';
    case 'expired':
      return `Ran out after ${lastDay(credit.expiresAt, timeZone)}`;
    case 'removed':
      return 'Taken back: by an admin, or its practice came back when the rain-out was reopened';
  }
}
