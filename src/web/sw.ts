/// <reference lib="webworker" />
/*
 * The offline worker (decision 037), built by vite-plugin-pwa (injectManifest) into sw.js at the site's root.
 * - The app shell (the built html, js and css) is precached: the app opens with no network, and every page of the
 *   app is index.html (never a path under /api).
 * - The person's own schedule is read network first; the last answer is kept, marked with the time it was saved,
 *   and shown when the network does not answer (offline, or not within a few seconds). The page says so.
 * - Nothing else is touched: writes, sign-in, the live stream and every other read go to the network as before.
 * - A new version waits until the person presses Reload (the page posts SKIP_WAITING); the first one takes the open
 *   page at once, so the copies start being kept on the first visit.
 */
import { clientsClaim } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { NetworkFirst } from 'workbox-strategies';
import type { WorkboxPlugin } from 'workbox-core/types.js';
import { API_CACHE, isSavedRead, NETWORK_TIMEOUT_SECONDS, SAVED_AT_HEADER, SAVED_COPY_MAX_AGE_SECONDS, SAVED_COPY_MAX_ENTRIES } from './lib/offline-cache';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<string | { url: string; revision: string | null }> };

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

// Every page of the app is the app's page, offline too; the API never is.
registerRoute(new NavigationRoute(createHandlerBoundToURL('index.html'), { denylist: [/^\/api(\/|$)/] }));

/** Keeps only whole, successful answers, each stamped with the time it was saved. */
const stampSavedAt: WorkboxPlugin = {
  cacheWillUpdate: async ({ response }) => {
    if (response.status !== 200 || response.type !== 'basic') return null;
    const headers = new Headers(response.headers);
    headers.set(SAVED_AT_HEADER, String(Date.now()));
    // The body a worker reads is already decoded: the copy must not claim the encoding or length it came with.
    headers.delete('content-encoding');
    headers.delete('content-length');
    return new Response(await response.blob(), { status: response.status, statusText: response.statusText, headers });
  },
};

registerRoute(
  ({ request, url }) => isSavedRead(request.method, url, self.location.origin),
  new NetworkFirst({
    cacheName: API_CACHE,
    networkTimeoutSeconds: NETWORK_TIMEOUT_SECONDS,
    // A copy saved in the other language, or compressed differently, is still the person's schedule.
    matchOptions: { ignoreVary: true },
    plugins: [stampSavedAt, new ExpirationPlugin({ maxEntries: SAVED_COPY_MAX_ENTRIES, maxAgeSeconds: SAVED_COPY_MAX_AGE_SECONDS })],
  }),
);

self.addEventListener('message', (event) => {
  if ((event.data as { type?: unknown } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});

clientsClaim();
