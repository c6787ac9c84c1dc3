import { toast } from '../../../lib/toast';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { z } from 'zod';
import { PASSWORD_MIN_LENGTH, type Role } from '../../../../shared/constants';
import { invitedAs } from '../../../../shared/invitations/invitation-words';
import { INVITATION_REFUSAL, type InvitationLookup } from '../../../../shared/invitations/invitations.schemas';
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
import { useZodForm } from '../../../lib/use-zod-form';
import { useAcceptSignedIn, useAcceptWithSignUp, useSignOutHere } from '../api/accept-invitation';
import { useInvitationLookup } from '../api/lookup-invitation';

type Pending = NonNullable<InvitationLookup['invitation']>;

/** Where a person goes once they have joined: a coach to Book a Field, an admin to the admin pages. */
const HOME: Record<Role, string> = { coach: '/slots', admin: '/admin', member: '/' };

function welcome(profile: Profile): string {
  const what = profile.role === 'coach' ? `You are now a coach${profile.teamName ? ` of ${profile.teamName}` : ''}.` : profile.role === 'admin' ? 'You are now a league admin.' : 'You are now a member of the league.';
  return `Welcome, ${profile.displayName}! ${what}`;
}

/** /invite?token=…: who invited you to what, then sign up (address fixed) or accept with one click. */
export function AcceptInvitationPage() {
  const [params] = useSearchParams();
  const token = (params.get('token') ?? '').trim();
  if (token.length < 20) return <Refused state="invalid" />;
  return <Invitation token={token} />;
}

function Invitation({ token }: { token: string }) {
  const lookup = useInvitationLookup(token);
  const auth = useSession();
  if (lookup.isPending) return <Loading />;
  if (lookup.isError) {
    return (
      <AuthCard title="Join the league">
        <LoadErrorAlert title="The invitation could not be loaded" message={lookup.error.message} onRetry={() => lookup.refetch()} />
      </AuthCard>
    );
  }
  const { state, invitation, leagueName } = lookup.data;
  if (state !== 'pending' || !invitation) return <Refused state={state === 'pending' ? 'invalid' : state} email={invitation?.email} />;

  const what = invitedAs(invitation.role, invitation.teamName ? { name: invitation.teamName, division: invitation.teamDivision } : null);
  // Addresses are long and unbroken: they may wrap anywhere, so a phone never scrolls sideways.
  const description = <span className="wrap-anywhere">{`${invitation.invitedByName ?? 'A league admin'} invited ${invitation.email} to join ${leagueName} ${what}.`}</span>;
  const title = `Join ${leagueName}`;

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
        <Alert tone="info" className="wrap-anywhere">{`You already have an account with ${invitation.email}. Log in with it to accept the invitation.`}</Alert>
        <Link to={loginHref} className={buttonClasses('primary', 'md', 'mt-6 w-full')}>
          Log in to accept
        </Link>
      </AuthCard>
    );
  }
  return (
    <AuthCard
      title={title}
      description={description}
      footer={
        <>
          Already have an account with this address?{' '}
          <Link to={loginHref} className="font-semibold text-primary-700 underline underline-offset-4">
            Log in to accept
          </Link>
        </>
      }
    >
      <SignUpForm token={token} invitation={invitation} loginHref={loginHref} />
    </AuthCard>
  );
}

const signUpSchema = z.object({ name: displayNameSchema, password: passwordSchema });

function SignUpForm({ token, invitation, loginHref }: { token: string; invitation: Pending; loginHref: string }) {
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
    toast.success(welcome(profile));
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
                Log in
              </Link>
            </>
          ) : null}
        </Alert>
      ) : null}
      <TextField label="Email" type="email" value={invitation.email} readOnly hint="The invitation is for this address." />
      <TextField label="Your name" autoComplete="name" error={errors.name?.message} {...register('name')} />
      <TextField label="Password" type="password" autoComplete="new-password" hint={`At least ${PASSWORD_MIN_LENGTH} characters.`} error={errors.password?.message} {...register('password')} />
      <Button type="submit" busy={isSubmitting} className="mt-2 w-full">
        Create account and join
      </Button>
    </form>
  );
}

function AcceptSignedIn({ token, email }: { token: string; email: string }) {
  const navigate = useNavigate();
  const accept = useAcceptSignedIn();
  const onAccept = () =>
    accept.mutate(token, {
      onSuccess: (profile) => {
        toast.success(welcome(profile));
        void navigate(HOME[profile.role], { replace: true });
      },
    });
  return (
    <div className="flex flex-col gap-4">
      <p className="text-slate-700">{`You are signed in as ${email}.`}</p>
      {accept.error ? <Alert>{accept.error.message}</Alert> : null}
      <Button onClick={onAccept} busy={accept.isPending} className="w-full">
        Accept invitation
      </Button>
    </div>
  );
}

function WrongAccount({ invited, signedInAs }: { invited: string; signedInAs: string }) {
  const signOut = useSignOutHere();
  return (
    <div className="flex flex-col gap-4">
      <Alert tone="warning" title="You are signed in with another address">
        {`This invitation is for ${invited}, but you are signed in as ${signedInAs}. Log out, then accept it as ${invited} (sign up, or log in with that address).`}
      </Alert>
      {signOut.error ? <Alert>{signOut.error.message}</Alert> : null}
      <Button onClick={() => signOut.mutate()} busy={signOut.isPending} className="w-full">
        Log out and continue
      </Button>
    </div>
  );
}

function Refused({ state, email }: { state: keyof typeof INVITATION_REFUSAL; email?: string | undefined }) {
  const { title, message } = INVITATION_REFUSAL[state];
  return (
    <AuthCard title={title}>
      <Alert tone={state === 'accepted' ? 'info' : 'warning'}>{message}</Alert>
      <div className="mt-6 flex flex-wrap gap-3 wrap-anywhere">
        {state === 'accepted' ? (
          <Link to="/login" className={buttonClasses('primary')}>
            {email ? `Log in as ${email}` : 'Log in'}
          </Link>
        ) : null}
        <Link to="/" className={buttonClasses(state === 'accepted' ? 'secondary' : 'primary')}>
          Home
        </Link>
      </div>
    </AuthCard>
  );
}
