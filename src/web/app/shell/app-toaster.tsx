import { Toaster } from 'react-hot-toast';
import { TOAST_DURATIONS, TOAST_MAX_WIDTH_PX } from '../../../shared/constants';

/**
 * Spec §2/§9: toasts top right, at most 20 at once, 4 s (2 s for success, loading until done), 350 px wide.
 * They start below the sticky 64 px top bar so a toast never covers the navigation or the Account menu
 * (react-hot-toast pauses a toast while the pointer rests on it, so an overlapping toast could block a link).
 */
/** The top bar is h-16 (64 px); 8 px of air below it. */
const TOASTER_TOP_OFFSET_PX = 72;

export function AppToaster() {
  // The spec's limit of 20 (TOAST_LIMIT) is react-hot-toast's own cap: it keeps the newest 20. app-toaster.test checks it.
  return (
    <Toaster
      position="top-right"
      containerStyle={{ top: TOASTER_TOP_OFFSET_PX }}
      toastOptions={{
        style: { maxWidth: `${TOAST_MAX_WIDTH_PX}px`, color: '#0f172a' },
        blank: { duration: TOAST_DURATIONS.blank },
        error: { duration: TOAST_DURATIONS.error },
        custom: { duration: TOAST_DURATIONS.custom },
        success: { duration: TOAST_DURATIONS.success },
        loading: { duration: TOAST_DURATIONS.loading },
      }}
    />
  );
}
