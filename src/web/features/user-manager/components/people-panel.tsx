import { useState } from 'react';
import { toast } from '../../../lib/toast';
import { useSearchParams } from 'react-router';
import { ROLES, type Role } from '../../../../shared/constants';
import type { AdminTeam } from '../../../../shared/teams/teams.schemas';
import { isDemotion, type AdminUser, type UserPatch } from '../../../../shared/users/user-manager.schemas';
import { useSession } from '../../../app/session/use-session';
import { Button } from '../../../components/ui/button';
import { ConfirmModal } from '../../../components/ui/confirm-modal';
import { EmptyState } from '../../../components/ui/empty-state';
import { LoadErrorAlert } from '../../../components/ui/load-error-alert';
import { Skeleton } from '../../../components/ui/loading';
import { SelectField } from '../../../components/ui/select-field';
import { TextField } from '../../../components/ui/text-field';
import { useT } from '../../../lib/i18n';
import { useAdminTeams } from '../api/get-admin-teams';
import { usePeople } from '../api/get-people';
import { useUpdatePerson } from '../api/update-person';
import { hasPeopleFilters, NO_FILTERS, parsePeopleFilters, withPeopleFilters, type PeopleFilters } from '../people-filters';
import { roleLabel } from '../role-words';
import { PersonRow } from './person-row';

/** A change that asks first (demoting, disabling, taking a coach off their team). */
interface Pending {
  person: AdminUser;
  patch: UserPatch;
  title: string;
  message: string;
  confirmLabel: string;
  success: string;
}

/** The People tab: search, filters (in the URL), pages of people with their role, team and disabled flag. */
export function PeoplePanel() {
  const { t } = useT('user-manager');
  const [params, setParams] = useSearchParams();
  const filters = parsePeopleFilters(params);
  const people = usePeople(filters);
  const teams = useAdminTeams();
  const auth = useSession();
  const selfId = auth.session?.profile.id ?? null;
  const update = useUpdatePerson(selfId);
  const [pending, setPending] = useState<Pending | null>(null);
  const [busyId, setBusyId] = useState<string | null>(null);

  const setFilters = (changes: Partial<PeopleFilters>) => void setParams((current) => withPeopleFilters(current, changes), { preventScrollReset: true });
  const teamList = teams.data?.teams ?? [];
  const teamName = (id: string | null) => teamList.find((team) => team.id === id)?.name ?? t('people.theTeam');

  const apply = (person: AdminUser, patch: UserPatch, success: string) => {
    setBusyId(person.id);
    update.mutate(
      { id: person.id, patch },
      {
        onSuccess: () => toast.success(success),
        onError: (err) => toast.error(err.message),
        onSettled: () => {
          setBusyId(null);
          setPending(null);
        },
      },
    );
  };

  const onRole = (person: AdminUser, role: Role) => {
    if (role === person.role) return;
    // A new role ends the person's sessions (server: users-admin.service): they sign in again to use it.
    const name = person.displayName;
    const success = t('people.toast.roleChanged', { name, role });
    if (!isDemotion(person.role, role)) return apply(person, { role }, success);
    const message =
      person.role === 'admin'
        ? t('people.demote.fromAdmin')
        : person.teamName
          ? t('people.demote.fromCoachOfTeam', { team: person.teamName })
          : t('people.demote.fromCoach');
    setPending({ person, patch: { role }, title: t('people.demote.title', { name, role }), message, confirmLabel: t('people.demote.confirm', { role }), success });
  };

  const onTeam = (person: AdminUser, teamId: string | null) => {
    if (teamId === person.teamId) return;
    const name = person.displayName;
    const success = teamId ? t('people.toast.onTeam', { name, team: teamName(teamId) }) : t('people.toast.offTeam', { name });
    if (person.role === 'coach' && person.teamId && !teamId) {
      setPending({
        person,
        patch: { teamId: null },
        title: person.teamName ? t('people.offTeam.title', { name, team: person.teamName }) : t('people.offTeam.titleTheirTeam', { name }),
        message: t('people.offTeam.message'),
        confirmLabel: t('people.offTeam.confirm'),
        success,
      });
      return;
    }
    apply(person, { teamId }, success);
  };

  const onDisabled = (person: AdminUser) => {
    const name = person.displayName;
    if (person.disabled) return apply(person, { disabled: false }, t('people.toast.enabled', { name }));
    setPending({
      person,
      patch: { disabled: true },
      title: t('people.disable.title', { name }),
      message: t('people.disable.message', { name }),
      confirmLabel: t('people.disable.confirm'),
      success: t('people.toast.disabled', { name }),
    });
  };

  const pages = people.data?.pages ?? [];
  const list = pages.flatMap((p) => p.users);
  const total = pages[0]?.total ?? 0;

  return (
    <section aria-labelledby="people-heading" className="flex flex-col gap-5">
      <h2 id="people-heading" className="sr-only">
        {t('people.heading')}
      </h2>
      <PeopleFilterBar key={filters.q} filters={filters} teams={teamList} onChange={setFilters} />

      <div aria-busy={people.isFetching}>
        <div className="mb-3 flex flex-wrap items-center justify-between gap-3">
          <p role="status" className="text-sm text-slate-700">
            {people.isPending
              ? t('people.loading')
              : t(people.isFetching && !people.isFetchingNextPage ? 'people.showingUpdating' : 'people.showing', { shown: list.length, total })}
          </p>
          {hasPeopleFilters(filters) ? (
            <Button variant="ghost" size="sm" onClick={() => setFilters(NO_FILTERS)}>
              {t('people.clearFilters')}
            </Button>
          ) : null}
        </div>

        {people.isPending ? (
          <div className="flex flex-col gap-2" aria-hidden="true">
            {[0, 1, 2, 3, 4].map((i) => (
              <Skeleton key={i} className="h-36 w-full md:h-20" />
            ))}
          </div>
        ) : people.isError ? (
          <LoadErrorAlert title={t('people.loadError')} message={people.error.message} onRetry={() => people.refetch()} />
        ) : list.length === 0 ? (
          hasPeopleFilters(filters) ? (
            <EmptyState
              title={t('people.noMatch.title')}
              action={
                <Button variant="secondary" onClick={() => setFilters(NO_FILTERS)}>
                  {t('people.clearFilters')}
                </Button>
              }
            >
              {t('people.noMatch.body')}
            </EmptyState>
          ) : (
            <EmptyState title={t('people.empty.title')}>{t('people.empty.body')}</EmptyState>
          )
        ) : (
          <>
            <ul className="flex flex-col gap-2">
              {list.map((person) => (
                <li key={person.id}>
                  <PersonRow
                    person={person}
                    teams={teamList}
                    isSelf={person.id === selfId}
                    busy={busyId === person.id}
                    onRole={(role) => onRole(person, role)}
                    onTeam={(teamId) => onTeam(person, teamId)}
                    onDisabled={() => onDisabled(person)}
                  />
                </li>
              ))}
            </ul>
            {people.hasNextPage ? (
              <div className="mt-4 flex justify-center">
                <Button variant="secondary" busy={people.isFetchingNextPage} onClick={() => void people.fetchNextPage()}>
                  {t('people.loadMore')}
                </Button>
              </div>
            ) : null}
          </>
        )}
      </div>

      <ConfirmModal
        open={pending !== null}
        title={pending?.title ?? ''}
        message={pending ? <p>{pending.message}</p> : null}
        confirmLabel={pending?.confirmLabel ?? ''}
        destructive
        busy={update.isPending}
        onConfirm={() => pending && apply(pending.person, pending.patch, pending.success)}
        onCancel={() => setPending(null)}
      />
    </section>
  );
}

