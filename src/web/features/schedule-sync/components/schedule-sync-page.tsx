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
import { RichText, useT } from '../../../lib/i18n';
import { toast } from '../../../lib/toast';
import { GameImportCard } from './game-import-card';
import { fieldFeedUrl, googleSubscribeUrl, leagueFeedUrl, outlookSubscribeUrl, reachableFromInternet, webcalOf } from '../feed-links';

/**
 * /schedule-sync: the league's practices in the calendar people already use. Each feed is a subscribe link a
 * calendar app polls (the team's is secret and can be replaced); steps for Google, Apple and Outlook; a QR code
 * to open a link on a phone.
 */
export function ScheduleSyncPage() {
  const { t, locale } = useT('schedule-sync');
  const auth = useSession();
  const origin = window.location.origin;
  const profile = auth.status === 'signed-in' ? auth.session.profile : null;
  const hasTeamLink = Boolean(profile?.teamId && (profile.role !== 'member' || auth.isAdmin));
  return (
    <section>
      <PageHeader title={t('page.title')} description={t('page.description')} />
      <div className="grid gap-6 lg:grid-cols-2">
        {auth.status === 'loading' ? (
          <Card>
            <Skeleton className="h-40 w-full" />
          </Card>
        ) : hasTeamLink ? (
          <TeamFeedCard />
        ) : (
          <Card role="region" aria-label={t('team.region')}>
            <h2 className="text-lg font-semibold text-primary-900">{t('team.title')}</h2>
            <p className="mt-1 text-slate-700">{auth.status === 'signed-out' ? t('team.signedOut') : t('team.notCoach')}</p>
            {auth.status === 'signed-out' ? (
              <Link to="/login?redirect=%2Fschedule-sync" className={buttonClasses('primary', 'md', 'mt-4')}>
                {t('team.login')}
              </Link>
            ) : null}
          </Card>
        )}
        <FeedCard title={t('league.title')} description={t('league.description')} url={leagueFeedUrl(origin, locale)} name={t('league.name')} />
        <FieldFeedCard origin={origin} />
        <HowToCard />
      </div>
      {auth.isAdmin ? <GameImportCard /> : null}
    </section>
  );
}

function TeamFeedCard() {
  const { t } = useT('schedule-sync');
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
        <LoadErrorAlert title={t('team.loadError')} message={feed.error.message} onRetry={() => feed.refetch()} />
      </Card>
    );
  }
  const { teamName, url } = feed.data;
  const confirm = () =>
    regenerate.mutate(undefined, {
      onSuccess: () => {
        setAsking(false);
        toast.success(t('team.newLinkDone', { team: teamName }));
      },
      onError: (err) => {
        setAsking(false);
        toast.error(err.message);
      },
    });
  return (
    <FeedCard
      title={t('team.feedTitle', { team: teamName })}
      description={t('team.description')}
      url={url}
      name={t('team.feedTitle', { team: teamName })}
      extra={
        <>
          <Button variant="secondary" onClick={() => setAsking(true)}>
            {t('team.newLink')}
          </Button>
          <ConfirmModal
            open={asking}
            title={t('team.newLinkTitle')}
            message={t('team.newLinkMessage', { team: teamName })}
            confirmLabel={t('team.newLinkConfirm')}
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
  const { t, locale } = useT('schedule-sync');
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
        <LoadErrorAlert title={t('field.loadError')} message={facilities.error.message} onRetry={() => facilities.refetch()} />
      </Card>
    );
  }
  if (!chosen) {
    return (
      <Card role="region" aria-label={t('field.title')}>
        <h2 className="text-lg font-semibold text-primary-900">{t('field.title')}</h2>
        <p className="mt-1 text-slate-700">{t('field.none')}</p>
      </Card>
    );
  }
  return (
    <FeedCard
      title={t('field.title')}
      description={t('field.description')}
      url={fieldFeedUrl(origin, chosen.id, locale)}
      name={`${chosen.facilityName} – ${chosen.name}`}
      picker={
        <SelectField label={t('field.label')} value={chosen.id} onChange={(e) => setFieldId(e.target.value)}>
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
  const { t } = useT('schedule-sync');
  const headingId = useId();
  const inputId = useId();
  const [showQr, setShowQr] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      toast.success(t('feed.copied'));
    } catch {
      toast.error(t('feed.copyBlocked'));
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
        {t('feed.link')}
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
          {t('feed.copy')}
        </Button>
      </div>
      <div className="mt-3 flex flex-wrap gap-2">
        <a href={webcalOf(url)} className={buttonClasses('secondary', 'sm')}>
          {t('feed.open')}
        </a>
        {online ? (
          <>
            <a href={googleSubscribeUrl(url)} target="_blank" rel="noreferrer" className={buttonClasses('secondary', 'sm')}>
              {t('feed.google')}
            </a>
            <a href={outlookSubscribeUrl(url, name)} target="_blank" rel="noreferrer" className={buttonClasses('secondary', 'sm')}>
              {t('feed.outlook')}
            </a>
          </>
        ) : null}
        <Button variant="ghost" size="sm" aria-expanded={showQr} onClick={() => setShowQr((v) => !v)}>
          {showQr ? t('feed.hideQr') : t('feed.showQr')}
        </Button>
        {extra}
      </div>
      {showQr ? (
        <figure className="mt-4 flex flex-col items-center gap-2">
          <QRCodeSVG value={webcalOf(url)} size={192} marginSize={2} title={t('feed.qrTitle', { name })} className="rounded-lg border border-slate-200 bg-white" />
          <figcaption className="text-center text-sm text-slate-700">{t('feed.qrCaption')}</figcaption>
        </figure>
      ) : null}
      {online ? null : (
        <p className="mt-3 text-sm text-slate-700">{t('feed.unreachable', { host: new URL(url).host })}</p>
      )}
    </Card>
  );
}

function HowToCard() {
  const { t } = useT('schedule-sync');
  return (
    <Card role="region" aria-label={t('howTo.title')}>
      <h2 className="text-lg font-semibold text-primary-900">{t('howTo.title')}</h2>
      <dl className="mt-3 space-y-4 text-slate-700">
        <div>
          <dt className="font-semibold text-slate-900">{t('howTo.google')}</dt>
          <dd>
            <RichText ns="schedule-sync" k="howTo.googleSteps" components={{ 0: <strong /> }} />
          </dd>
        </div>
        <div>
          <dt className="font-semibold text-slate-900">{t('howTo.apple')}</dt>
          <dd>
            <RichText ns="schedule-sync" k="howTo.appleSteps" components={{ 0: <strong /> }} />
          </dd>
        </div>
        <div>
          <dt className="font-semibold text-slate-900">{t('howTo.outlook')}</dt>
          <dd>
            <RichText ns="schedule-sync" k="howTo.outlookSteps" components={{ 0: <strong /> }} />
          </dd>
        </div>
      </dl>
    </Card>
  );
}
