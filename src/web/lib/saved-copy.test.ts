import { afterEach, describe, expect, it, vi } from 'vitest';
import { API_CACHE } from './offline-cache';
import { clearSavedMarks, forgetSavedCopies, noteRead, oldestSavedCopy, onSavedCopies, savedAtOf } from './saved-copy';

afterEach(() => {
  clearSavedMarks();
  vi.unstubAllGlobals();
});

describe('saved copies on screen (decision 037)', () => {
  it('shows the oldest saved copy, and a fresh answer for the same read takes its copy off', () => {
    const heard = vi.fn();
    const stop = onSavedCopies(heard);
    noteRead('/api/bookings/mine', 2_000);
    noteRead('/api/bookings/context', 1_000);
    expect(oldestSavedCopy()).toBe(1_000);
    noteRead('/api/bookings/context', null);
    expect(oldestSavedCopy()).toBe(2_000);
    noteRead('/api/league', null);
    noteRead('/api/bookings/mine', 2_000);
    expect(heard).toHaveBeenCalledTimes(3);
    noteRead('/api/bookings/mine', null);
    expect(oldestSavedCopy()).toBeNull();
    stop();
  });

  it('reads the worker’s header as a time, and nothing else', () => {
    expect(savedAtOf('1700000000000')).toBe(1_700_000_000_000);
    for (const header of [null, '', 'yesterday', '-5', '0']) expect(savedAtOf(header), String(header)).toBeNull();
  });

  it('forgetting deletes the worker’s API cache and the marks', async () => {
    const deleted = vi.fn(() => Promise.resolve(true));
    vi.stubGlobal('caches', { delete: deleted });
    noteRead('/api/bookings/mine', 1_000);
    await forgetSavedCopies();
    expect(deleted).toHaveBeenCalledWith(API_CACHE);
    expect(oldestSavedCopy()).toBeNull();
  });

  it('forgetting where the browser has no cache storage, or refuses it, is no error', async () => {
    vi.stubGlobal('caches', undefined);
    await expect(forgetSavedCopies()).resolves.toBeUndefined();
    vi.stubGlobal('caches', { delete: () => Promise.reject(new Error('SecurityError')) });
    await expect(forgetSavedCopies()).resolves.toBeUndefined();
  });
});
