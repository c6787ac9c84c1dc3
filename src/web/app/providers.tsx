import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { LocaleProvider } from '../lib/i18n';
import { CurrentSeasonProvider } from './current-season/current-season-provider';
import { ToasterHost } from './shell/toaster-host';

/**
 * Server state (including the session: see session/use-session.ts) lives in TanStack Query; the
 * current season is the one piece of client state shared across pages.
 */
export function Providers({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <LocaleProvider>
        <CurrentSeasonProvider>
          {children}
          <ToasterHost />
        </CurrentSeasonProvider>
      </LocaleProvider>
    </QueryClientProvider>
  );
}
