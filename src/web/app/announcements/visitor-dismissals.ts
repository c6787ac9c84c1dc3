import { useSyncExternalStore } from 'react';

/**
 * The urgent announcements a visitor dismissed, kept in this browser (signed-in people keep theirs on the server).
 * One list for every part of the page that shows announcements, so dismissing the banner is seen everywhere.
 */
const STORAGE_KEY = 'cgsl.dismissedAnnouncements';
/** Old ids are dropped beyond this: announcements expire, and the list must not grow for ever. */
const KEEP = 50;

const listeners = new Set<() => void>();
/** The list as last read and the stored text it came from: the same text gives the same array, as React needs. */
let cached: readonly string[] = [];
let cachedRaw: string | null = null;
/** Dismissals that could not be stored (storage blocked, private mode): they hold until the page is reloaded. */
let unsaved: readonly string[] = [];

function storedText(): string | null {
  try {
    return localStorage.getItem(STORAGE_KEY);
  } catch {
    return null;
  }
}

function parse(raw: string): string[] {
  try {
    const parsed: unknown = JSON.parse(raw);
    return Array.isArray(parsed) ? parsed.filter((id): id is string => typeof id === 'string') : [];
  } catch {
    return [];
  }
}

function read(): readonly string[] {
  const raw = storedText();
  if (raw === null) return unsaved;
  if (raw !== cachedRaw) {
    cachedRaw = raw;
    cached = parse(raw);
  }
  return cached;
}

export function dismissForVisitor(id: string): void {
  const next = [...read().filter((other) => other !== id), id].slice(-KEEP);
  try {
    localStorage.setItem(STORAGE_KEY, JSON.stringify(next));
  } catch {
    unsaved = next;
  }
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === STORAGE_KEY || event.key === null) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

const EMPTY: readonly string[] = [];

/** The ids this visitor dismissed in this browser. */
export function useVisitorDismissals(): readonly string[] {
  return useSyncExternalStore(subscribe, read, () => EMPTY);
}
