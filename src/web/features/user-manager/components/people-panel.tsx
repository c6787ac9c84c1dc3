import { useState } from 'react';
import { toast } from '../../../lib/toast';
import { useSearchParams } from 'react-router';
import { ROLES, type Role } from '../../../../shared/constants';
import type { AdminTeam } from '../../../../shared/teams/teams.schemas';
import { isDemotion, ROLE_LABEL, type AdminUser, type UserPatch } from '../../../../shared/users/user-manager.schemas';
import { useSession } from '../../../app/session/use-session';
import { Button } from '../../../components/ui/button';
import { ConfirmModal } from '../../../components/ui/confirm-modal';
import { EmptyState } from '../../../components/ui/empty-state';
import { LoadErrorAlert } from '../../../components/ui/load-error-alert';
import { Skeleton } from '../../../components/ui/loading';
import { SelectField } from '../../../components/ui/select-field';
import { TextField } from '../../../components/ui/text-field';
import { countOf, formatNumber } from '../../../lib/count-words';
import { useAdminTeams } from '../api/get-admin-teams';
import { usePeople } from '../api/get-people';
import { useUpdatePerson } from '../api/update-person';
import { hasPeopleFilters, NO_FILTERS, parsePeopleFilters, withPeopleFilters, type PeopleFilters } from '../people-filters';
import { PersonRow } from './person-row';

const A_ROLE: Record<Role, string> = { admin: 'an admin', coach: 'a coach', member: 'a member' };

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
  const teamName = (id: string | null) => teamList.find((t) => t.id === id)?.name ?? 'the team';

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
    const success = `${person.displayName} is now ${A_ROLE[role]}. They are signed out and sign in again to use it.`;
    if (!isDemotion(person.role, role)) return apply(person, { role }, success);
    const loses =
      person.role === 'admin'
        ? 'They lose the admin pages at once and are signed out on every device.'
        : `They can no longer book practices${person.teamName ? ` for ${person.teamName}` : ''}, and are signed out on every device.`;
    setPending({ person, patch: { role }, title: `Make ${person.displayName} ${A_ROLE[role]}?`, message: `${loses} You can change it back at any time.`, confirmLabel: `Make ${ROLE_LABEL[role].toLowerCase()}`, success });
  };

  const onTeam = (person: AdminUser, teamId: string | null) => {
    if (teamId === person.teamId) return;
    const success = teamId ? `${person.displayName} is now on ${teamName(teamId)}.` : `${person.displayName} is no longer on a team.`;
    if (person.role === 'coach' && person.teamId && !teamId) {
      setPending({
        person,
        patch: { teamId: null },
        title: `Take ${person.displayName} off ${person.teamName ?? 'their team'}?`,
        message: `As a coach without a team they can no longer book practices, from their next click. Their team's bookings stay.`,
        confirmLabel: 'Remove from team',
        success,
      });
      return;
    }
    apply(person, { teamId }, success);
  };

  const onDisabled = (person: AdminUser) => {
    if (person.disabled) return apply(person, { disabled: false }, `${person.displayName}'s account is enabled. They can log in again.`);
    setPending({
      person,
      patch: { disabled: true },
      title: `Disable ${person.displayName}'s account?`,
      message: `${person.displayName} is signed out on every device at once and cannot log in until you enable the account again. Their team's bookings stay.`,
      confirmLabel: 'Disable account',
      success: `${person.displayName}'s account is disabled and their sessions have ended.`,
    });
  };

  const pages = people.data?.pages ?? [];
  const list = pages.flatMap((p) => p.users);
  const total = pages[0]?.total ?? 0;

  return (
    <section aria-labelledby="people-heading" className="flex flex-col gap-5">
      <h2 id="people-heading" className="sr-only">
        People
      </h2>
      <PeopleFilterBar key={filters.q} filters={filters} teams={teamList} onChange={setFilters} />

      <div aria-busy={people.isFetching}>
        <div className="mb-3 flex flex-wrap items-center justify-between gap-3">
          <p role="status" className="text-sm text-slate-700">
            {people.isPending ? 'Loading…' : `Showing ${formatNumber(list.length)} of ${countOf(total, 'person', 'people')}${people.isFetching && !people.isFetchingNextPage ? ' · updating…' : ''}`}
          </p>
          {hasPeopleFilters(filters) ? (
            <Button variant="ghost" size="sm" onClick={() => setFilters(NO_FILTERS)}>
              Clear filters
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
          <LoadErrorAlert title="The people could not be loaded" message={people.error.message} onRetry={() => people.refetch()} />
        ) : list.length === 0 ? (
          hasPeopleFilters(filters) ? (
            <EmptyState title="No one matches" action={<Button variant="secondary" onClick={() => setFilters(NO_FILTERS)}>Clear filters</Button>}>
              Check the spelling, search by part of a name or email, or clear the filters to see everyone.
            </EmptyState>
          ) : (
            <EmptyState title="No accounts yet">People appear here once they sign up or accept an invitation. Use “Invite someone” to invite your coaches.</EmptyState>
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
                  Load more people
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
  const [q, setQ] = useState(filters.q);
  return (
    <form
      role="search"
      aria-label="Find people"
      className="flex flex-col gap-4 rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
      onSubmit={(event) => {
        event.preventDefault();
        onChange({ q: q.trim() });
      }}
    >
      <div className="flex flex-col gap-2 sm:flex-row sm:items-end">
        <TextField label="Search" type="search" className="flex-1" placeholder="Name or email" maxLength={100} value={q} onChange={(event) => setQ(event.target.value)} />
        <Button type="submit">Search</Button>
      </div>
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-3">
        <SelectField label="Role" value={filters.role} onChange={(event) => onChange({ role: event.target.value as Role | '' })}>
          <option value="">Every role</option>
          {ROLES.map((role) => (
            <option key={role} value={role}>
              {ROLE_LABEL[role]}
            </option>
          ))}
        </SelectField>
        <SelectField label="Team" value={filters.team} onChange={(event) => onChange({ team: event.target.value })}>
          <option value="">Every team</option>
          <option value="none">No team</option>
          {teams.map((team) => (
            <option key={team.id} value={team.id}>
              {team.active ? team.name : `${team.name} (inactive)`}
            </option>
          ))}
        </SelectField>
        <SelectField label="Status" value={filters.status} onChange={(event) => onChange({ status: event.target.value as PeopleFilters['status'] })}>
          <option value="">Active and disabled</option>
          <option value="active">Active only</option>
          <option value="disabled">Disabled only</option>
        </SelectField>
      </div>
    </form>
  );
}
