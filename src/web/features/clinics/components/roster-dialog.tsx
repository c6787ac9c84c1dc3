import { useState } from 'react';
import type { Clinic, RosterEntry } from '../../../../shared/clinics/clinics.schemas';
import { Badge } from '../../../components/ui/badge';
import { Button, buttonClasses } from '../../../components/ui/button';
import { ConfirmModal } from '../../../components/ui/confirm-modal';
import { LoadErrorAlert } from '../../../components/ui/load-error-alert';
import { Loading } from '../../../components/ui/loading';
import { Modal } from '../../../components/ui/modal';
import { formatDateTime } from '../../../lib/dates';
import { RichText, useT } from '../../../lib/i18n';
import { toast } from '../../../lib/toast';
import { useCancelRosterRegistration } from '../api/cancel-roster-registration';
import { rosterCsvHref, useRoster } from '../api/get-roster';
import { rosterSummary, statusText } from '../clinic-words';

/** An admin's roster of one clinic: places, then the waitlist in order, with a CSV export and a cancel per registration. */
export function RosterDialog({ clinic, timeZone, onClose }: { clinic: Clinic | null; timeZone: string; onClose: () => void }) {
  const { t } = useT('clinics');
  const roster = useRoster(clinic?.id ?? null);
  const cancel = useCancelRosterRegistration();
  const [asking, setAsking] = useState<RosterEntry | null>(null);
  const confirmCancel = () => {
    if (!clinic || !asking) return;
    const entry = asking;
    cancel.mutate(
      { clinicId: clinic.id, registrationId: entry.id },
      {
        onSuccess: ({ promoted }) => {
          setAsking(null);
          toast.success(
            promoted
              ? t('roster.cancelledPromoted', { name: entry.participantName, promoted })
              : t('roster.cancelled', { name: entry.participantName }),
          );
        },
        onError: (err) => {
          setAsking(null);
          toast.error(err.message);
        },
      },
    );
  };
  return (
    <Modal open={clinic !== null} title={clinic ? t('roster.title', { title: clinic.title }) : t('roster.titleNone')} onClose={onClose} size="lg">
      {clinic ? (
        <div className="flex flex-col gap-4">
          <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
            <p className="text-slate-700">{rosterSummary(t, roster.data?.clinic ?? clinic)}</p>
            <a href={rosterCsvHref(clinic.id)} download className={buttonClasses('secondary', 'sm')}>
              {t('roster.export')}
            </a>
          </div>
          {roster.isPending ? (
            <Loading />
          ) : roster.isError ? (
            <LoadErrorAlert title={t('roster.loadError')} message={roster.error.message} onRetry={() => roster.refetch()} />
          ) : roster.data.entries.length === 0 ? (
            <p className="rounded-lg bg-slate-50 p-4 text-slate-700">{t('roster.empty')}</p>
          ) : (
            <ol className="flex max-h-[60vh] flex-col gap-2 overflow-y-auto" aria-label={t('roster.participants')}>
              {roster.data.entries.map((e) => (
                <li key={e.id} className="rounded-lg border border-slate-200 p-3">
                  <div className="flex flex-wrap items-center gap-2">
                    <span className="font-semibold text-primary-900">{e.participantName}</span>
                    <span className="text-slate-700">{t('roster.age', { age: e.participantAge })}</span>
                    <Badge tone={e.status === 'registered' ? 'success' : 'accent'}>{statusText(t, e)}</Badge>
                    <Button variant="secondary" size="sm" className="ml-auto" onClick={() => setAsking(e)}>
                      <RichText ns="clinics" k="roster.cancel" values={{ name: e.participantName }} components={{ 0: <span className="sr-only" /> }} />
                    </Button>
                  </div>
                  <dl className="mt-1 grid gap-x-4 text-sm text-slate-700 sm:grid-cols-2">
                    <div className="min-w-0 break-words">
                      <dt className="inline font-medium">{t('roster.emergency')}</dt>
                      <dd className="inline">{e.emergencyContact}</dd>
                    </div>
                    <div className="min-w-0 break-words">
                      <dt className="inline font-medium">{t('roster.by')}</dt>
                      <dd className="inline">{e.registrantEmail ?? t('roster.removedAccount')}</dd>
                    </div>
                    <div>
                      <dt className="inline font-medium">{t('roster.signedUp')}</dt>
                      <dd className="inline">{formatDateTime(e.createdAt, timeZone)}</dd>
                    </div>
                  </dl>
                </li>
              ))}
            </ol>
          )}
          <div className="flex justify-end">
            <Button variant="secondary" onClick={onClose}>
              {t('roster.close')}
            </Button>
          </div>
          <ConfirmModal
            open={asking !== null}
            title={asking ? t('roster.askTitle', { name: asking.participantName }) : t('roster.askTitleNone')}
            message={
              asking ? (
                // An email address has no spaces: let it break at 390 px rather than push the dialog wide.
                <p className="break-words">
                  {[
                    asking.registrantEmail
                      ? t('roster.askEmail', { name: asking.participantName, status: asking.status, clinic: clinic.title, email: asking.registrantEmail })
                      : t('roster.askFamily', { name: asking.participantName, status: asking.status, clinic: clinic.title }),
                    asking.status === 'registered' && (roster.data?.clinic ?? clinic).waitlistCount > 0 ? t('roster.askPromote') : null,
                  ]
                    .filter(Boolean)
                    .join(' ')}
                </p>
              ) : null
            }
            confirmLabel={t('roster.confirm')}
            cancelLabel={t('roster.keep')}
            destructive
            busy={cancel.isPending}
            onConfirm={confirmCancel}
            onCancel={() => setAsking(null)}
          />
        </div>
      ) : null}
    </Modal>
  );
}
