import type { Clinic } from '../../../../shared/clinics/clinics.schemas';
import { Badge } from '../../../components/ui/badge';
import { Button, buttonClasses } from '../../../components/ui/button';
import { LoadErrorAlert } from '../../../components/ui/load-error-alert';
import { Loading } from '../../../components/ui/loading';
import { Modal } from '../../../components/ui/modal';
import { formatDateTime } from '../../../lib/dates';
import { rosterCsvHref, useRoster } from '../api/get-roster';
import { rosterSummary, statusText } from '../clinic-words';

/** An admin's roster of one clinic: places, then the waitlist in order, with a CSV export. */
export function RosterDialog({ clinic, timeZone, onClose }: { clinic: Clinic | null; timeZone: string; onClose: () => void }) {
  const roster = useRoster(clinic?.id ?? null);
  return (
    <Modal open={clinic !== null} title={clinic ? `Roster: ${clinic.title}` : 'Roster'} onClose={onClose} size="lg">
      {clinic ? (
        <div className="flex flex-col gap-4">
          <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
            <p className="text-slate-700">{rosterSummary(roster.data?.clinic ?? clinic)}</p>
            <a href={rosterCsvHref(clinic.id)} download className={buttonClasses('secondary', 'sm')}>
              Export CSV
            </a>
          </div>
          {roster.isPending ? (
            <Loading />
          ) : roster.isError ? (
            <LoadErrorAlert title="The roster could not be loaded" message={roster.error.message} onRetry={() => roster.refetch()} />
          ) : roster.data.entries.length === 0 ? (
            <p className="rounded-lg bg-slate-50 p-4 text-slate-700">Nobody has registered yet. Share the clinics page with families.</p>
          ) : (
            <ol className="flex max-h-[60vh] flex-col gap-2 overflow-y-auto" aria-label="Participants">
              {roster.data.entries.map((e) => (
                <li key={e.id} className="rounded-lg border border-slate-200 p-3">
                  <div className="flex flex-wrap items-center gap-2">
                    <span className="font-semibold text-primary-900">{e.participantName}</span>
                    <span className="text-slate-700">age {e.participantAge}</span>
                    <Badge tone={e.status === 'registered' ? 'success' : 'accent'}>{statusText(e)}</Badge>
                  </div>
                  <dl className="mt-1 grid gap-x-4 text-sm text-slate-700 sm:grid-cols-2">
                    <div className="min-w-0 break-words">
                      <dt className="inline font-medium">Emergency: </dt>
                      <dd className="inline">{e.emergencyContact}</dd>
                    </div>
                    <div className="min-w-0 break-words">
                      <dt className="inline font-medium">By: </dt>
                      <dd className="inline">{e.registrantEmail ?? 'a removed account'}</dd>
                    </div>
                    <div>
                      <dt className="inline font-medium">Signed up: </dt>
                      <dd className="inline">{formatDateTime(e.createdAt, timeZone)}</dd>
                    </div>
                  </dl>
                </li>
              ))}
            </ol>
          )}
          <div className="flex justify-end">
            <Button variant="secondary" onClick={onClose}>
              Close
            </Button>
          </div>
        </div>
      ) : null}
    </Modal>
  );
}
