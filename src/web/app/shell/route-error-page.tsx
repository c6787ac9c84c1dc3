import { isRouteErrorResponse, useRouteError } from 'react-router';
import { ErrorFallback } from '../../components/ui/error-fallback';

/**
 * The data router's errorElement on the root route: failures outside a page (the shell itself, a page
 * module that fails to load). It renders without the shell, which may be what broke.
 */
export function RouteErrorPage() {
  const error = useRouteError();
  const shown = isRouteErrorResponse(error) ? new Error(`${error.status} ${error.statusText}`.trim()) : error;
  return (
    <main id="main" className="min-h-dvh bg-slate-50 px-4 py-10">
      <div className="mb-6 flex items-center justify-center gap-2">
        <img src="/logo.svg" alt="" className="size-10" />
        <span className="text-lg font-bold text-primary-900">Practice Scheduler</span>
      </div>
      <ErrorFallback error={shown} />
    </main>
  );
}