function PeopleFilterBar({ filters, teams, onChange }: { filters: PeopleFilters; teams: AdminTeam[]; onChange: (changes: Partial<PeopleFilters>) => void }) {
  const { t } = useT('user-manager');
  const [q, setQ] = useState(filters.q);
  return (
    <form
      role="search"
      aria-label={t('filters.label')}
      className="flex flex-col gap-4 rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
      onSubmit={(event) => {
        event.preventDefault();
        onChange({ q: q.trim() });
      }}
    >
      <div className="flex flex-col gap-2 sm:flex-row sm:items-end">
        <TextField
          label={t('filters.search')}
          type="search"
          className="flex-1"
          placeholder={t('filters.searchPlaceholder')}
          maxLength={100}
          value={q}
          onChange={(event) => setQ(event.target.value)}
        />
        <Button type="submit">{t('filters.search')}</Button>
      </div>
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-3">
        <SelectField label={t('filters.role')} value={filters.role} onChange={(event) => onChange({ role: event.target.value as Role | '' })}>
          <option value="">{t('filters.everyRole')}</option>
          {ROLES.map((role) => (
            <option key={role} value={role}>
              {roleLabel(t, role)}
            </option>
          ))}
        </SelectField>
        <SelectField label={t('filters.team')} value={filters.team} onChange={(event) => onChange({ team: event.target.value })}>
          <option value="">{t('filters.everyTeam')}</option>
          <option value="none">{t('filters.noTeam')}</option>
          {teams.map((team) => (
            <option key={team.id} value={team.id}>
              {team.active ? team.name : t('team.inactive', { name: team.name })}
            </option>
          ))}
        </SelectField>
        <SelectField label={t('filters.status')} value={filters.status} onChange={(event) => onChange({ status: event.target.value as PeopleFilters['status'] })}>
          <option value="">{t('filters.statusAll')}</option>
          <option value="active">{t('filters.statusActive')}</option>
          <option value="disabled">{t('filters.statusDisabled')}</option>
        </SelectField>
      </div>
    </form>
  );
}
