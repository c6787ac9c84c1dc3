import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { PRODUCT_TITLE } from '../../../../shared/constants';
import { AnnouncementsSection } from '../../../app/announcements/announcements-section';
import { useCurrentSeason } from '../../../app/current-season/current-season-context';
import { useSession } from '../../../app/session/use-session';
import { buttonClasses } from '../../../components/ui/button';
import { useLeagueName } from '../../../lib/api/get-league';
import { formatDayRange } from '../../../lib/dates';
import { RichText, useT } from '../../../lib/i18n';

/** What the app does, each a title and a line in the catalogue (`features.<name>.title`, `features.<name>.text`). */
const FEATURES = ['book', 'schedule', 'fair', 'clinics'] as const;

/** `fieldStatus`: the weather closures in force now or soon (features/field-status, given by the app: router.tsx). */
export function LandingPage({ fieldStatus }: { fieldStatus?: ReactNode } = {}) {
  const { t } = useT('landing');
  const auth = useSession();
  const { season, seasons, isLoading: seasonsLoading } = useCurrentSeason();
  // Until the session is known the page is laid out as for a visitor (who has no cached profile to show at once),
  // so the sections below do not move when it comes.
  const visitor = auth.status !== 'signed-in';
  const current = seasons.find((s) => s.id === season.id);
  const leagueName = useLeagueName();

  return (
    <div className="flex flex-col gap-10">
      <title>{`${leagueName} · ${PRODUCT_TITLE}`}</title>
      <section className="relative overflow-hidden rounded-2xl bg-primary-800 px-5 py-10 text-white shadow-lg sm:px-10 sm:py-14">
        <img src="/logo.svg" alt="" className="pointer-events-none absolute -top-10 -right-10 size-56 opacity-10 sm:size-72" />
        <p className="text-sm font-semibold tracking-wide text-accent-300 uppercase">{PRODUCT_TITLE}</p>
        <h1 className="mt-2 max-w-2xl text-3xl font-bold tracking-tight sm:text-5xl">{leagueName}</h1>
        <p className="mt-4 max-w-xl text-lg text-primary-100">
          {t('hero.lead')}
        </p>
        {/* Two lines held on a phone, one above: the season arrives after the page. */}
        <p className="mt-4 min-h-10 text-sm text-primary-100 sm:min-h-5">
          {seasonsLoading ? null : season.name ? (
            current ? (
              <RichText
                ns="landing"
                k="hero.seasonWithDates"
                values={{ season: season.name, dates: formatDayRange(current.startsOn, current.endsOn) }}
                components={{ 0: <span className="font-semibold text-white" /> }}
              />
            ) : (
              <RichText ns="landing" k="hero.season" values={{ season: season.name }} components={{ 0: <span className="font-semibold text-white" /> }} />
            )
          ) : (
            t('hero.noSeason')
          )}
        </p>
        <div className="mt-8 flex flex-col gap-3 sm:flex-row">
          <Link to="/slots" className={buttonClasses('accent', 'md', 'px-6 text-lg')}>
            {t('hero.book')}
          </Link>
          {visitor ? (
            <Link to="/signup" className={buttonClasses('on-dark', 'md', 'px-6 text-lg')}>
              {t('hero.signUp')}
            </Link>
          ) : null}
        </div>
      </section>

      {/* Nothing at all when every field is open. */}
      {fieldStatus}

      {/* Pinned first, then the newest; nothing at all when the league has nothing to say. */}
      <AnnouncementsSection title={t('announcements')} />

      {auth.status === 'signed-in' ? (
        <section aria-labelledby="welcome-heading" className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8">
          <h2 id="welcome-heading" className="text-xl font-semibold text-primary-900">
            {t('welcome.title', { name: auth.session.profile.displayName })}
          </h2>
          <p className="mt-1 text-slate-700">
            {auth.isAdmin
              ? t('welcome.admin')
              : auth.session.profile.teamName
                ? t('welcome.team', { team: auth.session.profile.teamName })
                : t('welcome.noTeam')}
          </p>
          <div className="mt-4 flex flex-wrap gap-3">
            <Link to="/my-reservations" className={buttonClasses('primary')}>
              {t('welcome.myReservations')}
            </Link>
            <Link to="/profile" className={buttonClasses('secondary')}>
              {t('welcome.profile')}
            </Link>
          </div>
        </section>
      ) : visitor ? (
        <section aria-labelledby="join-heading" className="rounded-2xl border border-accent-300 bg-accent-100 p-5 sm:p-8">
          <h2 id="join-heading" className="text-xl font-semibold text-primary-900">
            {t('join.title')}
          </h2>
          <p className="mt-1 text-slate-800">
            <RichText ns="landing" k="join.body" components={{ 0: <Link to="/login" className="font-semibold text-primary-800 underline underline-offset-4" /> }} />
          </p>
        </section>
      ) : null}

      <section aria-labelledby="features-heading">
        <h2 id="features-heading" className="text-xl font-semibold text-primary-900">
          {t('features.title')}
        </h2>
        <ul className="mt-4 grid gap-4 sm:grid-cols-2">
          {FEATURES.map((f) => (
            <li key={f} className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
              <h3 className="font-semibold text-primary-800">{t(`features.${f}.title`)}</h3>
              <p className="mt-1 text-slate-700">{t(`features.${f}.text`)}</p>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
