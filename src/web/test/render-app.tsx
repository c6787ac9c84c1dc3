import { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { beforeAll, vi } from 'vitest';
import { MemoryRouter } from 'react-router';
import type { Profile } from '../../shared/users/users.schemas';
import { Providers } from '../app/providers';
import { AppRoutes } from '../app/router';
import { AppErrorBoundary } from '../app/shell/route-error-page';

export const memberProfile: Profile = {
  id: 'u1',
  email: 'pat@example.org',
  displayName: 'Pat Parent',
  role: 'member',
  teamId: 't1',
  teamName: 'Blue Jays',
  photoURL: null,
  locale: null,
};

export const adminProfile: Profile = { ...memberProfile, id: 'u2', email: 'ada@example.org', displayName: 'Ada Admin', role: 'admin', teamId: null, teamName: null };

export function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

/** The JSON body a request sent. */
export const bodyOf = (init: RequestInit | undefined): unknown => (typeof init?.body === 'string' ? JSON.parse(init.body) : undefined);

/** A test's own answer to a request (any method); undefined falls through to the defaults. */
export type ApiHandler = (url: string, init: RequestInit | undefined) => Response | undefined;

export const leagueSettings = { name: 'CGSL Softball League', shortName: 'CGSL', timeZone: 'America/Chicago', contactEmail: null, makeupDays: 14, maxWaits: 3, holdMinutes: 120 };

/** Answers the API calls the shell makes; `profile` null means signed out. */
export function stubApi(profile: Profile | null, extra: Record<string, unknown> = {}, handler?: ApiHandler) {
  const fetchMock = vi.fn((input: RequestInfo | URL, init?: RequestInit) => {
    const url = input instanceof Request ? input.url : input.toString();
    return Promise.resolve(handler?.(url, init) ?? answer(url));
  });
  function answer(url: string): Response {
    if (url in extra) return json(extra[url]);
    if (url === '/api/me') return profile ? json({ profile }) : json({ error: { code: 'UNAUTHENTICATED', message: 'You are not signed in.' } }, 401);
    if (url === '/api/me/claims') return json({ claims: {} });
    if (url === '/api/seasons') return json({ seasons: [] });
    if (url === '/api/teams') return json({ teams: [] });
    if (url === '/api/league') return json(leagueSettings);
    if (url === '/api/admin/overview') return json({ users: 3, teams: 2, seasons: 1, activeSeason: 'Spring 2027', bookingsToday: 4, openSlotsThisWeek: 37, pendingRequests: 1, newContactMessages: 2, fieldsBlockedToday: 0 });
    return json({ error: { code: 'NOT_FOUND', message: `no stub for ${url}` } }, 404);
  }
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** Renders the real route table at `path`, as the browser would. */
export function renderApp(path: string) {
  // jsdom has no scrolling; the shell scrolls to the top on every navigation.
  vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
  // jsdom has no matchMedia; toasts ask it for prefers-reduced-motion.
  if (typeof window.matchMedia !== 'function') {
    const noMatch = (media: string): MediaQueryList => ({
      matches: false,
      media,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    });
    Object.defineProperty(window, 'matchMedia', { value: noMatch, configurable: true, writable: true });
  }
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <Providers queryClient={queryClient}>
      <MemoryRouter initialEntries={[path]} useTransitions={false}>
        <AppErrorBoundary>
          <AppRoutes />
        </AppErrorBoundary>
      </MemoryRouter>
    </Providers>,
  );
}

/**
 * Loads the page modules a file's routes load lazily (and all they import) once, before its tests. That first import
 * is module loading, not the behaviour under test, and on a busy machine it takes seconds; done here it has its own
 * time limit, and React.lazy then finds the module already loaded, so each test measures only the page itself.
 */
export function preloadPages(...loads: Array<() => Promise<unknown>>) {
  beforeAll(async () => {
    await Promise.all(loads.map((load) => load()));
  }, 60_000);
}
