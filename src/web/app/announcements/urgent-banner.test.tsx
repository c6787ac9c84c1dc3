import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Announcement } from '../../../shared/announcements/announcements.schemas';
import { json, memberProfile, renderApp, stubApi } from '../../test/render-app';
import { setupUser } from '../../test/user';

beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const base = { audience: 'everyone', pinned: false, publishAt: '2027-03-01T12:00:00Z', expiresAt: null, dismissed: false } as const;
const urgent: Announcement = {
  ...base,
  id: 'a-urgent',
  title: 'Fields closed tonight',
  body: 'Lightning',
  bodyHtml: '<p>Lightning in the area.</p>\n',
  severity: 'urgent',
};
const info: Announcement = {
  ...base,
  id: 'a-info',
  title: 'Picture day',
  body: 'See [the schedule](https://cgsl.example.org)',
  bodyHtml: '<p>See <a href="https://cgsl.example.org" target="_blank" rel="nofollow noopener noreferrer">the schedule</a></p>\n',
  severity: 'info',
  pinned: true,
};

describe('announcements in the shell and on the landing page', () => {
  it('shows an urgent one as a banner a visitor dismisses for good in this browser; the others on the landing page', async () => {
    const user = setupUser();
    stubApi(null, { '/api/announcements': { announcements: [info, urgent] } });
    const view = renderApp('/');
    const banner = await screen.findByRole('region', { name: 'Urgent announcement: Fields closed tonight' });
    expect(within(banner).getByText('Lightning in the area.')).toBeTruthy();

    const list = await screen.findByRole('region', { name: 'Announcements' });
    const card = within(list).getByRole('article', { name: 'Picture day' });
    expect(within(card).getByText('Pinned')).toBeTruthy();
    expect(within(card).getByText('Info')).toBeTruthy();
    expect(within(card).getByRole('link', { name: 'the schedule' }).getAttribute('rel')).toBe('nofollow noopener noreferrer');
    // The urgent one is in the banner, not twice on the page.
    expect(within(list).queryByRole('article', { name: 'Fields closed tonight' })).toBeNull();

    await user.click(within(banner).getByRole('button', { name: /Dismiss/ }));
    expect(screen.queryByRole('region', { name: /Urgent announcement/ })).toBeNull();
    // Dismissed, it stays on the landing page among the others.
    expect(within(screen.getByRole('region', { name: 'Announcements' })).getByRole('article', { name: 'Fields closed tonight' })).toBeTruthy();
    expect(JSON.parse(localStorage.getItem('cgsl.dismissedAnnouncements') ?? '[]')).toEqual(['a-urgent']);

    view.unmount();
    renderApp('/');
    await screen.findByRole('region', { name: 'Announcements' });
    expect(screen.queryByRole('region', { name: /Urgent announcement/ })).toBeNull();
  });

  it('records a signed-in person’s dismissal on the server', async () => {
    const user = setupUser();
    const dismissals: string[] = [];
    stubApi(memberProfile, { '/api/announcements': { announcements: [urgent] } }, (url, init) => {
      if (!url.endsWith('/dismiss') || init?.method !== 'POST') return undefined;
      dismissals.push(url);
      return json({ dismissed: true });
    });
    renderApp('/');
    const banner = await screen.findByRole('region', { name: 'Urgent announcement: Fields closed tonight' });
    await user.click(within(banner).getByRole('button', { name: /Dismiss/ }));
    expect(screen.queryByRole('region', { name: /Urgent announcement/ })).toBeNull();
    expect(dismissals).toEqual(['/api/announcements/a-urgent/dismiss']);
    expect(localStorage.getItem('cgsl.dismissedAnnouncements')).toBeNull();
  });
});
