import { Suspense, type ReactNode } from 'react';
import { Outlet, ScrollRestoration, useLocation, useNavigation } from 'react-router';
import { Loading, LOADING_TEXT } from '../../components/ui/loading';
import { PageErrorBoundary } from './page-error-boundary';
import { SiteFooter } from './site-footer';
import { TopBar } from './top-bar';

/** The chrome around every page: skip link, sticky top bar, the one <main>, footer. */
export function ShellFrame({ children }: { children: ReactNode }) {
  const navigation = useNavigation();
  const navigating = navigation.state === 'loading';
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only z-50 rounded-lg bg-accent-400 px-4 py-3 font-semibold text-primary-900 focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        Skip to content
      </a>
      <TopBar />
      <div role="status" className={navigating ? 'h-1 w-full animate-pulse bg-accent-400' : 'h-1 w-full'}>
        {navigating ? <span className="sr-only">{LOADING_TEXT}</span> : null}
      </div>
      <main id="main" tabIndex={-1} className="mx-auto w-full max-w-6xl flex-1 px-4 pt-5 pb-12 focus:outline-none sm:px-6 lg:pt-8">
        {children}
      </main>
      <SiteFooter />
    </div>
  );
}

/** Root route element: pages render in the outlet, inside their own error boundary (spec §2). */
export function AppShell() {
  const location = useLocation();
  return (
    <ShellFrame>
      <ScrollRestoration />
      <PageErrorBoundary resetKey={location.pathname + location.search}>
        <Suspense fallback={<Loading />}>
          <Outlet />
        </Suspense>
      </PageErrorBoundary>
    </ShellFrame>
  );
}
