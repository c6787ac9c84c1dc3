import type hotToast from 'react-hot-toast';
import type { ToastOptions } from 'react-hot-toast';
import { whenIdle } from './when-idle';

/*
 * Toasts (ui.md "Every action ends in a toast") without the toast library on the first screen: react-hot-toast
 * loads on the first toast (or when a page preloads it, before an action is likely), and the toaster mounts
 * then (app/shell/toaster-host.tsx). A toast asked for while the library loads is shown as soon as it is in.
 */
type HotToast = typeof hotToast;

let library: Promise<HotToast> | null = null;
let wanted = false;
const listeners = new Set<() => void>();

/** Loads the toast library once and tells the toaster host to mount. */
export function loadToasts(): Promise<HotToast> {
  if (!library) {
    library = import('react-hot-toast').then(
      (module) => module.default,
      (err: unknown) => {
        // A failed download (offline, a deploy replaced the file) is tried again on the next toast.
        library = null;
        throw err;
      },
    );
  }
  if (!wanted) {
    wanted = true;
    for (const listener of listeners) listener();
  }
  return library;
}

/** Starts loading the toast library when the browser is idle, for a page whose actions are about to toast. */
export function preloadToasts(): void {
  if (!library) whenIdle(() => void loadToasts().catch(() => undefined));
}

function show(kind: 'blank' | 'success' | 'error', message: string, options?: ToastOptions): void {
  loadToasts().then(
    (hot) => (kind === 'blank' ? hot(message, options) : hot[kind](message, options)),
    (err: unknown) => console.error(`Could not show the message "${message}"`, err),
  );
}

/**
 * Takes the toast with this id off the screen at once, with no exit animation (react-hot-toast's `remove`; its
 * `dismiss` would keep it on the page, fading, for another second). In order with the toasts asked for before and
 * after it; nothing to do while the library was never asked for, as no toast can be on screen then.
 */
function remove(id: string): void {
  if (library) library.then((hot) => hot.remove(id), () => undefined);
}

/**
 * The app's toasts, as react-hot-toast's: `toast('Nothing changed.')`, `toast.success('Saved.')`, `toast.error(err.message)`,
 * and `toast.remove(id)` for a toast shown with `{ id }` that no longer holds (the greeting, once the person logs out).
 */
export const toast = Object.assign((message: string, options?: ToastOptions) => show('blank', message, options), {
  success: (message: string, options?: ToastOptions) => show('success', message, options),
  error: (message: string, options?: ToastOptions) => show('error', message, options),
  remove,
});

/** For the toaster host: whether any toast was asked for yet, and a way to hear when one is. */
export const toastsWanted = (): boolean => wanted;
export function onToastsWanted(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
