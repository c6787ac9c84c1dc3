import { lazy, type ComponentType, type ReactNode } from 'react';
import { useRoutes, type RouteObject } from 'react-router';
import { BookFieldPage } from '../features/bookings/components/book-field-page';
import { FieldStatusNotice } from '../features/field-status/components/field-status-notice';
import { LandingPage } from '../features/landing/components/landing-page';
import { SlotWaitAction } from '../features/waitlist/components/slot-wait-action';
import { AppShell } from './shell/app-shell';

/*
 * Spec §2: every route. The two pages most people open first, the landing page and Book a Field, come with the
 * app; every other page is loaded when first shown (React.lazy), with 'Loading…' in the page area meanwhile
 * (app-shell.tsx). scripts/size-budget.mjs keeps the first screen of both under its budget.
 */

/**
 * Book a Field's ranked list for the opening round (features/opening), put into the page here since features do not
 * import each other. Loaded only when the page shows it (a round open, a coach of a team): dnd-kit comes with it.
 */
const PreferencesPanel = lazy(async () => ({ default: (await import('../features/opening/components/preferences-panel')).PreferencesPanel }));

/**
 * The weather closures in force now or soon (features/field-status, issue 28), put into the landing page, Book a Field
 * and the calendar here since features do not import each other. Small, so it comes with the first screen.
 */
const fieldStatus = <FieldStatusNotice />;

/*
 * The waitlist with a hold (features/waitlist, issue 28), put in here since features do not import each other: its
 * action on each slot of Book a Field ("Tell me if it frees up", Take it and Pass; small, and the shell's offer notice
 * brings the same code), and the team's waitlist on My Reservations and the coach dashboard (loaded with those pages).
 */

/** A page module loaded when first shown; `pick` names the component in it. */
function lazyPage<M>(load: () => Promise<M>, pick: (module: M) => ComponentType): ReactNode {
  const Page = lazy(async () => ({ default: pick(await load()) }));
  return <Page />;
}

