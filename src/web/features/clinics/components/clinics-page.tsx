import { useState } from 'react';
import { Link } from 'react-router';
import type { Clinic, Registration } from '../../../../shared/clinics/clinics.schemas';
import { useSession } from '../../../app/session/use-session';
import { Alert } from '../../../components/ui/alert';
import { Badge } from '../../../components/ui/badge';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { ConfirmModal } from '../../../components/ui/confirm-modal';
import { EmptyState } from '../../../components/ui/empty-state';
import { LoadErrorAlert } from '../../../components/ui/load-error-alert';
import { Skeleton } from '../../../components/ui/loading';
import { PageHeader } from '../../../components/ui/page-header';
import { useLeagueTimeZone } from '../../../lib/api/get-league';
import { formatDateTimeRange } from '../../../lib/dates';
import { RichText, useT } from '../../../lib/i18n';
import { toast } from '../../../lib/toast';
import { useCancelRegistration } from '../api/cancel-registration';
import { useClinics } from '../api/get-clinics';
import { useMyRegistrations } from '../api/get-my-registrations';
import { cancelledMessage, clinicWindow, placesText, statusText, windowText } from '../clinic-words';
import { CancelClinicDialog } from './cancel-clinic-dialog';
import { ClinicFormDialog, type ClinicEditing } from './clinic-form-dialog';
import { RegisterDialog } from './register-dialog';
import { RosterDialog } from './roster-dialog';

const LOGIN = `/login?redirect=${encodeURIComponent('/clinics')}`;

/**
 * /clinics: everyone sees the league's upcoming clinics with the places left; a signed-in person registers a
 * participant (or joins the waitlist) and sees and cancels their registrations; admins create, edit and cancel
 * clinics and read their rosters here.
 */
export function ClinicsPage() {
  const { t } = useT('clinics');
  const auth = useSession();
  const signedIn = auth.status === 'signed-in';
  const isAdmin = auth.isAdmin;
  const timeZone = useLeagueTimeZone();
  const clinics = useClinics();
  const mine = useMyRegistrations(signedIn);
  const [registering, setRegistering] = useState<Clinic | null>(null);
  const [editing, setEditing] = useState<ClinicEditing>(null);
  const [cancelling, setCancelling] = useState<Clinic | null>(null);
  const [rosterOf, setRosterOf] = useState<Clinic | null>(null);
  const now = new Date();

  return (
    <section>
      <PageHeader
        title={t('page.title')}
        description={t('page.description')}
        actions={isAdmin ? <Button onClick={() => setEditing({ clinic: null })}>{t('page.new')}</Button> : null}
      />

      {auth.status === 'signed-out' ? (
        <Alert tone="info" className="mb-6">
          <p>
            <RichText ns="clinics" k="page.loginPrompt" components={{ 0: <Link to={LOGIN} className="font-semibold underline" /> }} />
          </p>
        </Alert>
      ) : null}

      {signedIn ? <MyRegistrations query={mine} timeZone={timeZone} /> : null}

      <h2 className="sr-only">{t('page.upcoming')}</h2>
      {clinics.isPending ? (
        <div className="grid gap-4 md:grid-cols-2" aria-hidden="true">
          <Skeleton className="h-56 w-full" />
          <Skeleton className="h-56 w-full" />
        </div>
      ) : clinics.isError ? (
        <LoadErrorAlert title={t('page.loadError')} message={clinics.error.message} onRetry={() => clinics.refetch()} />
      ) : clinics.data.length === 0 ? (
        <EmptyState
          title={t('page.emptyTitle')}
          action={isAdmin ? <Button onClick={() => setEditing({ clinic: null })}>{t('page.createFirst')}</Button> : null}
        >
          {isAdmin ? t('page.emptyAdmin') : t('page.emptyFamily')}
        </EmptyState>
      ) : (
        <ul className="grid gap-4 md:grid-cols-2">
          {clinics.data.map((clinic) => (
            <li key={clinic.id} className="min-w-0">
              <ClinicCard
                clinic={clinic}
                timeZone={timeZone}
                now={now}
                signedIn={signedIn}
                isAdmin={isAdmin}
                onRegister={() => setRegistering(clinic)}
                onEdit={() => setEditing({ clinic })}
                onCancel={() => setCancelling(clinic)}
                onRoster={() => setRosterOf(clinic)}
              />
            </li>
          ))}
        </ul>
      )}

      <RegisterDialog clinic={registering} onClose={() => setRegistering(null)} />
      {isAdmin ? (
        <>
          <ClinicFormDialog editing={editing} timeZone={timeZone} onClose={() => setEditing(null)} />
          <CancelClinicDialog clinic={cancelling} onClose={() => setCancelling(null)} />
          <RosterDialog clinic={rosterOf} timeZone={timeZone} onClose={() => setRosterOf(null)} />
        </>
      ) : null}
    </section>
  );
}

