/*
 * A new version of the app waiting to take over (decision 037): the worker registration (register-worker.ts, loaded
 * after the page) says so here, and the shell's banner offers Reload. Small on purpose: every page loads it.
 */
let reload: (() => void) | null = null;
const listeners = new Set<() => void>();

/** `apply` makes the waiting version take over and reloads the page; null when no new version waits. */
export function setUpdateReady(apply: (() => void) | null): void {
  reload = apply;
  for (const listener of listeners) listener();
}

export const updateReady = (): (() => void) | null => reload;

export function onUpdateReady(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
