import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { PRODUCT_TITLE } from '../../../../shared/constants';
import { AnnouncementsSection } from '../../../app/announcements/announcements-section';
import { useCurrentSeason } from '../../../app/current-season/current-season-context';
import { useSession } from '../../../app/session/use-session';
import { buttonClasses } from '../../../components/ui/button';
import { useLeagueName } from '../../../lib/api/get-league';
import { formatDayRange } from '../../../lib/dates';

const FEATURES = [
  {
    title: 'Book practice fields',
    text: 'See every open practice slot by field and week, and book one for your team in two taps.',
  },
  {
    title: 'One league schedule',
    text: 'Every practice, clinic and field closure in one place, with links for your phone’s calendar.',
  },
  {
    title: 'Fair for every team',
    text: 'Weekly limits and booking windows keep fields shared fairly, and the rules are shown before you book.',
  },
  {
    title: 'Clinics and requests',
    text: 'Register for skills clinics, or ask the league for a practice time that is not on the board.',
  },
];

/** `fieldStatus`: the weather closures in force now or soon (features/field-status, given by the app: router.tsx). */
export function LandingPage({ fieldStatus }: { fieldStatus?: ReactNode } = {}) {
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
          Book practice fields, see who is practising where, and keep your team’s season in one place.
        </p>
        {/* Two lines held on a phone, one above: the season arrives after the page. */}
        <p className="mt-4 min-h-10 text-sm text-primary-100 sm:min-h-5">
          {seasonsLoading ? null : season.name ? (
            <>
              Current season: <span className="font-semibold text-white">{season.name}</span>
              {current ? ` (${formatDayRange(current.startsOn, current.endsOn)})` : null}
            </>
          ) : (
            'The league has not opened a season yet.'
          )}
        </p>
        <div className="mt-8 flex flex-col gap-3 sm:flex-row">
          <Link to="/slots" className={buttonClasses('accent', 'md', 'px-6 text-lg')}>
            Book a practice field
          </Link>
          {visitor ? (
            <Link to="/signup" className={buttonClasses('on-dark', 'md', 'px-6 text-lg')}>
              Create an account
            </Link>
          ) : null}
        </div>
      </section>

      {/* Nothing at all when every field is open. */}
      {fieldStatus}

      {/* Pinned first, then the newest; nothing at all when the league has nothing to say. */}
      <AnnouncementsSection title="Announcements" />

      {auth.status === 'signed-in' ? (
        <section aria-labelledby="welcome-heading" className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8">
          <h2 id="welcome-heading" className="text-xl font-semibold text-primary-900">
            Welcome back, {auth.session.profile.displayName}
          </h2>
          <p className="mt-1 text-slate-700">
            {auth.isAdmin
              ? 'You run the league: the admin pages are one click away in the top bar.'
              : auth.session.profile.teamName
                ? `You are with the ${auth.session.profile.teamName}.`
                : 'You are not on a team yet. A league admin adds people to their team; ask yours, or accept the invitation they sent you.'}
          </p>
          <div className="mt-4 flex flex-wrap gap-3">
            <Link to="/my-reservations" className={buttonClasses('primary')}>
              My reservations
            </Link>
            <Link to="/profile" className={buttonClasses('secondary')}>
              Your profile
            </Link>
          </div>
        </section>
      ) : visitor ? (
        <section aria-labelledby="join-heading" className="rounded-2xl border border-accent-300 bg-accent-100 p-5 sm:p-8">
          <h2 id="join-heading" className="text-xl font-semibold text-primary-900">
            Coach, parent or volunteer?
          </h2>
          <p className="mt-1 text-slate-800">
            Anyone can look at open fields and the league schedule. Sign up to book for your team, register for clinics
            and get reminders. Already have an account?{' '}
            <Link to="/login" className="font-semibold text-primary-800 underline underline-offset-4">
              Log in
            </Link>
            .
          </p>
        </section>
      ) : null}

      <section aria-labelledby="features-heading">
        <h2 id="features-heading" className="text-xl font-semibold text-primary-900">
          What you can do here
        </h2>
        <ul className="mt-4 grid gap-4 sm:grid-cols-2">
          {FEATURES.map((f) => (
            <li key={f.title} className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
              <h3 className="font-semibold text-primary-800">{f.title}</h3>
              <p className="mt-1 text-slate-700">{f.text}</p>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
