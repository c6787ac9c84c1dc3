import { useQueryClient } from '@tanstack/react-query';
import { useEffect, type ReactNode } from 'react';
import { toast } from '../../../lib/toast';
import { Link, useSearchParams } from 'react-router';
import { z } from 'zod';
import type { MessageKey } from '../../../../shared/i18n/catalogues';
import { LOCALE_NAMES, LOCALES, isLocale } from '../../../../shared/i18n/locales';
import type { Profile } from '../../../../shared/users/users.schemas';
import { displayNameSchema } from '../../../../shared/users/users.schemas';
import { useUpdateProfile } from '../../../app/session/update-profile';
import { useChooseLocale } from '../../../app/session/use-profile-locale';
import { useSession } from '../../../app/session/use-session';
import { Alert } from '../../../components/ui/alert';
import { Badge } from '../../../components/ui/badge';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Loading } from '../../../components/ui/loading';
import { PageHeader } from '../../../components/ui/page-header';
import { SelectField } from '../../../components/ui/select-field';
import { TextField } from '../../../components/ui/text-field';
import { useT } from '../../../lib/i18n';
import { useZodForm } from '../../../lib/use-zod-form';
import { emailStatusQueryKey } from '../api/get-email-status';
import { DevicesCard } from './devices-card';
import { EmailPreferencesCard } from './email-preferences-card';
import { EmailStatus } from './email-status';
import { PasswordCard } from './password-card';
import { ProfilePhotoCard } from './profile-photo-card';

const ROLE_LABEL: Record<Profile['role'], MessageKey<'users'>> = { admin: 'role.admin', coach: 'role.coach', member: 'role.member' };

const profileFormSchema = z.object({ displayName: displayNameSchema });

export function ProfilePage() {
  const { t } = useT('users');
  const auth = useSession();
  const verifyError = useVerifyEmailLanding();
  const verifyAlert = verifyError ? (
    <Alert title={t('profile.notConfirmed')} className="mb-6">
      {verifyError}
    </Alert>
  ) : null;
  if (auth.status === 'loading') return <Loading />;
  if (auth.status === 'signed-out') {
    return (
      <section>
        <PageHeader title={t('profile.title')} description={t('profile.signedOut')} />
        {verifyAlert}
        <Link to="/login?redirect=%2Fprofile" className={buttonClasses('primary')}>
          {t('logIn')}
        </Link>
      </section>
    );
  }
  // Keyed by id so the form starts over when someone else logs in.
  return <ProfileEditor key={auth.session.profile.id} profile={auth.session.profile} isAdmin={auth.isAdmin} notice={verifyAlert} />;
}

/**
 * The link in a verification email confirms the address on the server and lands here as
 * /profile?from=verify-email, with `&error=CODE` when the link was expired or broken. Success is a toast (and the
 * parameter is dropped, so a reload does not say it again); a failure stays on the page as a message.
 */
function useVerifyEmailLanding(): string | null {
  const { t } = useT('users');
  const [params, setParams] = useSearchParams();
  const queryClient = useQueryClient();
  const landed = params.get('from') === 'verify-email';
  const error = landed ? params.get('error') : null;
  const confirmed = landed && !error;
  useEffect(() => {
    if (!confirmed) return;
    toast.success(t('profile.confirmed'), { id: 'email-confirmed' });
    void queryClient.invalidateQueries({ queryKey: emailStatusQueryKey });
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('from');
        return next;
      },
      { replace: true },
    );
  }, [confirmed, queryClient, setParams, t]);
  // The words of shared/auth/auth.schemas.ts verifyEmailErrorMessage, in the person's language.
  return error ? t(error === 'TOKEN_EXPIRED' ? 'profile.verifyExpired' : 'profile.verifyInvalid') : null;
}

function ProfileEditor({ profile, isAdmin, notice }: { profile: Profile; isAdmin: boolean; notice: ReactNode }) {
  const { t } = useT('users');
  const update = useUpdateProfile();
  const {
    register,
    submit,
    formError,
    reset,
    formState: { errors, isSubmitting, isDirty },
  } = useZodForm(profileFormSchema, {
    defaultValues: { displayName: profile.displayName },
    serverFields: ['displayName'],
  });

  const onSubmit = submit(async (values) => {
    const saved = await update.mutateAsync({ displayName: values.displayName });
    reset({ displayName: saved.displayName });
    toast.success(t('profile.saved'));
  });

  return (
    <section>
      <PageHeader title={t('profile.title')} description={t('profile.description')} />
      {notice}
      <div className="grid items-start gap-6 lg:grid-cols-[18rem_1fr]">
        <Card className="flex min-w-0 flex-col items-center text-center">
          <ProfilePhotoCard profile={profile} />
          <p className="mt-4 text-lg font-semibold text-primary-900">{profile.displayName}</p>
          <p className="text-sm break-all text-slate-700">{profile.email}</p>
          <div className="mt-3 flex flex-wrap justify-center gap-2">
            <Badge tone={profile.role === 'admin' || isAdmin ? 'accent' : 'neutral'}>{t(isAdmin && profile.role !== 'admin' ? 'role.admin' : ROLE_LABEL[profile.role])}</Badge>
            {profile.teamName ? <Badge tone="success">{t('profile.teamBadge', { team: profile.teamName })}</Badge> : null}
          </div>
          <EmailStatus userId={profile.id} email={profile.email} />
        </Card>

        <div className="flex min-w-0 flex-col gap-6">
          <Card>
            <h2 className="text-lg font-semibold text-primary-900">{t('profile.details')}</h2>
            <form onSubmit={(event) => void onSubmit(event)} noValidate className="mt-4 flex flex-col gap-4">
              {formError ? <Alert>{formError}</Alert> : null}
              <TextField label={t('field.name')} autoComplete="name" error={errors.displayName?.message} {...register('displayName')} />
              <TextField label={t('field.email')} type="email" value={profile.email} readOnly hint={t('profile.emailHint')} />
              {/* A team decides what a person sees and books, so only a league admin sets it (user manager or invitation). */}
              <TextField label={t('profile.team')} value={profile.teamName ?? t('profile.noTeam')} readOnly hint={t('profile.teamHint')} />
              <div>
                <Button type="submit" busy={isSubmitting} disabled={!isDirty}>
                  {t('profile.save')}
                </Button>
              </div>
            </form>
          </Card>
          <LanguageCard />
          <EmailPreferencesCard userId={profile.id} />
          <PasswordCard email={profile.email} />
          <DevicesCard />
        </div>
      </div>
    </section>
  );
}

/**
 * The language of the app and of the league's emails to this person (decision 038): it applies at once and is saved
 * to the profile, as the footer's switch does. Each language is named in its own words.
 */
function LanguageCard() {
  const { t } = useT('users');
  const { locale, choose } = useChooseLocale();
  return (
    <Card>
      <SelectField
        label={t('language.label')}
        hint={t('language.hint')}
        value={locale}
        onChange={(event) => {
          if (isLocale(event.target.value)) void choose(event.target.value);
        }}
      >
        {LOCALES.map((l) => (
          <option key={l} value={l} lang={l}>
            {LOCALE_NAMES[l]}
          </option>
        ))}
      </SelectField>
    </Card>
  );
}
