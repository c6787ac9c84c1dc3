import { toast } from '../../../lib/toast';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { z } from 'zod';
import { PASSWORD_MIN_LENGTH, type Role } from '../../../../shared/constants';
import type { MessageKey } from '../../../../shared/i18n/catalogues';
import { INVITATION_TTL_DAYS, type InvitationLookup, type InvitationState } from '../../../../shared/invitations/invitations.schemas';
import { teamLabel } from '../../../../shared/teams/teams.schemas';
import type { Profile } from '../../../../shared/users/users.schemas';
import { displayNameSchema, passwordSchema } from '../../../../shared/users/users.schemas';
import { useSession } from '../../../app/session/use-session';
import { Alert } from '../../../components/ui/alert';
import { AuthCard } from '../../../components/ui/auth-card';
import { Button, buttonClasses } from '../../../components/ui/button';
import { LoadErrorAlert } from '../../../components/ui/load-error-alert';
import { Loading } from '../../../components/ui/loading';
import { TextField } from '../../../components/ui/text-field';
import { ApiError } from '../../../lib/api-client';
import { RichText, useT, type Translate } from '../../../lib/i18n';
import { useZodForm } from '../../../lib/use-zod-form';
import { useAcceptSignedIn, useAcceptWithSignUp, useSignOutHere } from '../api/accept-invitation';
import { useInvitationLookup } from '../api/lookup-invitation';

type Pending = NonNullable<InvitationLookup['invitation']>;

/** Where a person goes once they have joined: a coach to Book a Field, an admin to the admin pages. */
const HOME: Record<Role, string> = { coach: '/slots', admin: '/admin', member: '/' };

function welcome(profile: Profile, t: Translate<'invitations'>): string {
  return t('welcome', { name: profile.displayName, role: profile.role, hasTeam: profile.teamName ? 'yes' : 'no', team: profile.teamName ?? '' });
}

/** A link that cannot be used, as shared/invitations/invitations.schemas.ts INVITATION_REFUSAL words it. */
type Refusal = Exclude<InvitationState, 'pending'> | 'invalid';
const REFUSAL: Record<Refusal, { title: MessageKey<'invitations'>; message: MessageKey<'invitations'> }> = {
  invalid: { title: 'refusal.invalid.title', message: 'refusal.invalid.message' },
  expired: { title: 'refusal.expired.title', message: 'refusal.expired.message' },
  accepted: { title: 'refusal.accepted.title', message: 'refusal.accepted.message' },
  revoked: { title: 'refusal.revoked.title', message: 'refusal.revoked.message' },
};

/** /invite?token=…: who invited you to what, then sign up (address fixed) or accept with one click. */
export function AcceptInvitationPage() {
  const [params] = useSearchParams();
  const token = (params.get('token') ?? '').trim();
  if (token.length < 20) return <Refused state="invalid" />;
  return <Invitation token={token} />;
}

function Invitation({ token }: { token: string }) {
  const { t } = useT('invitations');
  const lookup = useInvitationLookup(token);
  const auth = useSession();
  if (lookup.isPending) return <Loading />;
  if (lookup.isError) {
    return (
      <AuthCard title={t('joinLeague')}>
        <LoadErrorAlert title={t('loadError')} message={lookup.error.message} onRetry={() => lookup.refetch()} />
      </AuthCard>
    );
  }
  const { state, invitation, leagueName } = lookup.data;
  if (state !== 'pending' || !invitation) return <Refused state={state === 'pending' ? 'invalid' : state} email={invitation?.email} />;

  // "as a coach of Blue Jays (10U)": the words of shared/invitations/invitation-words.ts invitedAs, in the person's language.
  const invited = t('invited', {
    byName: invitation.invitedByName ? 'yes' : 'no',
    inviter: invitation.invitedByName ?? '',
    email: invitation.email,
    league: leagueName,
    role: invitation.role,
    hasTeam: invitation.teamName ? 'yes' : 'no',
    team: invitation.teamName ? teamLabel({ name: invitation.teamName, division: invitation.teamDivision }) : '',
  });
  // Addresses are long and unbroken: they may wrap anywhere, so a phone never scrolls sideways.
  const description = <span className="wrap-anywhere">{invited}</span>;
  const title = t('title', { league: leagueName });

  if (auth.status === 'loading') return <Loading />;
  if (auth.status === 'signed-in') {
    const signedInAs = auth.session.profile.email;
    return (
      <AuthCard title={title} description={description}>
        <div className="wrap-anywhere">
          {signedInAs.toLowerCase() === invitation.email.toLowerCase() ? <AcceptSignedIn token={token} email={signedInAs} /> : <WrongAccount invited={invitation.email} signedInAs={signedInAs} />}
        </div>
      </AuthCard>
    );
  }
  const loginHref = `/login?redirect=${encodeURIComponent(`/invite?token=${token}`)}`;
  if (invitation.hasAccount) {
    return (
      <AuthCard title={title} description={description}>
        <Alert tone="info" className="wrap-anywhere">
          {t('hasAccount', { email: invitation.email })}
        </Alert>
        <Link to={loginHref} className={buttonClasses('primary', 'md', 'mt-6 w-full')}>
          {t('logInToAccept')}
        </Link>
      </AuthCard>
    );
  }
  return (
    <AuthCard
      title={title}
      description={description}
      footer={<RichText ns="invitations" k="alreadyHave" components={{ 0: <Link to={loginHref} className="font-semibold text-primary-700 underline underline-offset-4" /> }} />}
    >
      <SignUpForm token={token} invitation={invitation} loginHref={loginHref} />
    </AuthCard>
  );
}

