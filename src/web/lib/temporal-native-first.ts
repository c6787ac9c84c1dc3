import type { Temporal as PolyfillTemporal } from 'temporal-polyfill';

/*
 * What `temporal-polyfill` means in the web build (vite.config.ts resolve.alias): the browser's own Temporal when
 * it has one (Chromium 144+, Firefox 139+); elsewhere the polyfill, fetched by loadTemporal() only then. The
 * shared booking rules compute with Temporal inside their functions only, so the web app calls loadTemporal()
 * before it first runs one (features/bookings/lazy-booking-rules.ts). The server and the tests use the polyfill.
 */
type TemporalNamespace = typeof PolyfillTemporal;

/** A live binding: importers see the polyfill once loadTemporal() has put it here. */
export let Temporal = (globalThis as { Temporal?: TemporalNamespace }).Temporal as TemporalNamespace;

export async function loadTemporal(): Promise<void> {
  Temporal ??= (await import('temporal-polyfill/implementation')).Temporal;
}
