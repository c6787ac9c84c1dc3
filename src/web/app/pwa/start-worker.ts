import { whenIdle } from '../../lib/when-idle';

/**
 * Registers the offline worker (decision 037) once the page has loaded and the browser is idle, so it costs the first
 * screen nothing but these lines: the registration code (workbox-window) is a chunk of its own. Only in a build (the
 * development server has no sw.js) and only where the browser has service workers (and a secure page).
 */
export function startOfflineWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const start = () => whenIdle(() => void import('./register-worker').then((m) => m.registerWorker()).catch(() => undefined));
  if (document.readyState === 'complete') start();
  else window.addEventListener('load', start, { once: true });
}
