import { Workbox } from 'workbox-window';
import { setUpdateReady } from './update-state';

/** How often an open page asks whether a new version was deployed (and whenever it is shown again). */
const CHECK_EVERY_MS = 60 * 60_000;

/**
 * The offline worker's registration (decision 037), loaded after the page (start-worker.ts). A new version installs
 * in the background and waits: the shell says "A new version is ready", and Reload lets it take over (SKIP_WAITING)
 * and reloads the page once it controls it. Nothing reloads by itself: a half-filled form is never lost to a deploy.
 */
export function registerWorker(): void {
  const wb = new Workbox('/sw.js', { scope: '/' });
  wb.addEventListener('waiting', () => {
    setUpdateReady(() => {
      wb.addEventListener('controlling', () => window.location.reload());
      wb.messageSkipWaiting();
    });
  });
  void wb.register().then(
    (registration) => {
      if (!registration) return;
      const check = () => void registration.update().catch(() => undefined);
      window.setInterval(check, CHECK_EVERY_MS);
      document.addEventListener('visibilitychange', () => {
        if (document.visibilityState === 'visible') check();
      });
    },
    (err: unknown) => console.error('The offline worker could not be registered', err),
  );
}
