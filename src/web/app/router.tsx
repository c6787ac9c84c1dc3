import { createBrowserRouter, type RouteObject } from 'react-router';
import { Loading } from '../components/ui/loading';
import { adminPage } from '../features/admin/admin-pages';
import { AdminGuard } from './guards/admin-guard';
import { AppShell } from './shell/app-shell';
import { RouteErrorPage } from './shell/route-error-page';

type Lazy = NonNullable<RouteObject['lazy']>;

/** A screen whose content comes in later work: its title, a useful one-line description, lazily loaded. */
function comingSoon(title: string, description: string): Lazy {
  return async () => {
    const { ComingSoonPage } = await import('../components/ui/coming-soon-page');
    return { Component: () => <ComingSoonPage title={title} description={description} /> };
  };
}

function adminComingSoon(path: string): RouteObject {
  const page = adminPage(`/${path}`);
  return { path, lazy: comingSoon(page.title, page.description) };
}

/** Spec §2: every route, each page loaded lazily. */
export const routes: RouteObject[] = [
  {
    id: 'root',
    element: <AppShell />,
    errorElement: <RouteErrorPage />,
    children: [
      {
        // The first page module is still loading: the shell is up, the page area says 'Loading…'.
        HydrateFallback: Loading,
        children: [
          { index: true, lazy: async () => ({ Component: (await import('../features/landing/components/landing-page')).LandingPage }) },
          { path: 'login', lazy: async () => ({ Component: (await import('../features/auth/components/login-page')).LoginPage }) },
          { path: 'signup', lazy: async () => ({ Component: (await import('../features/auth/components/signup-page')).SignupPage }) },
          { path: 'forgot-password', lazy: async () => ({ Component: (await import('../features/auth/components/forgot-password-page')).ForgotPasswordPage }) },
          { path: 'reset-password', lazy: async () => ({ Component: (await import('../features/auth/components/reset-password-page')).ResetPasswordPage }) },
          { path: 'invite', lazy: async () => ({ Component: (await import('../features/invitations/components/accept-invitation-page')).AcceptInvitationPage }) },
          { path: 'setup', lazy: async () => ({ Component: (await import('../features/setup/components/setup-page')).SetupPage }) },
          { path: 'profile', lazy: async () => ({ Component: (await import('../features/users/components/profile-page')).ProfilePage }) },
          { path: 'diag', lazy: async () => ({ Component: (await import('../features/diag/components/diag-page')).DiagPage }) },
          { path: 'slots', lazy: async () => ({ Component: (await import('../features/bookings/components/book-field-page')).BookFieldPage }) },
          {
            path: 'public-calendar',
            lazy: comingSoon('Calendar', 'Every confirmed practice, clinic and field closure by field, with a link to subscribe from your own calendar.'),
          },
          {
            path: 'coach-dashboard',
            lazy: comingSoon('Coach dashboard', 'Your team’s upcoming practices, bookings left this week, pending practice requests and news for coaches.'),
          },
          {
            path: 'my-reservations',
            lazy: async () => ({ Component: (await import('../features/bookings/components/my-reservations-page')).MyReservationsPage }),
          },
          {
            path: 'practice-request',
            lazy: comingSoon('Practice request', 'Ask the league for a practice time that is not on the board; an admin approves or declines it.'),
          },
          { path: 'clinics', lazy: comingSoon('Clinics', 'Skills clinics run by the league: places left, registration and the waitlist.') },
          { path: 'contact', lazy: comingSoon('Contact the league', 'Send a message to the league’s organizers; they answer by email.') },
          {
            path: 'schedule-sync',
            lazy: comingSoon('Schedule sync', 'Subscribe links for Google, Apple and Outlook calendars, and game-schedule import for admins.'),
          },
          {
            element: <AdminGuard />,
            children: [
              {
                path: 'admin',
                lazy: async () => {
                  // The admin landing page shows the league settings card: two features, put together here.
                  const [{ AdminHomePage }, { LeagueSettingsCard }] = await Promise.all([
                    import('../features/admin/components/admin-home-page'),
                    import('../features/league/components/league-settings-card'),
                  ]);
                  return {
                    Component: () => (
                      <AdminHomePage>
                        <LeagueSettingsCard />
                      </AdminHomePage>
                    ),
                  };
                },
              },
              {
                path: 'admin-season-manager',
                lazy: async () => ({ Component: (await import('../features/seasons/components/season-manager-page')).SeasonManagerPage }),
              },
              {
                path: 'admin-facility-manager',
                lazy: async () => ({ Component: (await import('../features/facilities/components/facility-manager-page')).FacilityManagerPage }),
              },
              {
                path: 'admin-slots',
                lazy: async () => ({ Component: (await import('../features/slots/components/slots-admin-page')).SlotsAdminPage }),
              },
              {
                path: 'admin-block-slot',
                lazy: async () => ({ Component: (await import('../features/blocks/components/block-slots-page')).BlockSlotsPage }),
              },
              {
                path: 'admin-user-manager',
                lazy: async () => ({ Component: (await import('../features/user-manager/components/user-manager-page')).UserManagerPage }),
              },
              adminComingSoon('admin-reports'),
              adminComingSoon('admin-announcements'),
              adminComingSoon('admin-audit-log'),
              {
                path: 'admin-manage-bookings',
                lazy: async () => ({ Component: (await import('../features/bookings/components/manage-bookings-page')).ManageBookingsPage }),
              },
              {
                path: 'admin-booking-control',
                lazy: async () => ({ Component: (await import('../features/bookings/components/booking-rules-page')).BookingRulesPage }),
              },
              {
                path: 'admin-override-booking',
                lazy: async () => ({ Component: (await import('../features/bookings/components/override-booking-page')).OverrideBookingPage }),
              },
            ],
          },
          { path: '*', lazy: async () => ({ Component: (await import('./pages/not-found-page')).NotFoundPage }) },
        ],
      },
    ],
  },
];

export const createAppRouter = () => createBrowserRouter(routes);
