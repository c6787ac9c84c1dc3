import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MAX_SLOT_IDS as SERVER_MAX_SLOT_IDS, type Slot } from '../../../shared/slots/slots.schemas';
import { testSlot } from '../../test/slot-fixture';
import { slotsQueryOptions } from '../api/get-slots';
import { adminQueryKey, bookingContextQueryKey, bookingsQueryKey, fieldStatusQueryKey, slotsQueryKey, waitsQueryKey } from '../query-keys';
import { COALESCE_MS, MAX_SLOT_IDS, RECONNECT_MS, useLiveSlots } from './use-live-slots';

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

const baseSlot: Slot = testSlot({ id: 'a' });
/** What one full reload invalidates, once each. */
const ONE_RELOAD = [slotsQueryKey, bookingsQueryKey, adminQueryKey, fieldStatusQueryKey, waitsQueryKey];

function setup() {
  const queryClient = new QueryClient();
  const invalidate = vi.spyOn(queryClient, 'invalidateQueries').mockResolvedValue(undefined);
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
  const hook = renderHook(({ enabled }) => useLiveSlots(enabled), { wrapper, initialProps: { enabled: true } });
  const invalidatedKeys = () => invalidate.mock.calls.map(([filters]) => filters?.queryKey);
  return { hook, invalidate, invalidatedKeys, queryClient };
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
  it('asks for at most as many slots by id as the server answers at once', () => {
    expect(MAX_SLOT_IDS).toBe(SERVER_MAX_SLOT_IDS);
  });

  it('listens to /api/events and reloads the slots and the booking data on an event naming no slots (a block, a generation)', () => {
    const { invalidatedKeys } = setup();
    expect(FakeEventSource.instances.map((s) => s.url)).toEqual(['/api/events']);
    const source = FakeEventSource.instances[0]!;
    source.readyState = FakeEventSource.OPEN;
    act(() => source.emit('slots', { slotIds: [] }));
    expect(invalidatedKeys()).toEqual([]);
    act(() => {
      vi.advanceTimersByTime(COALESCE_MS);
    });
    const keys = invalidatedKeys();
    expect(keys).toContainEqual(slotsQueryKey);
    expect(keys).toContainEqual(adminQueryKey);
    // A rain-out, its reopening or a make-up credit names no slots: the field status and the coach's notices reload.
    expect(keys).toContainEqual(fieldStatusQueryKey);
    // The booking context sits under the bookings key that is invalidated.
    expect(keys.some((key) => key && bookingContextQueryKey.join('/').startsWith(key.join('/')))).toBe(true);
  });

  it('on an event naming slots, fetches just those and patches them into the cached week instead of reloading it', async () => {
    const { queryClient, invalidatedKeys } = setup();
    const week = { from: '2027-05-03', to: '2027-05-09' };
    const open = { ...baseSlot, id: 'a' };
    const other = { ...baseSlot, id: 'b', startsAt: '2027-05-05T22:00:00.000Z', endsAt: '2027-05-05T23:00:00.000Z' };
    queryClient.setQueryData(slotsQueryOptions(week).queryKey, [open, other]);
    const booked = { ...open, status: 'booked', teamName: 'Blue Jays', teamId: 't1', bookingId: 'k1' };
    const fetchMock = vi.fn(() => Promise.resolve(new Response(JSON.stringify({ slots: [booked] }), { status: 200, headers: { 'content-type': 'application/json' } })));
    vi.stubGlobal('fetch', fetchMock);
    const source = FakeEventSource.instances[0]!;
    act(() => {
      for (let i = 0; i < 3; i++) source.emit('slots', { slotIds: ['a'] });
      vi.advanceTimersByTime(COALESCE_MS);
    });
    await vi.waitFor(() => expect(queryClient.getQueryData(slotsQueryOptions(week).queryKey)).toEqual([booked, other]));
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(String((fetchMock.mock.calls[0] as unknown[])[0])).toBe('/api/slots/by-id?ids=a');
    // The week was patched, not reloaded; the team's and admin's lists still reload.
    expect(invalidatedKeys()).not.toContainEqual(slotsQueryKey);
    expect(invalidatedKeys().some((key) => key?.[0] === 'slots')).toBe(false);
    expect(invalidatedKeys()).toContainEqual(adminQueryKey);
    // A hold given or moved on names its slot (issue 28): the team's waits reload, so an offer shows without a reload.
    expect(invalidatedKeys()).toContainEqual(waitsQueryKey);
  });

  it('reloads everything when fetching the named slots fails', async () => {
    const { invalidatedKeys } = setup();
    vi.stubGlobal('fetch', vi.fn(() => Promise.reject(new TypeError('network down'))));
    const source = FakeEventSource.instances[0]!;
    act(() => {
      source.emit('slots', { slotIds: ['a'] });
      vi.advanceTimersByTime(COALESCE_MS);
    });
    await vi.waitFor(() => expect(invalidatedKeys()).toContainEqual(slotsQueryKey));
  });

  it('reloads once for a burst of events', () => {
    const { invalidatedKeys } = setup();
    const source = FakeEventSource.instances[0]!;
    act(() => {
      for (let i = 0; i < 20; i++) source.emit('slots', { slotIds: i === 7 ? [] : [String(i)] });
      vi.advanceTimersByTime(COALESCE_MS);
    });
    expect(invalidatedKeys()).toEqual(ONE_RELOAD);
  });

  it('reloads after the browser reconnects, since events may have been missed', () => {
    const { invalidate, invalidatedKeys } = setup();
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
    expect(invalidatedKeys()).toEqual(ONE_RELOAD);
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
