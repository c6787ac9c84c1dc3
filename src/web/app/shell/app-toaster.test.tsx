import { act, cleanup, render, renderHook, screen } from '@testing-library/react';
import toast, { useToasterStore } from 'react-hot-toast';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TOAST_DURATIONS, TOAST_LIMIT, TOAST_MAX_WIDTH_PX } from '../../../shared/constants';
import { AppToaster } from './app-toaster';

/** The top bar is h-16: 64 px tall and sticky at the top of the page. */
const TOP_BAR_HEIGHT_PX = 64;

function renderToaster() {
  render(<AppToaster />);
  // The toaster's own store, to read which toasts are showing (not dismissed).
  const store = renderHook(() => useToasterStore());
  return { shownMessages: () => store.result.current.toasts.filter((t) => t.visible).map((t) => (typeof t.message === 'string' ? t.message : '')) };
}

/** The element react-hot-toast wraps all toasts in. */
const container = () => document.querySelector<HTMLElement>('[data-rht-toaster]')!;

/** Advances the fake clock, letting React apply what the timers did. */
const advance = (ms: number) =>
  act(() => {
    vi.advanceTimersByTime(ms);
  });

beforeEach(() => {
  vi.useFakeTimers();
  // jsdom has no matchMedia; react-hot-toast asks it for prefers-reduced-motion.
  vi.stubGlobal('matchMedia', (media: string) => ({ matches: false, media, addEventListener: () => undefined, removeEventListener: () => undefined }));
});

afterEach(() => {
  act(() => toast.remove());
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('the toaster (spec §2, §9)', () => {
  it('shows toasts at the top right, starting below the sticky top bar', () => {
    renderToaster();
    act(() => void toast('Saved for later'));
    const top = parseFloat(container().style.top);
    expect(top).toBeGreaterThanOrEqual(TOP_BAR_HEIGHT_PX);
    const wrapper = screen.getByText('Saved for later').closest<HTMLElement>('[data-rht-toaster] > div')!;
    // Stacked from the top of the container, pushed to its right edge.
    expect(wrapper.style.top).toBe('0px');
    expect(wrapper.style.justifyContent).toBe('flex-end');
  });

  it(`shows at most ${TOAST_LIMIT} at once: the oldest go`, () => {
    const { shownMessages } = renderToaster();
    const total = TOAST_LIMIT + 5;
    act(() => {
      for (let i = 1; i <= total; i++) toast(`Toast number ${i}`);
    });
    expect(screen.getAllByText(/^Toast number \d+$/)).toHaveLength(TOAST_LIMIT);
    for (let i = 1; i <= total - TOAST_LIMIT; i++) expect(screen.queryByText(`Toast number ${i}`)).toBeNull();
    expect(screen.getByText(`Toast number ${total - TOAST_LIMIT + 1}`)).toBeTruthy();
    expect(screen.getByText(`Toast number ${total}`)).toBeTruthy();
    expect(shownMessages()).toHaveLength(TOAST_LIMIT);
  });

  it.each([
    ['success', 2000, () => toast.success('All saved')],
    ['error', 4000, () => toast.error('That did not work')],
  ] as const)('a %s toast disappears after %i ms', (type, ms, show) => {
    expect(TOAST_DURATIONS[type]).toBe(ms);
    const { shownMessages } = renderToaster();
    act(() => void show());
    const message = type === 'success' ? 'All saved' : 'That did not work';
    expect(shownMessages()).toEqual([message]);
    advance(ms - 1);
    expect(shownMessages()).toEqual([message]);
    expect(screen.getByText(message)).toBeTruthy();
    advance(1);
    // Dismissed: it animates out, then leaves the page.
    expect(shownMessages()).toEqual([]);
    advance(1000);
    expect(screen.queryByText(message)).toBeNull();
  });

  it(`is at most ${TOAST_MAX_WIDTH_PX} px wide`, () => {
    renderToaster();
    act(() => void toast.error('A long message that would otherwise stretch across the whole width of a wide screen'));
    const bar = screen.getByText(/A long message/).closest<HTMLElement>('[style*="max-width"]')!;
    expect(bar.style.maxWidth).toBe(`${TOAST_MAX_WIDTH_PX}px`);
    expect(TOAST_MAX_WIDTH_PX).toBe(350);
  });
});
