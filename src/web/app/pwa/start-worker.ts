import type { QueryClient } from '@tanstack/react-query';
import { whenIdle } from '../../lib/when-idle';

/**
 * Registers the offline worker (decision 037) once the page has loaded, its first data has arrived and been drawn (no
 * query is fetching, then a quiet second: on /slots the week lands after `load`) and the browser is idle, so it costs the first screen nothing but
 * these lines: the registration code (workbox-window) is a chunk of its own. Only in a build (the development server
 * has no sw.js) and only where the browser has service workers (and a secure page).
 */
/** How long the page's data stays settled before the worker is registered. */
const QUIET_MS = 1000;

export function startOfflineWorker(queryClient: QueryClient): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const register = () => void import('./register-worker').then((m) => m.registerWorker()).catch(() => undefined);
  // Settled, and still settled a second later (the answer drawn: on /slots the week's cards come in a transition).
  const start = () => whenIdle(() => whenDataSettled(queryClient, () => window.setTimeout(() => whenDataSettled(queryClient, () => whenIdle(register)), QUIET_MS)));
  if (document.readyState === 'complete') start();
  else window.addEventListener('load', start, { once: true });
}

/** Runs `task` once no query is fetching (at once when none is). */
export function whenDataSettled(queryClient: QueryClient, task: () => void): void {
  if (queryClient.isFetching() === 0) return task();
  const stop = queryClient.getQueryCache().subscribe(() => {
    if (queryClient.isFetching() > 0) return;
    stop();
    task();
  });
}
