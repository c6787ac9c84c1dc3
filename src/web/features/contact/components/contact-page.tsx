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
import { toast } from '../../../lib/toast';
import { useZodForm } from '../../../lib/use-zod-form';
import { useSendContactMessage } from '../api/contact';

const FIELDS = ['name', 'email', 'subject', 'message'] as const;

/** /contact: a message to the league's organizers, who answer by email (admins read it in the inbox on /admin). */
export function ContactPage() {
  const auth = useSession();
  const league = useLeague();
  const [sent, setSent] = useState<{ name: string; email: string } | null>(null);
  const profile = auth.status === 'signed-in' ? auth.session.profile : null;
  // The form mounts once the session is known, so a signed-in person finds their name and email filled in.
  if (auth.status === 'loading') return <PageHeader title="Contact the league" />;

  return (
    <section className="mx-auto max-w-2xl">
      <PageHeader
        title="Contact the league"
        description="Questions about fields, practices, clinics or your account: the league’s organizers read every message and answer by email."
      />
      {sent ? (
        <Card>
          <Alert tone="success">Thanks, {sent.name}. Your message reached the league.</Alert>
          <p className="mt-4 text-slate-700">
            They answer by email at <span className="font-semibold break-all">{sent.email}</span>, usually within a few days.
          </p>
          <div className="mt-6 flex flex-wrap gap-3">
            <Button variant="secondary" onClick={() => setSent(null)}>
              Send another message
            </Button>
            <Link to="/" className="inline-flex items-center px-2 font-semibold text-primary-700 underline underline-offset-4">
              Back to the start page
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
          Prefer email? Write to{' '}
          <a className="font-semibold text-primary-700 underline underline-offset-4" href={`mailto:${league.data.contactEmail}`}>
            {league.data.contactEmail}
          </a>
          .
        </p>
      ) : null}
    </section>
  );
}

function ContactForm({ defaults, onSent }: { defaults: { name: string; email: string }; onSent: (to: { name: string; email: string }) => void }) {
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
    toast.success('Message sent to the league.');
    onSent({ name: values.name, email: values.email });
  });

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate className="flex flex-col gap-4">
      {formError ? <Alert>{formError}</Alert> : null}
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label="Your name" autoComplete="name" error={errors.name?.message} {...register('name')} />
        <TextField
          label="Your email"
          type="email"
          autoComplete="email"
          inputMode="email"
          hint="The league answers here."
          error={errors.email?.message}
          {...register('email')}
        />
      </div>
      <TextField label="Subject" autoComplete="off" error={errors.subject?.message} {...register('subject')} />
      <TextAreaField label="Message" rows={6} error={errors.message?.message} {...register('message')} />
      {/* The honeypot: hidden from people and from assistive technology; bots that fill every field give themselves away. */}
      <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
        <label>
          Website
          <input type="text" tabIndex={-1} autoComplete="off" {...register(CONTACT_HONEYPOT_FIELD)} />
        </label>
      </div>
      <div>
        <Button type="submit" busy={isSubmitting}>
          Send message
        </Button>
      </div>
    </form>
  );
}
