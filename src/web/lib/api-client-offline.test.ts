import { afterEach, describe, expect, it, vi } from 'vitest';
import { api, apiStream, ApiError } from './api-client';
import { SAVED_AT_HEADER } from './offline-cache';
import { clearSavedMarks, oldestSavedCopy } from './saved-copy';

/** The API client and the offline worker (decision 037): writes never wait for the network, saved copies say so. */

const OFFLINE = 'You are offline. Connect to the internet and try again.';
const json = (body: unknown, headers: Record<string, string> = {}) => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json', ...headers } });

function offline(isOffline: boolean) {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(!isOffline);
}

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  clearSavedMarks();
});

describe('api: offline', () => {
  it('refuses a write at once while the browser is offline, without sending it, saying "You are offline"', async () => {
    offline(true);
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    for (const init of [{ method: 'POST', body: { slotId: 's1' } }, { body: { slotId: 's1' } }, { method: 'PATCH', body: {} }, { method: 'PUT', body: {} }, { method: 'DELETE' }] as const) {
      const err = await api('/api/bookings', init).catch((e: unknown) => e);
      expect(err, JSON.stringify(init)).toBeInstanceOf(ApiError);
      expect(err).toMatchObject({ status: 0, code: 'OFFLINE', message: OFFLINE });
    }
    const streamed = apiStream('/api/slots/generate', { method: 'POST', body: {} });
    await expect(streamed.next()).rejects.toMatchObject({ code: 'OFFLINE', message: OFFLINE });
    expect(fetch).not.toHaveBeenCalled();
  });

  it('says "You are offline" when a write could not reach the server, even while the browser thinks it is online', async () => {
    offline(false);
    vi.stubGlobal('fetch', vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))));
    await expect(api('/api/bookings/b1/cancel', { method: 'POST', body: {} })).rejects.toMatchObject({ code: 'OFFLINE', message: OFFLINE });
  });

  it('a read that fails: "You are offline" while offline, "Could not reach the server" otherwise; an abort is no offline', async () => {
    vi.stubGlobal('fetch', vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))));
    offline(true);
    await expect(api('/api/me')).rejects.toMatchObject({ code: 'OFFLINE', message: OFFLINE });
    offline(false);
    await expect(api('/api/me')).rejects.toMatchObject({ code: 'NETWORK' });
    offline(true);
    vi.stubGlobal('fetch', vi.fn(() => Promise.reject(new DOMException('The user aborted a request.', 'AbortError'))));
    await expect(api('/api/me')).rejects.toMatchObject({ code: 'NETWORK' });
  });

  it('a read is sent while offline: the offline worker may answer it from its saved copy', async () => {
    offline(true);
    vi.stubGlobal('fetch', vi.fn(() => Promise.resolve(json({ bookings: [] }, { [SAVED_AT_HEADER]: '1700000000000' }))));
    await expect(api('/api/bookings/mine')).resolves.toEqual({ bookings: [] });
  });
});

describe('api: saved copies', () => {
  it('notes a read answered from a saved copy with the time it was saved, and a fresh answer takes it off', async () => {
    vi.stubGlobal('fetch', vi.fn(() => Promise.resolve(json({ bookings: [] }, { [SAVED_AT_HEADER]: '1700000000000' }))));
    await api('/api/bookings/mine');
    expect(oldestSavedCopy()).toBe(1_700_000_000_000);
    vi.stubGlobal('fetch', vi.fn(() => Promise.resolve(json({ bookings: [] }))));
    await api('/api/bookings/mine');
    expect(oldestSavedCopy()).toBeNull();
  });

  it('a write’s answer is never taken for a saved copy', async () => {
    vi.stubGlobal('fetch', vi.fn(() => Promise.resolve(json({ booking: {} }, { [SAVED_AT_HEADER]: '1700000000000' }))));
    await api('/api/bookings', { method: 'POST', body: { slotId: 's1' } });
    expect(oldestSavedCopy()).toBeNull();
  });
});
