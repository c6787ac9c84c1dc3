import { useState } from 'react';
import { Link } from 'react-router';
import { CONTACT_HONEYPOT_FIELD, contactInputSchema } from '../../../../shared/contact/contact.schemas';
import { useSession } from '../../../app/session/use-session';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { PageHeader } from '../../../components/ui/page-header';
import { TextAreaField } from '../../../components/ui/text-area-field';
import { TextField } from '../../../components/ui/text-field';
import { useLeague } from '../../../lib/api/get-league';
import { RichText, useT } from '../../../lib/i18n';
import { toast } from '../../../lib/toast';
import { useZodForm } from '../../../lib/use-zod-form';
import { useSendContactMessage } from '../api/contact';

const FIELDS = ['name', 'email', 'subject', 'message'] as const;

/** /contact: a message to the league's organizers, who answer by email (admins read it in the inbox on /admin). */
export function ContactPage() {
  const { t } = useT('contact');
  const auth = useSession();
  const league = useLeague();
  const [sent, setSent] = useState<{ name: string; email: string } | null>(null);
  const profile = auth.status === 'signed-in' ? auth.session.profile : null;
  // The form mounts once the session is known, so a signed-in person finds their name and email filled in.
  if (auth.status === 'loading') return <PageHeader title={t('page.title')} />;

  return (
    <section className="mx-auto max-w-2xl">
      <PageHeader title={t('page.title')} description={t('page.description')} />
      {sent ? (
        <Card>
          <Alert tone="success">{t('page.sentAlert', { name: sent.name })}</Alert>
          <p className="mt-4 text-slate-700">
            <RichText ns="contact" k="page.sentAnswer" values={{ email: sent.email }} components={{ 0: <span className="font-semibold break-all" /> }} />
          </p>
          <div className="mt-6 flex flex-wrap gap-3">
            <Button variant="secondary" onClick={() => setSent(null)}>
              {t('page.sendAnother')}
            </Button>
            <Link to="/" className="inline-flex items-center px-2 font-semibold text-primary-700 underline underline-offset-4">
              {t('page.backToStart')}
            </Link>
          </div>
        </Card>
      ) : (
        <Card>
          <ContactForm defaults={{ name: profile?.displayName ?? '', email: profile?.email ?? '' }} onSent={setSent} />
        </Card>
      )}
      {league.data?.contactEmail ? (
        <p className="mt-4 text-sm text-slate-700">
          <RichText
            ns="contact"
            k="page.preferEmail"
            values={{ email: league.data.contactEmail }}
            components={{ 0: <a className="font-semibold text-primary-700 underline underline-offset-4" href={`mailto:${league.data.contactEmail}`} /> }}
          />
        </p>
      ) : null}
    </section>
  );
}

function ContactForm({ defaults, onSent }: { defaults: { name: string; email: string }; onSent: (to: { name: string; email: string }) => void }) {
  const { t } = useT('contact');
  const send = useSendContactMessage();
  const {
    register,
    submit,
    formError,
    formState: { errors, isSubmitting },
  } = useZodForm(contactInputSchema, {
    defaultValues: { ...defaults, subject: '', message: '', [CONTACT_HONEYPOT_FIELD]: '' },
    serverFields: FIELDS,
  });

  const onSubmit = submit(async (values) => {
    await send.mutateAsync(values);
    toast.success(t('form.sent'));
    onSent({ name: values.name, email: values.email });
  });

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate className="flex flex-col gap-4">
      {formError ? <Alert>{formError}</Alert> : null}
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label={t('form.name')} autoComplete="name" error={errors.name?.message} {...register('name')} />
        <TextField
          label={t('form.email')}
          type="email"
          autoComplete="email"
          inputMode="email"
          hint={t('form.emailHint')}
          error={errors.email?.message}
          {...register('email')}
        />
      </div>
      <TextField label={t('form.subject')} autoComplete="off" error={errors.subject?.message} {...register('subject')} />
      <TextAreaField label={t('form.message')} rows={6} error={errors.message?.message} {...register('message')} />
      {/* The honeypot: hidden from people and from assistive technology; bots that fill every field give themselves away. */}
      <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
        <label>
          {t('form.honeypot')}
          <input type="text" tabIndex={-1} autoComplete="off" {...register(CONTACT_HONEYPOT_FIELD)} />
        </label>
      </div>
      <div>
        <Button type="submit" busy={isSubmitting}>
          {t('form.send')}
        </Button>
      </div>
    </form>
  );
}
