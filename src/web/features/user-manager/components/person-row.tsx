import { useId, type ReactNode } from 'react';
import { ROLES, type Role } from '../../../../shared/constants';
import type { AdminTeam } from '../../../../shared/teams/teams.schemas';
import type { AdminUser, SignInMethod } from '../../../../shared/users/user-manager.schemas';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { inputClasses } from '../../../components/ui/text-field';
import { useLeagueTimeZone } from '../../../lib/api/get-league';
import { useProviderName } from '../../../lib/api/get-sign-in-options';
import { cx } from '../../../lib/cx';
import { dateInZone, formatDay } from '../../../lib/dates';
import { RichText, useT } from '../../../lib/i18n';
import { roleLabel } from '../role-words';

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
  const { t } = useT('user-manager');
  const timeZone = useLeagueTimeZone();
  // The person's own team stays in the list even when it is inactive, so the select shows it.
  const options = teams.filter((team) => team.active || team.id === person.teamId);
  const who = person.displayName;
  const sr = { 0: <span className="sr-only" /> };
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
          {isSelf ? <Badge tone="accent">{t('person.you')}</Badge> : null}
          {person.disabled ? <Badge tone="danger">{t('person.disabled')}</Badge> : null}
        </p>
        <p className="text-sm break-all text-slate-700">{person.email}</p>
        <p className="text-xs text-slate-600">
          {person.lastSignInAt ? t('person.lastSignedIn', { date: formatDay(dateInZone(person.lastSignInAt, timeZone)) }) : t('person.neverSignedIn')}
        </p>
        <SignInMethods methods={person.signInMethods} />
      </div>
      <InlineSelect
        label={<RichText ns="user-manager" k="person.roleOf" values={{ name: who }} components={sr} />}
        value={person.role}
        disabled={busy}
        onChange={(value) => onRole(value as Role)}
      >
        {ROLES.map((role) => (
          <option key={role} value={role}>
            {roleLabel(t, role)}
          </option>
        ))}
      </InlineSelect>
      <InlineSelect
        label={<RichText ns="user-manager" k="person.teamOf" values={{ name: who }} components={sr} />}
        value={person.teamId ?? ''}
        disabled={busy}
        onChange={(value) => onTeam(value || null)}
      >
        <option value="">{t('person.noTeam')}</option>
        {options.map((team) => (
          <option key={team.id} value={team.id}>
            {team.active ? team.name : t('team.inactive', { name: team.name })}
          </option>
        ))}
      </InlineSelect>
      <div className="col-span-2 md:col-span-1">
        {isSelf ? (
          <p className="text-sm text-slate-600 md:pb-2">{t('person.ownAccount')}</p>
        ) : (
          <Button variant={person.disabled ? 'secondary' : 'ghost'} size="sm" className={cx('w-full', person.disabled ? undefined : 'border border-slate-300 text-danger-700 hover:bg-danger-50')} busy={busy} onClick={onDisabled}>
            <RichText ns="user-manager" k={person.disabled ? 'person.enable' : 'person.disable'} values={{ name: who }} components={sr} />
          </Button>
        )}
      </div>
    </article>
  );
}

/** A select with its label above; the label names the person too, for screen readers ("Role of Gina Both"). */
function InlineSelect({ label, value, disabled, onChange, children }: { label: ReactNode; value: string; disabled: boolean; onChange: (value: string) => void; children: ReactNode }) {
  const id = useId();
  return (
    <div className="min-w-0">
      <label htmlFor={id} className="mb-1 block text-xs font-semibold tracking-wide text-slate-700 uppercase">
        {label}
      </label>
      <select id={id} className={cx(inputClasses(false), 'pr-8')} value={value} disabled={disabled} onChange={(event) => onChange(event.target.value)}>
        {children}
      </select>
    </div>
  );
}

/** How the person signs in: with a password, with the league's identity provider, or both. */
function SignInMethods({ methods }: { methods: SignInMethod[] | undefined }) {
  const { t } = useT('user-manager');
  const providerName = useProviderName() ?? t('signIn.theProvider');
  if (!methods) return null;
  const password = methods.includes('password');
  const provider = methods.includes('provider');
  const how =
    password && provider
      ? t('signIn.passwordOrProvider', { provider: providerName })
      : password
        ? t('signIn.password')
        : provider
          ? t('signIn.provider', { provider: providerName })
          : t('signIn.none');
  return <p className="text-xs text-slate-600">{how}</p>;
}