function ClinicCard({
  clinic,
  timeZone,
  now,
  signedIn,
  isAdmin,
  onRegister,
  onEdit,
  onCancel,
  onRoster,
}: {
  clinic: Clinic;
  timeZone: string;
  now: Date;
  signedIn: boolean;
  isAdmin: boolean;
  onRegister: () => void;
  onEdit: () => void;
  onCancel: () => void;
  onRoster: () => void;
}) {
  const { t } = useT('clinics');
  const window = clinicWindow(clinic, now);
  const full = clinic.registeredCount >= clinic.capacity;
  const titleId = `clinic-${clinic.id}`;
  return (
    <Card className="flex h-full flex-col gap-3" role="article" aria-labelledby={titleId}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h3 id={titleId} className="min-w-0 text-lg font-bold break-words text-primary-900">
          {clinic.title}
        </h3>
        <div className="flex flex-wrap gap-1">
          {!clinic.published ? <Badge tone="danger">{t('card.notPublished')}</Badge> : null}
          {clinic.ageGroup ? <Badge>{clinic.ageGroup}</Badge> : null}
        </div>
      </div>
      <dl className="grid gap-1 text-slate-800">
        <div>
          <dt className="sr-only">{t('card.when')}</dt>
          <dd className="font-medium">{formatDateTimeRange(clinic.startsAt, clinic.endsAt, timeZone)}</dd>
        </div>
        <div>
          <dt className="sr-only">{t('card.where')}</dt>
          <dd className="break-words">{clinic.location}</dd>
        </div>
        <div>
          <dt className="sr-only">{t('card.places')}</dt>
          <dd className={full ? 'font-semibold text-warning-800' : 'font-semibold text-success-800'}>{placesText(t, clinic)}</dd>
        </div>
        <div>
          <dt className="sr-only">{t('card.registration')}</dt>
          <dd className="text-sm text-slate-700">{windowText(t, window, clinic, timeZone)}</dd>
        </div>
      </dl>
      {clinic.description ? <p className="text-slate-700 break-words whitespace-pre-line">{clinic.description}</p> : null}
      <div className="mt-auto flex flex-wrap gap-2 pt-2">
        {window.state === 'open' ? (
          signedIn ? (
            <Button onClick={onRegister} aria-label={full ? t('card.joinWaitlistFor', { title: clinic.title }) : t('card.registerFor', { title: clinic.title })}>
              {full ? t('card.joinWaitlist') : t('card.register')}
            </Button>
          ) : (
            <Link to={LOGIN} className={buttonClasses('primary')}>
              {t('page.loginToRegister')}
            </Link>
          )
        ) : null}
        {isAdmin ? (
          <>
            <Button variant="secondary" onClick={onRoster} aria-label={t('card.rosterOf', { title: clinic.title })}>
              {t('card.roster')}
            </Button>
            <Button variant="secondary" onClick={onEdit} aria-label={t('card.editTitle', { title: clinic.title })}>
              {t('card.edit')}
            </Button>
            <Button variant="ghost" onClick={onCancel} aria-label={t('card.cancelClinicTitle', { title: clinic.title })}>
              {t('card.cancelClinic')}
            </Button>
          </>
        ) : null}
      </div>
    </Card>
  );
}

function MyRegistrations({ query, timeZone }: { query: ReturnType<typeof useMyRegistrations>; timeZone: string }) {
  const { t } = useT('clinics');
  const cancel = useCancelRegistration();
  const [asking, setAsking] = useState<Registration | null>(null);
  const confirm = () => {
    if (!asking) return;
    const name = asking.participantName;
    cancel.mutate(asking.id, {
      onSuccess: ({ promoted }) => {
        toast.success(cancelledMessage(t, name, promoted));
        setAsking(null);
      },
      onError: (err) => {
        toast.error(err.message);
        setAsking(null);
      },
    });
  };

  return (
    <section aria-labelledby="my-registrations" className="mb-8">
      <h2 id="my-registrations" className="mb-3 text-xl font-bold text-primary-900">
        {t('mine.title')}
      </h2>
      {query.isPending ? (
        <Skeleton className="h-20 w-full" />
      ) : query.isError ? (
        <LoadErrorAlert title={t('mine.loadError')} message={query.error.message} onRetry={() => query.refetch()} />
      ) : query.data.length === 0 ? (
        <p className="rounded-lg border border-slate-200 bg-white p-4 text-slate-700">
          {t('mine.empty')}
        </p>
      ) : (
        <ul className="flex flex-col gap-2">
          {query.data.map((r) => (
            <li key={r.id} className="flex flex-col gap-2 rounded-lg border border-slate-200 bg-white p-3 sm:flex-row sm:items-center sm:justify-between">
              <div className="min-w-0">
                <p className="font-semibold break-words text-primary-900">
                  {r.participantName} · {r.clinicTitle}
                </p>
                <p className="text-sm text-slate-700">{formatDateTimeRange(r.startsAt, r.endsAt, timeZone)}</p>
                <p className="mt-1">
                  <Badge tone={r.status === 'registered' ? 'success' : 'accent'}>{statusText(t, r)}</Badge>
                </p>
              </div>
              <Button variant="secondary" size="sm" onClick={() => setAsking(r)} aria-label={t('mine.cancelLabel', { name: r.participantName, clinic: r.clinicTitle })}>
                {t('mine.cancel')}
              </Button>
            </li>
          ))}
        </ul>
      )}
      <ConfirmModal
        open={asking !== null}
        title={t('mine.askTitle')}
        message={
          asking
            ? asking.status === 'registered'
              ? t('mine.askRegistered', { name: asking.participantName, clinic: asking.clinicTitle })
              : t('mine.askWaitlisted', { name: asking.participantName, clinic: asking.clinicTitle })
            : ''
        }
        confirmLabel={t('mine.confirm')}
        cancelLabel={t('mine.keep')}
        destructive
        busy={cancel.isPending}
        onConfirm={confirm}
        onCancel={() => setAsking(null)}
      />
    </section>
  );
}
