import { useEffect, type RefObject } from 'react';

/**
 * While `open`, closes a popup on Escape (handing focus back to its button) and on a press outside it and its
 * button, as Headless UI's menus do, for the two popups of the top bar that are drawn on every page.
 */
export function useDismiss(open: boolean, close: (focusButton: boolean) => void, button: RefObject<HTMLElement | null>, popup: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    if (!open) return;
    const inside = (target: EventTarget | null) => target instanceof Node && (button.current?.contains(target) || popup.current?.contains(target));
    const onPointerDown = (event: PointerEvent) => {
      if (!inside(event.target)) close(false);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      event.preventDefault();
      close(true);
    };
    const onFocusIn = (event: FocusEvent) => {
      // Tab (or a click) took focus somewhere else on the page.
      if (!inside(event.target)) close(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    document.addEventListener('focusin', onFocusIn);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
      document.removeEventListener('focusin', onFocusIn);
    };
  }, [open, close, button, popup]);
}
