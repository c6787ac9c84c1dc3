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
import { MyPracticeRequests } from './my-practice-requests';
import { PracticeRequestForm } from './practice-request-form';

const TITLE = 'Practice request';
const DESCRIPTION = 'Ask the league for a practice time that is not on the board; an admin approves or declines it.';

/** /practice-request: a coach asks for a time the slots do not offer and follows the team's requests. */
export function PracticeRequestPage() {
  const auth = useSession();
  const profile = auth.session?.profile ?? null;
  const timeZone = useLeagueTimeZone();
  const isCoach = Boolean(profile?.teamId) && (profile?.role !== 'member' || auth.isAdmin);
  const facilities = useFacilities();

  if (auth.status === 'loading') return <Skeleton className="h-96 w-full" />;
  if (auth.status === 'signed-out') {
    return (
      <section>
        <PageHeader title={TITLE} description={DESCRIPTION} />
        <EmptyState
          title="Log in to ask for a practice"
          action={
            <Link to={`/login?redirect=${encodeURIComponent('/practice-request')}`} className={buttonClasses('primary')}>
              Log in
            </Link>
          }
        >
          Coaches ask here for a practice time that no open slot offers, and see the league’s answer.
        </EmptyState>
      </section>
    );
  }
  if (!isCoach) {
    return (
      <section>
        <PageHeader title={TITLE} description={DESCRIPTION} />
        <EmptyState
          title={profile?.teamId ? 'Only coaches can ask for practices' : 'You are not on a team yet'}
          action={
            <Link to="/slots" className={buttonClasses('secondary')}>
              See open fields
            </Link>
          }
        >
          {`Ask a league admin to make you a coach of ${profile?.teamName ?? 'your team'}; you can then ask for practices here.`}
        </EmptyState>
      </section>
    );
  }

  return (
    <section>
      <PageHeader title={TITLE} description={`${profile?.teamName ?? 'Your team'}: ${DESCRIPTION}`} />
      <div className="grid gap-6 lg:grid-cols-5">
        <Card className="min-w-0 p-4 sm:p-6 lg:col-span-3">
          <h2 className="text-xl font-bold text-primary-900">Ask for a practice</h2>
          <p className="mt-1 mb-5 text-slate-700">
            {`Check Book a Field first: an open slot is yours at once. A team has at most ${MAX_PENDING_REQUESTS_PER_TEAM} requests waiting. Times are league time (${timeZoneName(timeZone)}).`}
          </p>
          {facilities.isPending ? (
            <Skeleton className="h-72 w-full" />
          ) : facilities.isError ? (
            <LoadErrorAlert title="The facilities could not be loaded" message={facilities.error.message} onRetry={() => facilities.refetch()} />
          ) : (
            <PracticeRequestForm facilities={facilities.data} today={todayInZone(timeZone)} teamName={profile?.teamName ?? 'your team'} />
          )}
        </Card>
        <div className="min-w-0 lg:col-span-2">
          <h2 className="mb-3 text-xl font-bold text-primary-900">Your team’s requests</h2>
          <MyPracticeRequests userId={profile!.id} timeZone={timeZone} />
        </div>
      </div>
    </section>
  );
}
