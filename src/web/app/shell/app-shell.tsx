import { Suspense, useLayoutEffect, type ReactNode } from 'react';
import { NavigationType, Outlet, useLocation, useNavigationType } from 'react-router';
import { Loading } from '../../components/ui/loading';
import { useT } from '../../lib/i18n';
import { RainOutBanner } from '../../features/field-status/components/rain-out-banner';
import { WaitlistOfferNotice } from '../../features/waitlist/components/waitlist-offer-notice';
import { UrgentBanner } from '../announcements/urgent-banner';
import { useProfileLocale } from '../session/use-profile-locale';
import { PwaBanners } from '../pwa/pwa-banners';
import { PageErrorBoundary } from './page-error-boundary';
import { SiteFooter } from './site-footer';
import { TopBar } from './top-bar';

/**
 * The chrome around every page: skip link, sticky top bar, the one <main>, footer. The page area is at least a
 * screen tall, so the footer starts below the first screen and never jumps when a page or its data arrives.
 */
export function ShellFrame({ children }: { children: ReactNode }) {
  const { t } = useT('common');
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only z-50 rounded-lg bg-accent-400 px-4 py-3 font-semibold text-primary-900 focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        {t('shell.skipToContent')}
      </a>
      <TopBar />
      <main id="main" tabIndex={-1} className="mx-auto min-h-dvh w-full max-w-6xl flex-1 px-4 pt-5 pb-12 focus:outline-none sm:px-6 lg:pt-8">
        {children}
      </main>
      <SiteFooter />
    </div>
  );
}

/** A new page starts at its top; Back and Forward leave the browser's own scroll restoration alone. */
function useScrollToTopOnNavigate() {
  const { pathname } = useLocation();
  const navigationType = useNavigationType();
  useLayoutEffect(() => {
    if (navigationType !== NavigationType.Pop) window.scrollTo(0, 0);
  }, [pathname, navigationType]);
}

/**
 * Root route element: urgent announcements, a coach's rain-out notices (features/field-status) and a slot held for
 * the coach's team (features/waitlist, issue 28) on top, then pages
 * render in the outlet, inside their own error boundary (spec §2). A page loaded lazily shows 'Loading…' in the page
 * area until it arrives (the shell stays put).
 */
export function AppShell() {
  const location = useLocation();
  useScrollToTopOnNavigate();
  // A signed-in person's saved language, on sign-in and when the session loads (decision 038).
  useProfileLocale();
  return (
    <ShellFrame>
      {/* A new version waiting, and the offline banner while a page shows a saved copy (decision 037). */}
      <PwaBanners />
      {/* Urgent announcements sit above every page until each person dismisses them, and so does a coach's rain-out news. */}
      <UrgentBanner />
      <RainOutBanner />
      <WaitlistOfferNotice />
      <PageErrorBoundary resetKey={location.pathname + location.search}>
        <Suspense fallback={<Loading delayed />}>
          <Outlet />
        </Suspense>
      </PageErrorBoundary>
    </ShellFrame>
  );
}
