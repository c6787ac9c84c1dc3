import { API_CACHE } from './offline-cache';

/*
 * Which reads on screen came from a copy the offline worker saved (decision 037), and since when: the API client
 * notes every read's answer here, the shell's offline banner shows the oldest, and the query client reads the pages
 * again when the browser is back online. Small on purpose: every page loads it.
 */

/** Path (with its query) → when the copy it was answered with was saved (ms since 1970). */
const saved = new Map<string, number>();
const listeners = new Set<() => void>();
let oldest: number | null = null;

function changed(): void {
  oldest = saved.size ? Math.min(...saved.values()) : null;
  for (const listener of listeners) listener();
}

/** A read's answer: `savedAt` when it is a saved copy (the worker's header), null when the server just sent it. */
export function noteRead(path: string, savedAt: number | null): void {
  if (savedAt === null ? !saved.has(path) : saved.get(path) === savedAt) return;
  if (savedAt === null) saved.delete(path);
  else saved.set(path, savedAt);
  changed();
}

/** The header's value as a time, or null when it is missing or not a time. */
export function savedAtOf(header: string | null): number | null {
  const value = header === null ? Number.NaN : Number(header);
  return Number.isFinite(value) && value > 0 ? value : null;
}

/** When the oldest saved copy on screen was saved; null when everything came from the server. */
export const oldestSavedCopy = (): number | null => oldest;

export function onSavedCopies(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Forgets which reads were saved copies (back online: the pages read again, and a copy served again says so again). */
export function clearSavedMarks(): void {
  if (!saved.size) return;
  saved.clear();
  changed();
}

/**
 * Deletes every saved copy of the API (the worker's runtime cache) and the marks: at sign-out, and when someone else
 * signs in on this browser. The app shell stays precached: it holds nobody's data.
 */
export async function forgetSavedCopies(): Promise<void> {
  clearSavedMarks();
  if (typeof caches === 'undefined') return;
  try {
    await caches.delete(API_CACHE);
  } catch {
    // Storage blocked (a private window's policy): nothing was saved either.
  }
}
