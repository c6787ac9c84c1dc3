import { Link } from 'react-router';
import { MAX_PENDING_REQUESTS_PER_TEAM } from '../../../../shared/practice-requests/practice-requests.schemas';
import { useSession } from '../../../app/session/use-session';
import { buttonClasses } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { EmptyState } from '../../../components/ui/empty-state';
import { LoadErrorAlert } from '../../../components/ui/load-error-alert';
import { Skeleton } from '../../../components/ui/loading';
import { PageHeader } from '../../../components/ui/page-header';
import { useFacilities } from '../../../lib/api/get-facilities';
import { useLeagueTimeZone } from '../../../lib/api/get-league';
import { timeZoneName, todayInZone } from '../../../lib/dates';
import { useT } from '../../../lib/i18n';
import { MyPracticeRequests } from './my-practice-requests';
import { PracticeRequestForm } from './practice-request-form';

/** /practice-request: a coach asks for a time the slots do not offer and follows the team's requests. */
export function PracticeRequestPage() {
  const { t } = useT('practice-requests');
  const auth = useSession();
  const profile = auth.session?.profile ?? null;
  const timeZone = useLeagueTimeZone();
  const isCoach = Boolean(profile?.teamId) && (profile?.role !== 'member' || auth.isAdmin);
  const facilities = useFacilities();

  if (auth.status === 'loading') return <Skeleton className="h-96 w-full" />;
  if (auth.status === 'signed-out') {
    return (
      <section>
        <PageHeader title={t('page.title')} description={t('page.description')} />
        <EmptyState
          title={t('page.signedOut.title')}
          action={
            <Link to={`/login?redirect=${encodeURIComponent('/practice-request')}`} className={buttonClasses('primary')}>
              {t('page.signedOut.logIn')}
            </Link>
          }
        >
          {t('page.signedOut.body')}
        </EmptyState>
      </section>
    );
  }
  if (!isCoach) {
    return (
      <section>
        <PageHeader title={t('page.title')} description={t('page.description')} />
        <EmptyState
          title={profile?.teamId ? t('page.notCoach.title') : t('page.noTeam.title')}
          action={
            <Link to="/slots" className={buttonClasses('secondary')}>
              {t('page.notCoach.seeOpenFields')}
            </Link>
          }
        >
          {profile?.teamName ? t('page.notCoach.body', { team: profile.teamName }) : t('page.notCoach.bodyNoTeam')}
        </EmptyState>
      </section>
    );
  }

  return (
    <section>
      <PageHeader
        title={t('page.title')}
        description={profile?.teamName ? t('page.teamDescription', { team: profile.teamName }) : t('page.yourTeamDescription')}
      />
      <div className="grid gap-6 lg:grid-cols-5">
        <Card className="min-w-0 p-4 sm:p-6 lg:col-span-3">
          <h2 className="text-xl font-bold text-primary-900">{t('page.ask.title')}</h2>
          <p className="mt-1 mb-5 text-slate-700">
            {t('page.ask.intro', { max: MAX_PENDING_REQUESTS_PER_TEAM, zone: timeZoneName(timeZone) })}
          </p>
          {facilities.isPending ? (
            <Skeleton className="h-72 w-full" />
          ) : facilities.isError ? (
            <LoadErrorAlert title={t('page.facilitiesError')} message={facilities.error.message} onRetry={() => facilities.refetch()} />
          ) : (
            <PracticeRequestForm facilities={facilities.data} today={todayInZone(timeZone)} teamName={profile?.teamName ?? null} />
          )}
        </Card>
        <div className="min-w-0 lg:col-span-2">
          <h2 className="mb-3 text-xl font-bold text-primary-900">{t('page.teamRequests')}</h2>
          <MyPracticeRequests userId={profile!.id} timeZone={timeZone} />
        </div>
      </div>
    </section>
  );
}
