import { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { Providers } from '../app/providers';

/**
 * Renders one component with the app's providers (a fresh query client, the toaster) inside a router, without the
 * shell or the route table: for a feature's component test. The query client is returned so a test can watch what
 * it invalidates.
 */
export function renderWithProviders(ui: ReactNode) {
  // jsdom has no matchMedia; toasts ask it for prefers-reduced-motion.
  if (typeof window.matchMedia !== 'function') {
    Object.defineProperty(window, 'matchMedia', {
      value: (media: string) => ({ matches: false, media, addEventListener: () => undefined, removeEventListener: () => undefined }),
      configurable: true,
      writable: true,
    });
  }
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const rendered = render(
    <Providers queryClient={queryClient}>
      <MemoryRouter useTransitions={false}>{ui}</MemoryRouter>
    </Providers>,
  );
  return { ...rendered, queryClient };
}
