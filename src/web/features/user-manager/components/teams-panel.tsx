import { Suspense, useState, type ReactNode } from 'react';
import { toast } from '../../../lib/toast';
import { Link } from 'react-router';
import type { AdminTeam } from '../../../../shared/teams/teams.schemas';
import { Badge } from '../../../components/ui/badge';
import { Button, buttonClasses } from '../../../components/ui/button';
import { ConfirmModal } from '../../../components/ui/confirm-modal';
import { EmptyState } from '../../../components/ui/empty-state';
import { LoadErrorAlert } from '../../../components/ui/load-error-alert';
import { Skeleton } from '../../../components/ui/loading';
import { Modal } from '../../../components/ui/modal';
import { useLeagueTimeZone } from '../../../lib/api/get-league';
import { cx } from '../../../lib/cx';
import { formatDateTime } from '../../../lib/dates';
import { RichText, useT } from '../../../lib/i18n';
import { useAdminTeams } from '../api/get-admin-teams';
import { useTeamBookings } from '../api/get-team-bookings';
import { useSaveTeam } from '../api/save-team';
import { DivisionsSection } from './divisions-section';
import { TeamFormDialog } from './team-form-dialog';

/** Active first, then by name: a deactivated team sinks but stays visible. */
const byActiveThenName = (a: AdminTeam, b: AdminTeam) => Number(b.active) - Number(a.active) || a.name.localeCompare(b.name, undefined, { numeric: true });

/** More on a team's row, given by the app (its make-up practices): shown with the team's buttons. */
export type TeamExtra = (team: AdminTeam) => ReactNode;

/**
 * The Teams tab: the league's divisions first (teams are put in them), then the teams: create, rename, division,
 * deactivate and reactivate; each team's coaches and bookings this season.
 */
export function TeamsPanel({ onInvite, onImport, teamExtra }: { onInvite: (teamId: string) => void; onImport: () => void; teamExtra?: TeamExtra | undefined }) {
  const { t } = useT('user-manager');
  const teams = useAdminTeams();
  const save = useSaveTeam();
  const [editing, setEditing] = useState<{ key: number; team: AdminTeam | null } | null>(null);
  const [toggling, setToggling] = useState<AdminTeam | null>(null);
  const open = (team: AdminTeam | null) => setEditing({ key: (editing?.key ?? 0) + 1, team });

  const list = teams.data ? [...teams.data.teams].sort(byActiveThenName) : [];
  const season = teams.data?.season ?? null;

  const confirmToggle = () => {
    if (!toggling) return;
    const team = toggling;
    save.mutate(
      { id: team.id, patch: { active: !team.active } },
      {
        onSuccess: () => toast.success(t(team.active ? 'teams.toast.deactivated' : 'teams.toast.reactivated', { name: team.name })),
        onError: (err) => toast.error(err.message),
        onSettled: () => setToggling(null),
      },
    );
  };

  return (
    <>
      <DivisionsSection />
      <section aria-labelledby="teams-heading">
        <div className="mb-4 flex flex-wrap items-end justify-between gap-3">
          <div>
            <h2 id="teams-heading" className="text-xl font-bold text-primary-900">
              {t('teams.heading')}
            </h2>
            <p className="text-sm text-slate-700">{season ? t('teams.season', { season: season.name }) : t('teams.noSeason')}</p>
          </div>
          {list.length > 0 ? <Button onClick={() => open(null)}>{t('teams.new')}</Button> : null}
        </div>

        {teams.isPending ? (
          <div className="flex flex-col gap-3" aria-hidden="true">
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} className="h-32 w-full" />
            ))}
          </div>
        ) : teams.isError ? (
          <LoadErrorAlert title={t('teams.loadError')} message={teams.error.message} onRetry={() => teams.refetch()} />
        ) : list.length === 0 ? (
          <EmptyState
            title={t('teams.empty.title')}
            action={
              <div className="flex flex-wrap justify-center gap-2">
                <Button onClick={() => open(null)}>{t('teams.empty.create')}</Button>
                <Button variant="secondary" onClick={onImport}>
                  {t('teams.empty.import')}
                </Button>
              </div>
            }
          >
            {t('teams.empty.body')}
          </EmptyState>
        ) : (
          <ul className="flex flex-col gap-3">
            {list.map((team) => (
              <li key={team.id}>
                <TeamCard
                  team={team}
                  seasonId={season?.id ?? null}
                  extra={teamExtra?.(team)}
                  onEdit={() => open(team)}
                  onToggle={() => setToggling(team)}
                  onInvite={() => onInvite(team.id)}
                />
              </li>
            ))}
          </ul>
        )}

        {editing ? <TeamFormDialog key={editing.key} team={editing.team} onClose={() => setEditing(null)} /> : null}

        {toggling && toggling.active && toggling.upcomingBookings > 0 ? (
          <Modal open title={t('teams.stillBooked.title', { name: toggling.name })} onClose={() => setToggling(null)}>
            <p className="text-slate-700">{t('teams.stillBooked.message', { name: toggling.name, count: toggling.upcomingBookings })}</p>
            <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
              <Button variant="secondary" onClick={() => setToggling(null)}>
                {t('teams.stillBooked.close')}
              </Button>
              <Link to={`/admin-manage-bookings?team=${toggling.id}&status=confirmed`} className={buttonClasses('primary')}>
                {t('teams.stillBooked.open')}
              </Link>
            </div>
          </Modal>
        ) : (
          <ConfirmModal
            open={toggling !== null}
            title={toggling?.active ? t('teams.deactivate.title', { name: toggling.name }) : t('teams.reactivate.title', { name: toggling?.name ?? '' })}
            message={
              <p>
                {toggling?.active
                  ? t('teams.deactivate.message', { name: toggling.name })
                  : t('teams.reactivate.message', { name: toggling?.name ?? t('teams.reactivate.theTeam') })}
              </p>
            }
            confirmLabel={toggling?.active ? t('teams.deactivate.confirm') : t('teams.reactivate.confirm')}
            destructive={toggling?.active ?? false}
            busy={save.isPending}
            onConfirm={confirmToggle}
            onCancel={() => setToggling(null)}
          />
        )}
      </section>
    </>
  );
}

