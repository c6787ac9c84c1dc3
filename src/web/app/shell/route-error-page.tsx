import { Component, type ErrorInfo, type ReactNode } from 'react';
import { PRODUCT_TITLE } from '../../../shared/constants';
import { ErrorFallback } from '../../components/ui/error-fallback';
import { translate } from '../../lib/i18n';

/**
 * Failures outside a page (the shell itself): the page without the shell, which may be what broke. A page's own
 * failures, a page module that fails to load included, stay inside the shell (page-error-boundary.tsx).
 */
export function RouteErrorPage({ error }: { error: unknown }) {
  return (
    <main id="main" className="min-h-dvh bg-slate-50 px-4 py-10">
      <div className="mb-6 flex items-center justify-center gap-2">
        <img src="/logo.svg" alt="" className="size-10" />
        <span className="text-lg font-bold text-primary-900">{PRODUCT_TITLE}</span>
      </div>
      <ErrorFallback error={error} />
    </main>
  );
}

/** Catches what the shell throws while rendering and shows RouteErrorPage instead of a blank screen. */
export class AppErrorBoundary extends Component<{ children: ReactNode }, { error: unknown }> {
  override state: { error: unknown } = { error: null };

  static getDerivedStateFromError(error: unknown) {
    return { error: error ?? new Error(translate('common', 'error.unknown')) };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error('The app failed to render', error, info.componentStack);
  }

  override render() {
    return this.state.error === null ? this.props.children : <RouteErrorPage error={this.state.error} />;
  }
}
