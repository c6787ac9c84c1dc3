import { QRCodeSVG } from 'qrcode.react';
import { useId, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { useSession } from '../../../app/session/use-session';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { ConfirmModal } from '../../../components/ui/confirm-modal';
import { LoadErrorAlert } from '../../../components/ui/load-error-alert';
import { Skeleton } from '../../../components/ui/loading';
import { PageHeader } from '../../../components/ui/page-header';
import { SelectField } from '../../../components/ui/select-field';
import { useFacilities } from '../../../lib/api/get-facilities';
import { useMyCalendarFeed, useRegenerateMyCalendarFeed } from '../../../lib/api/my-calendar-feed';
import { toast } from '../../../lib/toast';
import { GameImportCard } from './game-import-card';
import { fieldFeedUrl, googleSubscribeUrl, leagueFeedUrl, outlookSubscribeUrl, reachableFromInternet, webcalOf } from '../feed-links';

/**
 * /schedule-sync: the league's practices in the calendar people already use. Each feed is a subscribe link a
 * calendar app polls (the team's is secret and can be replaced); steps for Google, Apple and Outlook; a QR code
 * to open a link on a phone.
 */
export function ScheduleSyncPage() {
  const auth = useSession();
  const origin = window.location.origin;
  const profile = auth.status === 'signed-in' ? auth.session.profile : null;
  const hasTeamLink = Boolean(profile?.teamId && (profile.role !== 'member' || auth.isAdmin));
  return (
    <section>
      <PageHeader
        title="Schedule sync"
        description="Subscribe once and every practice shows up in your own calendar: new bookings, moves and cancellations follow by themselves."
      />
      <div className="grid gap-6 lg:grid-cols-2">
        {auth.status === 'loading' ? (
          <Card>
            <Skeleton className="h-40 w-full" />
          </Card>
        ) : hasTeamLink ? (
          <TeamFeedCard />
        ) : (
          <Card role="region" aria-label="Your team's calendar">
            <h2 className="text-lg font-semibold text-primary-900">Your team’s calendar</h2>
            <p className="mt-1 text-slate-700">
              {auth.status === 'signed-out'
                ? 'Coaches get a private link with just their team’s practices. Log in to see yours.'
                : 'A private link with just your team’s practices is for the team’s coaches. Ask a league admin to add you to your team as a coach.'}
            </p>
            {auth.status === 'signed-out' ? (
              <Link to="/login?redirect=%2Fschedule-sync" className={buttonClasses('primary', 'md', 'mt-4')}>
                Log in
              </Link>
            ) : null}
          </Card>
        )}
        <FeedCard title="The whole league" description="Every confirmed practice, clinic and field closure in the league." url={leagueFeedUrl(origin)} name="League practices" />
        <FieldFeedCard origin={origin} />
        <HowToCard />
      </div>
      {auth.isAdmin ? <GameImportCard /> : null}
    </section>
  );
}

function TeamFeedCard() {
  const feed = useMyCalendarFeed(true);
  const regenerate = useRegenerateMyCalendarFeed();
  const [asking, setAsking] = useState(false);
  if (feed.isPending) {
    return (
      <Card>
        <Skeleton className="h-40 w-full" />
      </Card>
    );
  }
  if (feed.isError) {
    return (
      <Card>
        <LoadErrorAlert title="Your team’s link could not be loaded" message={feed.error.message} onRetry={() => feed.refetch()} />
      </Card>
    );
  }
  const { teamName, url } = feed.data;
  const confirm = () =>
    regenerate.mutate(undefined, {
      onSuccess: () => {
        setAsking(false);
        toast.success(`New link made for the ${teamName}. Subscribe again with it: the old one no longer works.`);
      },
      onError: (err) => {
        setAsking(false);
        toast.error(err.message);
      },
    });
  return (
    <FeedCard
      title={`${teamName} practices`}
      description="Private to your team: only its practices, with the reason when one is cancelled. Share it with your players’ families, not publicly."
      url={url}
      name={`${teamName} practices`}
      extra={
        <>
          <Button variant="secondary" onClick={() => setAsking(true)}>
            Make a new link
          </Button>
          <ConfirmModal
            open={asking}
            title="Make a new link?"
            message={`The current link for the ${teamName} stops working at once: every calendar subscribed with it (yours too) stops updating until it subscribes with the new link. Do this when the link was shared with someone who should not have it.`}
            confirmLabel="Make a new link"
            destructive
            busy={regenerate.isPending}
            onConfirm={confirm}
            onCancel={() => setAsking(false)}
          />
        </>
      }
    />
  );
}

function FieldFeedCard({ origin }: { origin: string }) {
  const facilities = useFacilities();
  const [fieldId, setFieldId] = useState('');
  const fields = (facilities.data ?? []).flatMap((f) => f.fields.filter((field) => field.active).map((field) => ({ ...field, facilityName: f.name })));
  const chosen = fields.find((f) => f.id === fieldId) ?? fields[0];
  if (facilities.isPending) {
    return (
      <Card>
        <Skeleton className="h-40 w-full" />
      </Card>
    );
  }
  if (facilities.isError) {
    return (
      <Card>
        <LoadErrorAlert title="The fields could not be loaded" message={facilities.error.message} onRetry={() => facilities.refetch()} />
      </Card>
    );
  }
  if (!chosen) {
    return (
      <Card role="region" aria-label="One field">
        <h2 className="text-lg font-semibold text-primary-900">One field</h2>
        <p className="mt-1 text-slate-700">The league has no open fields yet. Each field gets a link here once a league admin adds it.</p>
      </Card>
    );
  }
  return (
    <FeedCard
      title="One field"
      description="The practices and closures of one field: for a field coordinator or a groundskeeper."
      url={fieldFeedUrl(origin, chosen.id)}
      name={`${chosen.facilityName} – ${chosen.name}`}
      picker={
        <SelectField label="Field" value={chosen.id} onChange={(e) => setFieldId(e.target.value)}>
          {fields.map((f) => (
            <option key={f.id} value={f.id}>
              {f.facilityName} – {f.name}
            </option>
          ))}
        </SelectField>
      }
    />
  );
}

/** One subscribe link: the address with Copy, buttons that open the calendar apps, and a QR code for a phone. */
function FeedCard({ title, description, url, name, picker, extra }: { title: string; description: string; url: string; name: string; picker?: ReactNode; extra?: ReactNode }) {
  const headingId = useId();
  const inputId = useId();
  const [showQr, setShowQr] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      toast.success('Link copied. Paste it into your calendar app’s “subscribe” or “from URL” box.');
    } catch {
      toast.error('Copying is not allowed in this browser. Select the link and copy it yourself.');
    }
  };
  const online = reachableFromInternet(url);
  return (
    <Card role="region" aria-labelledby={headingId}>
      <h2 id={headingId} className="text-lg font-semibold text-primary-900">
        {title}
      </h2>
      <p className="mt-1 text-slate-700">{description}</p>
      {picker ? <div className="mt-4">{picker}</div> : null}
      <label htmlFor={inputId} className="mt-4 block text-sm font-medium text-slate-800">
        Subscribe link
      </label>
      <div className="mt-1 flex flex-col gap-2 sm:flex-row">
        <input
          id={inputId}
          readOnly
          value={url}
          onFocus={(e) => e.currentTarget.select()}
          className="min-h-11 w-full min-w-0 rounded-lg border border-slate-300 bg-slate-50 px-3 font-mono text-sm text-slate-800"
        />
        <Button onClick={copy} className="shrink-0">
          Copy link
        </Button>
      </div>
      <div className="mt-3 flex flex-wrap gap-2">
        <a href={webcalOf(url)} className={buttonClasses('secondary', 'sm')}>
          Open in calendar app
        </a>
        {online ? (
          <>
            <a href={googleSubscribeUrl(url)} target="_blank" rel="noreferrer" className={buttonClasses('secondary', 'sm')}>
              Add to Google Calendar
            </a>
            <a href={outlookSubscribeUrl(url, name)} target="_blank" rel="noreferrer" className={buttonClasses('secondary', 'sm')}>
              Add to Outlook
            </a>
          </>
        ) : null}
        <Button variant="ghost" size="sm" aria-expanded={showQr} onClick={() => setShowQr((v) => !v)}>
          {showQr ? 'Hide QR code' : 'QR code for a phone'}
        </Button>
        {extra}
      </div>
      {showQr ? (
        <figure className="mt-4 flex flex-col items-center gap-2">
          <QRCodeSVG value={webcalOf(url)} size={192} marginSize={2} title={`QR code: ${name}`} className="rounded-lg border border-slate-200 bg-white" />
          <figcaption className="text-center text-sm text-slate-700">Point your phone’s camera at it to subscribe there.</figcaption>
        </figure>
      ) : null}
      {online ? null : (
        <p className="mt-3 text-sm text-slate-700">
          This server’s address ({new URL(url).host}) is not reachable from the internet, so Google and Outlook cannot fetch it; a calendar app on this network can.
        </p>
      )}
    </Card>
  );
}

function HowToCard() {
  return (
    <Card role="region" aria-label="How to subscribe">
      <h2 className="text-lg font-semibold text-primary-900">How to subscribe</h2>
      <dl className="mt-3 space-y-4 text-slate-700">
        <div>
          <dt className="font-semibold text-slate-900">Google Calendar</dt>
          <dd>
            Press “Add to Google Calendar”, or on a computer open Google Calendar, choose <strong>Other calendars → + → From URL</strong>, paste the link and press
            “Add calendar”. Google refreshes it every few hours.
          </dd>
        </div>
        <div>
          <dt className="font-semibold text-slate-900">Apple Calendar (iPhone, iPad, Mac)</dt>
          <dd>
            Press “Open in calendar app” or scan the QR code with the iPhone camera and confirm “Subscribe”. On a Mac: <strong>File → New Calendar Subscription</strong>,
            paste the link.
          </dd>
        </div>
        <div>
          <dt className="font-semibold text-slate-900">Outlook</dt>
          <dd>
            Press “Add to Outlook”, or in Outlook choose <strong>Add calendar → Subscribe from web</strong>, paste the link and give it a name.
          </dd>
        </div>
      </dl>
    </Card>
  );
}