function TeamCard({
  team,
  seasonId,
  extra,
  onEdit,
  onToggle,
  onInvite,
}: {
  team: AdminTeam;
  seasonId: string | null;
  extra: ReactNode;
  onEdit: () => void;
  onToggle: () => void;
  onInvite: () => void;
}) {
  const { t } = useT('user-manager');
  const [expanded, setExpanded] = useState(false);
  const sr = { 0: <span className="sr-only" /> };
  const name = team.name;
  const titleId = `team-${team.id}`;
  const panelId = `team-${team.id}-bookings`;
  return (
    <article aria-labelledby={titleId} className={cx('rounded-xl border p-4 shadow-sm sm:p-5', team.active ? 'border-slate-200 bg-white' : 'border-dashed border-slate-300 bg-slate-100')}>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0">
          <div className="flex flex-wrap items-center gap-2">
            <h3 id={titleId} className={cx('text-lg font-bold break-words', team.active ? 'text-primary-900' : 'text-slate-700')}>
              {team.name}
            </h3>
            {team.division ? (
              <Badge>
                <RichText ns="user-manager" k="teamCard.division" values={{ division: team.division }} components={sr} />
              </Badge>
            ) : null}
            {team.active ? null : <Badge tone="danger">{t('teamCard.inactive')}</Badge>}
          </div>
          <p className="mt-1 text-sm text-slate-700">
            {team.coaches.length === 0
              ? t('teamCard.noCoach')
              : t('teamCard.coaches', {
                  count: team.coaches.length,
                  names: team.coaches.map((c) => (c.disabled ? t('teamCard.coachDisabled', { name: c.displayName }) : c.displayName)).join(', '),
                })}
          </p>
          <p className="text-sm text-slate-700">{t('teamCard.bookings', { count: team.bookingsThisSeason, upcoming: team.upcomingBookings })}</p>
        </div>
        <div className="flex shrink-0 flex-wrap gap-2">
          <Button variant="secondary" size="sm" onClick={onEdit}>
            <RichText ns="user-manager" k="teamCard.edit" values={{ name }} components={sr} />
          </Button>
          {team.active ? (
            <Button variant="secondary" size="sm" onClick={onInvite}>
              <RichText ns="user-manager" k="teamCard.invite" values={{ name }} components={sr} />
            </Button>
          ) : null}
          {/* Another feature's part (its words may still be loading): it waits alone, not the page and its focus. */}
          <Suspense fallback={null}>{extra}</Suspense>
          <Button variant="ghost" size="sm" className="border border-slate-300" onClick={onToggle}>
            <RichText ns="user-manager" k={team.active ? 'teamCard.deactivate' : 'teamCard.reactivate'} values={{ name }} components={sr} />
          </Button>
        </div>
      </div>
      {seasonId && team.bookingsThisSeason > 0 ? (
        <div className="mt-3">
          <Button variant="ghost" size="sm" aria-expanded={expanded} aria-controls={panelId} onClick={() => setExpanded((v) => !v)}>
            <RichText ns="user-manager" k={expanded ? 'teamCard.hideBookings' : 'teamCard.showBookings'} values={{ name }} components={sr} />
          </Button>
          {expanded ? (
            <div id={panelId}>
              <TeamBookings teamId={team.id} seasonId={seasonId} />
            </div>
          ) : null}
        </div>
      ) : null}
    </article>
  );
}

function TeamBookings({ teamId, seasonId }: { teamId: string; seasonId: string }) {
  const { t } = useT('user-manager');
  const bookings = useTeamBookings(teamId, seasonId);
  const timeZone = useLeagueTimeZone();
  if (bookings.isPending) return <Skeleton className="mt-2 h-20 w-full" />;
  if (bookings.isError) return <LoadErrorAlert className="mt-2" title={t('teamBookings.loadError')} message={bookings.error.message} onRetry={() => bookings.refetch()} />;
  const confirmed = bookings.data.filter((b) => b.status === 'confirmed');
  if (confirmed.length === 0) return <p className="mt-2 text-sm text-slate-700">{t('teamBookings.none')}</p>;
  return (
    <ul className="mt-2 divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white">
      {confirmed.map((b) => (
        <li key={b.id} className="flex flex-col px-3 py-2 text-sm sm:flex-row sm:justify-between sm:gap-4">
          <span className="font-medium text-slate-900">{formatDateTime(b.startsAt, timeZone)}</span>
          <span className="text-slate-700">
            {t(b.override ? 'teamBookings.whereByAdmin' : 'teamBookings.where', { field: b.fieldName, facility: b.facilityName })}
          </span>
        </li>
      ))}
    </ul>
  );
}