export const routes: RouteObject[] = [
  {
    element: <AppShell />,
    children: [
      { index: true, element: <LandingPage fieldStatus={fieldStatus} /> },
      { path: 'slots', element: <BookFieldPage preferencesPanel={PreferencesPanel} fieldStatus={fieldStatus} slotWait={SlotWaitAction} /> },
      { path: 'login', element: lazyPage(() => import('../features/auth/components/login-page'), (m) => m.LoginPage) },
      { path: 'signup', element: lazyPage(() => import('../features/auth/components/signup-page'), (m) => m.SignupPage) },
      { path: 'forgot-password', element: lazyPage(() => import('../features/auth/components/forgot-password-page'), (m) => m.ForgotPasswordPage) },
      { path: 'reset-password', element: lazyPage(() => import('../features/auth/components/reset-password-page'), (m) => m.ResetPasswordPage) },
      { path: 'invite', element: lazyPage(() => import('../features/invitations/components/accept-invitation-page'), (m) => m.AcceptInvitationPage) },
      { path: 'setup', element: lazyPage(() => import('../features/setup/components/setup-page'), (m) => m.SetupPage) },
      { path: 'profile', element: lazyPage(() => import('../features/users/components/profile-page'), (m) => m.ProfilePage) },
      { path: 'diag', element: lazyPage(() => import('../features/diag/components/diag-page'), (m) => m.DiagPage) },
      {
        path: 'public-calendar',
        element: lazyPage(
          () => import('../features/calendar/components/public-calendar-page'),
          ({ PublicCalendarPage }) =>
            function PublicCalendar() {
              return <PublicCalendarPage fieldStatus={fieldStatus} />;
            },
        ),
      },
      {
        path: 'coach-dashboard',
        element: lazyPage(
          () =>
            Promise.all([
              import('../features/coach-dashboard/components/coach-dashboard-page'),
              import('../features/waitlist/components/waitlist-section'),
              import('../features/swaps/components/swaps-section'),
            ]),
          ([{ CoachDashboardPage }, { WaitlistSection }, { SwapsSection }]) =>
            function CoachDashboard() {
              return <CoachDashboardPage waitlist={<WaitlistSection compact />} swaps={<SwapsSection compact />} />;
            },
        ),
      },
      {
        path: 'my-reservations',
        element: lazyPage(
          () =>
            Promise.all([
              import('../features/bookings/components/my-reservations-page'),
              import('../features/waitlist/components/waitlist-section'),
              import('../features/swaps/components/swaps-section'),
              import('../features/swaps/components/swap-offer-button'),
            ]),
          ([{ MyReservationsPage }, { WaitlistSection }, { SwapsSection }, { SwapOfferButton }]) =>
            function MyReservations() {
              return <MyReservationsPage waitlist={<WaitlistSection />} swaps={<SwapsSection />} swapAction={SwapOfferButton} />;
            },
        ),
      },
      { path: 'practice-request', element: lazyPage(() => import('../features/practice-requests/components/practice-request-page'), (m) => m.PracticeRequestPage) },
      { path: 'clinics', element: lazyPage(() => import('../features/clinics/components/clinics-page'), (m) => m.ClinicsPage) },
      { path: 'contact', element: lazyPage(() => import('../features/contact/components/contact-page'), (m) => m.ContactPage) },
      { path: 'opening/:id', element: lazyPage(() => import('../features/opening/components/opening-page'), (m) => m.OpeningPage) },
      { path: 'schedule-sync', element: lazyPage(() => import('../features/schedule-sync/components/schedule-sync-page'), (m) => m.ScheduleSyncPage) },
      {
        // The guard brings the admin layout (and Headless UI's menu) with it: loaded with the first admin page.
        element: lazyPage(() => import('./guards/admin-guard'), (m) => m.AdminGuard),
        children: [
          {
            path: 'admin',
            // The admin landing page shows the Rain-out button, the practice-request queue, the contact inbox and the
            // league settings: five features, put together here.
            element: lazyPage(
              () =>
                Promise.all([
                  import('../features/admin/components/admin-home-page'),
                  import('../features/practice-requests/components/practice-request-queue'),
                  import('../features/contact/components/contact-inbox'),
                  import('../features/league/components/league-settings-card'),
                  import('../features/rain-outs/components/rain-out-button'),
                ]),
              ([{ AdminHomePage }, { PracticeRequestQueue }, { ContactInbox }, { LeagueSettingsCard }, { RainOutButton }]) =>
                function AdminHome() {
                  return (
                    <AdminHomePage
                      actions={<RainOutButton />}
                      inboxes={
                        <>
                          <PracticeRequestQueue />
                          <ContactInbox />
                        </>
                      }
                    >
                      <LeagueSettingsCard />
                    </AdminHomePage>
                  );
                },
            ),
          },
          { path: 'admin-season-manager', element: lazyPage(() => import('../features/seasons/components/season-manager-page'), (m) => m.SeasonManagerPage) },
          { path: 'admin-facility-manager', element: lazyPage(() => import('../features/facilities/components/facility-manager-page'), (m) => m.FacilityManagerPage) },
          { path: 'admin-slots', element: lazyPage(() => import('../features/slots/components/slots-admin-page'), (m) => m.SlotsAdminPage) },
          {
            path: 'admin-block-slot',
            // Blocks and rain-outs (issue 28, features/rain-outs) on one page, put together here.
            element: lazyPage(
              () => Promise.all([import('../features/blocks/components/block-slots-page'), import('../features/rain-outs/components/rain-outs-section')]),
              ([{ BlockSlotsPage }, { RainOutsSection }]) =>
                function BlockSlots() {
                  return <BlockSlotsPage rainOuts={<RainOutsSection />} />;
                },
            ),
          },
          {
            path: 'admin-user-manager',
            // Each team's row gets its make-up practices (issue 28, features/rain-outs), put in here.
            element: lazyPage(
              () => Promise.all([import('../features/user-manager/components/user-manager-page'), import('../features/rain-outs/components/team-credits-button')]),
              ([{ UserManagerPage }, { TeamCreditsButton }]) =>
                function UserManager() {
                  return <UserManagerPage teamExtra={(team) => <TeamCreditsButton team={team} />} />;
                },
            ),
          },
          { path: 'admin-reports', element: lazyPage(() => import('../features/reports/components/reports-page'), (m) => m.ReportsPage) },
          {
            path: 'admin-announcements',
            element: lazyPage(() => import('../features/announcements/components/announcements-admin-page'), (m) => m.AnnouncementsAdminPage),
          },
          { path: 'admin-mail', element: lazyPage(() => import('../features/mail-queue/components/mail-queue-page'), (m) => m.MailQueuePage) },
          { path: 'admin-audit-log', element: lazyPage(() => import('../features/audit-log/components/audit-log-page'), (m) => m.AuditLogPage) },
          { path: 'admin-manage-bookings', element: lazyPage(() => import('../features/bookings/components/manage-bookings-page'), (m) => m.ManageBookingsPage) },
          {
            path: 'admin-booking-control',
            // The season's booking rules and its opening round (issue 26): two features on one page, put together here.
            element: lazyPage(
              () => Promise.all([import('../features/bookings/components/booking-rules-page'), import('../features/opening/components/opening-round-section')]),
              ([{ BookingRulesPage }, { OpeningRoundSection }]) =>
                function BookingControl() {
                  return <BookingRulesPage openingRound={(season, timeZone) => <OpeningRoundSection season={season} timeZone={timeZone} />} />;
                },
            ),
          },
          { path: 'admin-override-booking', element: lazyPage(() => import('../features/bookings/components/override-booking-page'), (m) => m.OverrideBookingPage) },
        ],
      },
      { path: '*', element: lazyPage(() => import('./pages/not-found-page'), (m) => m.NotFoundPage) },
    ],
  },
];

/** The route table, rendered inside a router (main.tsx: BrowserRouter; tests: MemoryRouter). */
export function AppRoutes() {
  return useRoutes(routes);
}
