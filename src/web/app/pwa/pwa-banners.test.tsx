import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearSavedMarks, noteRead } from '../../lib/saved-copy';
import { renderWithProviders } from '../../test/render-component';
import { PwaBanners } from './pwa-banners';
import { setUpdateReady } from './update-state';

/** 5:12 pm in Chicago (the league's default zone) on a summer day: 22:12 UTC. */
const SAVED_AT = Date.UTC(2027, 5, 14, 22, 12);

beforeEach(() => {
  // The league settings: the default zone (America/Chicago) while they do not load.
  vi.stubGlobal('fetch', vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))));
});

afterEach(() => {
  cleanup();
  act(() => {
    clearSavedMarks();
    setUpdateReady(null);
  });
  vi.unstubAllGlobals();
});

describe('PwaBanners (decision 037)', () => {
  it('draws nothing while every read came from the server and no new version waits', () => {
    const { container } = renderWithProviders(<PwaBanners />);
    expect(container.innerHTML).toBe('');
  });

  it('says when the copy on screen was saved, in league time as the app writes times, and goes when a fresh answer comes', async () => {
    renderWithProviders(<PwaBanners />);
    await act(async () => noteRead('/api/bookings/mine', SAVED_AT));
    expect((await screen.findByRole('status')).textContent).toBe('Saved at 5:12 pm: you are offline');
    await act(async () => noteRead('/api/bookings/mine', null));
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('offers Reload when a new version is ready, and Reload applies it', async () => {
    const apply = vi.fn();
    renderWithProviders(<PwaBanners />);
    await act(async () => setUpdateReady(apply));
    expect((await screen.findByRole('status')).textContent).toContain('A new version is ready');
    await userEvent.click(screen.getByRole('button', { name: 'Reload' }));
    expect(apply).toHaveBeenCalledOnce();
  });
});