const signUpSchema = z.object({ name: displayNameSchema, password: passwordSchema });

function SignUpForm({ token, invitation, loginHref }: { token: string; invitation: Pending; loginHref: string }) {
  const { t } = useT('invitations');
  const navigate = useNavigate();
  const accept = useAcceptWithSignUp();
  const {
    register,
    submit,
    formError,
    formState: { errors, isSubmitting },
  } = useZodForm(signUpSchema, { defaultValues: { name: invitation.displayName ?? '', password: '' }, serverFields: ['name', 'password'] });

  const onSubmit = submit(async (values) => {
    const profile = await accept.mutateAsync({ token, ...values });
    toast.success(welcome(profile, t));
    void navigate(HOME[profile.role], { replace: true });
  });
  const hasAccount = accept.error instanceof ApiError && (accept.error.details as { hasAccount?: boolean } | undefined)?.hasAccount === true;

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate className="flex flex-col gap-4 wrap-anywhere">
      {formError ? (
        <Alert>
          {formError}
          {hasAccount ? (
            <>
              {' '}
              <Link to={loginHref} className="font-semibold underline">
                {t('logIn')}
              </Link>
            </>
          ) : null}
        </Alert>
      ) : null}
      <TextField label={t('email')} type="email" value={invitation.email} readOnly hint={t('emailHint')} />
      <TextField label={t('yourName')} autoComplete="name" error={errors.name?.message} {...register('name')} />
      <TextField label={t('password')} type="password" autoComplete="new-password" hint={t('passwordHint', { min: PASSWORD_MIN_LENGTH })} error={errors.password?.message} {...register('password')} />
      <Button type="submit" busy={isSubmitting} className="mt-2 w-full">
        {t('submit')}
      </Button>
    </form>
  );
}

function AcceptSignedIn({ token, email }: { token: string; email: string }) {
  const { t } = useT('invitations');
  const navigate = useNavigate();
  const accept = useAcceptSignedIn();
  const onAccept = () =>
    accept.mutate(token, {
      onSuccess: (profile) => {
        toast.success(welcome(profile, t));
        void navigate(HOME[profile.role], { replace: true });
      },
    });
  return (
    <div className="flex flex-col gap-4">
      <p className="text-slate-700">{t('signedInAs', { email })}</p>
      {accept.error ? <Alert>{accept.error.message}</Alert> : null}
      <Button onClick={onAccept} busy={accept.isPending} className="w-full">
        {t('accept')}
      </Button>
    </div>
  );
}

function WrongAccount({ invited, signedInAs }: { invited: string; signedInAs: string }) {
  const { t } = useT('invitations');
  const signOut = useSignOutHere();
  return (
    <div className="flex flex-col gap-4">
      <Alert tone="warning" title={t('wrongTitle')}>
        {t('wrongText', { invited, signedInAs })}
      </Alert>
      {signOut.error ? <Alert>{signOut.error.message}</Alert> : null}
      <Button onClick={() => signOut.mutate()} busy={signOut.isPending} className="w-full">
        {t('logOutContinue')}
      </Button>
    </div>
  );
}

function Refused({ state, email }: { state: Refusal; email?: string | undefined }) {
  const { t } = useT('invitations');
  const common = useT('common').t;
  const { title, message } = REFUSAL[state];
  return (
    <AuthCard title={t(title)}>
      <Alert tone={state === 'accepted' ? 'info' : 'warning'}>{t(message, { days: INVITATION_TTL_DAYS })}</Alert>
      <div className="mt-6 flex flex-wrap gap-3 wrap-anywhere">
        {state === 'accepted' ? (
          <Link to="/login" className={buttonClasses('primary')}>
            {email ? t('logInAs', { email }) : t('logIn')}
          </Link>
        ) : null}
        <Link to="/" className={buttonClasses(state === 'accepted' ? 'secondary' : 'primary')}>
          {common('home')}
        </Link>
      </div>
    </AuthCard>
  );
}
