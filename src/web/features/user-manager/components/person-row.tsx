import { useId, type ReactNode } from 'react';
import { ROLES, type Role } from '../../../../shared/constants';
import type { AdminTeam } from '../../../../shared/teams/teams.schemas';
import { ROLE_LABEL, type AdminUser, type SignInMethod } from '../../../../shared/users/user-manager.schemas';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { inputClasses } from '../../../components/ui/text-field';
import { useProviderName } from '../../../lib/api/get-sign-in-options';
import { cx } from '../../../lib/cx';

const lastSeen = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' });

/**
 * One person: who they are, and their role, team and account status, each changed in place. A table row on
 * wide screens, a card on phones; every control is labelled with the person's name for screen readers.
 */
export function PersonRow({
  person,
  teams,
  isSelf,
  busy,
  onRole,
  onTeam,
  onDisabled,
}: {
  person: AdminUser;
  teams: AdminTeam[];
  isSelf: boolean;
  busy: boolean;
  onRole: (role: Role) => void;
  onTeam: (teamId: string | null) => void;
  onDisabled: () => void;
}) {
  // The person's own team stays in the list even when it is inactive, so the select shows it.
  const options = teams.filter((t) => t.active || t.id === person.teamId);
  return (
    <article
      aria-label={person.displayName}
      className={cx(
        'grid grid-cols-2 gap-3 rounded-xl border p-4 shadow-sm md:grid-cols-[minmax(0,1fr)_9rem_13rem_9.5rem] md:items-end',
        person.disabled ? 'border-dashed border-slate-300 bg-slate-100' : 'border-slate-200 bg-white',
      )}
    >
      <div className="col-span-2 min-w-0 md:col-span-1 md:self-center">
        <p className="flex flex-wrap items-center gap-2">
          <span className="font-semibold break-words text-slate-900">{person.displayName}</span>
          {isSelf ? <Badge tone="accent">You</Badge> : null}
          {person.disabled ? <Badge tone="danger">Disabled</Badge> : null}
        </p>
        <p className="text-sm break-all text-slate-700">{person.email}</p>
        <p className="text-xs text-slate-600">{person.lastSignInAt ? `Last signed in ${lastSeen.format(new Date(person.lastSignInAt))}` : 'Never signed in'}</p>
        <SignInMethods methods={person.signInMethods} />
      </div>
      <InlineSelect label="Role" who={person.displayName} value={person.role} disabled={busy} onChange={(value) => onRole(value as Role)}>
        {ROLES.map((role) => (
          <option key={role} value={role}>
            {ROLE_LABEL[role]}
          </option>
        ))}
      </InlineSelect>
      <InlineSelect label="Team" who={person.displayName} value={person.teamId ?? ''} disabled={busy} onChange={(value) => onTeam(value || null)}>
        <option value="">No team</option>
        {options.map((team) => (
          <option key={team.id} value={team.id}>
            {team.active ? team.name : `${team.name} (inactive)`}
          </option>
        ))}
      </InlineSelect>
      <div className="col-span-2 md:col-span-1">
        {isSelf ? (
          <p className="text-sm text-slate-600 md:pb-2">Your own account</p>
        ) : (
          <Button variant={person.disabled ? 'secondary' : 'ghost'} size="sm" className={cx('w-full', person.disabled ? undefined : 'border border-slate-300 text-danger-700 hover:bg-danger-50')} busy={busy} onClick={onDisabled}>
            {person.disabled ? 'Enable' : 'Disable'}
            <span className="sr-only"> {person.displayName}</span>
          </Button>
        )}
      </div>
    </article>
  );
}

function InlineSelect({ label, who, value, disabled, onChange, children }: { label: string; who: string; value: string; disabled: boolean; onChange: (value: string) => void; children: ReactNode }) {
  const id = useId();
  return (
    <div className="min-w-0">
      <label htmlFor={id} className="mb-1 block text-xs font-semibold tracking-wide text-slate-700 uppercase">
        {label}
        <span className="sr-only"> of {who}</span>
      </label>
      <select id={id} className={cx(inputClasses(false), 'pr-8')} value={value} disabled={disabled} onChange={(event) => onChange(event.target.value)}>
        {children}
      </select>
    </div>
  );
}

/** How the person signs in: with a password, with the league's identity provider, or both. */
function SignInMethods({ methods }: { methods: SignInMethod[] | undefined }) {
  const providerName = useProviderName() ?? 'the identity provider';
  if (!methods) return null;
  const password = methods.includes('password');
  const provider = methods.includes('provider');
  const how = password && provider ? `a password or ${providerName}` : password ? 'a password' : provider ? providerName : null;
  return <p className="text-xs text-slate-600">{how ? `Signs in with ${how}` : 'No way to sign in yet'}</p>;
}
