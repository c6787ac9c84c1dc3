import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { adminQueryKey } from '../../admin/api/get-admin-overview';
import { slotsQueryKey } from '../../slots/api/get-slots';
import { bookingContextQueryKey } from './get-booking-context';
import { COALESCE_MS, RECONNECT_MS, useLiveSlots } from './use-live-slots';

/** A stand-in for the browser's EventSource that the test drives by hand. */
class FakeEventSource {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSED = 2;
  static instances: FakeEventSource[] = [];
  readyState = FakeEventSource.CONNECTING;
  private listeners = new Map<string, Array<(event: Event) => void>>();
  constructor(readonly url: string) {
    FakeEventSource.instances.push(this);
  }
  addEventListener(type: string, listener: (event: Event) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  close() {
    this.readyState = FakeEventSource.CLOSED;
  }
  emit(type: string, data?: unknown) {
    const event = data === undefined ? new Event(type) : new MessageEvent(type, { data: JSON.stringify(data) });
    for (const listener of this.listeners.get(type) ?? []) listener(event);
  }
}

function setup() {
  const queryClient = new QueryClient();
  const invalidate = vi.spyOn(queryClient, 'invalidateQueries').mockResolvedValue(undefined);
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
  const hook = renderHook(({ enabled }) => useLiveSlots(enabled), { wrapper, initialProps: { enabled: true } });
  const invalidatedKeys = () => invalidate.mock.calls.map(([filters]) => filters?.queryKey);
  return { hook, invalidate, invalidatedKeys };
}

beforeEach(() => {
  vi.useFakeTimers();
  FakeEventSource.instances = [];
  vi.stubGlobal('EventSource', FakeEventSource);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('useLiveSlots', () => {
  it('listens to /api/events and reloads the slots and the booking data on a slots event', () => {
    const { invalidatedKeys } = setup();
    expect(FakeEventSource.instances.map((s) => s.url)).toEqual(['/api/events']);
    const source = FakeEventSource.instances[0]!;
    source.readyState = FakeEventSource.OPEN;
    act(() => source.emit('slots', { slotIds: ['a'] }));
    expect(invalidatedKeys()).toEqual([]);
    act(() => {
      vi.advanceTimersByTime(COALESCE_MS);
    });
    const keys = invalidatedKeys();
    expect(keys).toContainEqual(slotsQueryKey);
    expect(keys).toContainEqual(adminQueryKey);
    // The booking context sits under the bookings key that is invalidated.
    expect(keys.some((key) => key && bookingContextQueryKey.join('/').startsWith(key.join('/')))).toBe(true);
  });

  it('reloads once for a burst of events', () => {
    const { invalidate } = setup();
    const source = FakeEventSource.instances[0]!;
    act(() => {
      for (let i = 0; i < 20; i++) source.emit('slots', { slotIds: [String(i)] });
      vi.advanceTimersByTime(COALESCE_MS);
    });
    expect(invalidate).toHaveBeenCalledTimes(3);
  });

  it('reloads after the browser reconnects, since events may have been missed', () => {
    const { invalidate } = setup();
    const source = FakeEventSource.instances[0]!;
    act(() => source.emit('open'));
    act(() => {
      vi.advanceTimersByTime(COALESCE_MS);
    });
    expect(invalidate).not.toHaveBeenCalled();
    act(() => {
      source.emit('error');
      source.emit('open');
      vi.advanceTimersByTime(COALESCE_MS);
    });
    expect(invalidate).toHaveBeenCalledTimes(3);
    expect(FakeEventSource.instances).toHaveLength(1);
  });

  it('opens a new stream itself when the server refused it (the browser gives up then)', () => {
    setup();
    const source = FakeEventSource.instances[0]!;
    source.readyState = FakeEventSource.CLOSED;
    act(() => source.emit('error'));
    expect(FakeEventSource.instances).toHaveLength(1);
    act(() => {
      vi.advanceTimersByTime(RECONNECT_MS);
    });
    expect(FakeEventSource.instances).toHaveLength(2);
  });

  it('closes the stream when the page goes, and stays quiet when disabled', () => {
    const { hook } = setup();
    const source = FakeEventSource.instances[0]!;
    hook.rerender({ enabled: false });
    expect(source.readyState).toBe(FakeEventSource.CLOSED);
    hook.unmount();
    expect(FakeEventSource.instances).toHaveLength(1);
  });
});
