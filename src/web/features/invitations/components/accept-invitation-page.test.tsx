import { cleanup, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { InvitationLookup } from '../../../../shared/invitations/invitations.schemas';
import { writeCachedSession } from '../../../app/session/profile-cache';
import { bodyOf, json, memberProfile, preloadPages, renderApp, stubApi } from '../../../test/render-app';
import { setupUser } from '../../../test/user';

preloadPages(() => import('./accept-invitation-page'));
beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const TOKEN = 'abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG';
const pending: InvitationLookup = {
  state: 'pending',
  leagueName: 'CGSL Softball League',
  invitation: { email: 'nell@example.org', displayName: 'Nell', role: 'coach', teamName: 'Blue Jays', teamDivision: '10U', invitedByName: 'Ada Admin', expiresAt: '2030-01-01T00:00:00.000Z', hasAccount: false },
};
const lookupAnswer = (answer: InvitationLookup) => (url: string) => (url === '/api/invitations/lookup' ? json(answer) : undefined);

describe('/invite', () => {
  it.each([
    ['expired', 'This invitation has expired', 'Invitation links work for 7 days'],
    ['accepted', 'This invitation has already been used', 'Each invitation link works once'],
    ['revoked', 'This invitation was withdrawn', 'A league admin revoked this invitation'],
    ['invalid', 'This invitation link is not valid', 'a newer invitation replaced it'],
  ] as const)('state %s: the page says so', async (state, title, words) => {
    stubApi(null, {}, lookupAnswer({ ...pending, state, invitation: state === 'invalid' ? null : pending.invitation }));
    renderApp(`/invite?token=${TOKEN}`);
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeTruthy();
    expect(screen.getByText(new RegExp(words))).toBeTruthy();
  });

  it('a link without its token is not valid, and asks the server nothing', async () => {
    const fetch = stubApi(null);
    renderApp('/invite');
    expect(await screen.findByRole('heading', { level: 1, name: 'This invitation link is not valid' })).toBeTruthy();
    expect(fetch.mock.calls.map(([url]) => (url instanceof Request ? url.url : url.toString()))).not.toContain('/api/invitations/lookup');
  });

  it('signs up with the address fixed and sends the token, name and password', async () => {
    const sent: unknown[] = [];
    stubApi(null, {}, (url, init) => {
      if (url === '/api/invitations/lookup') return json(pending);
      if (url === '/api/invitations/accept') {
        sent.push(bodyOf(init));
        return json({ error: { code: 'CONFLICT', message: 'This invitation has already been used. Each invitation link works once.' } }, 409);
      }
      return undefined;
    });
    renderApp(`/invite?token=${TOKEN}`);
    expect(await screen.findByText('Ada Admin invited nell@example.org to join CGSL Softball League as a coach of Blue Jays (10U).')).toBeTruthy();
    const email = screen.getByLabelText<HTMLInputElement>('Email');
    expect(email.value).toBe('nell@example.org');
    expect(email.readOnly).toBe(true);
    const user = setupUser();
    await user.type(screen.getByLabelText('Password'), 'a-long-password');
    await user.click(screen.getByRole('button', { name: 'Create account and join' }));
    expect(await screen.findByText(/This invitation has already been used/)).toBeTruthy();
    expect(sent).toEqual([{ token: TOKEN, name: 'Nell', password: 'a-long-password' }]);
  });

  it('signed in as another address: says whose invitation it is, and offers to log out', async () => {
    writeCachedSession({ profile: memberProfile, isAdmin: false });
    stubApi(memberProfile, {}, lookupAnswer(pending));
    renderApp(`/invite?token=${TOKEN}`);
    expect(await screen.findByText(/This invitation is for nell@example.org, but you are signed in as pat@example.org/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Log out and continue' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Accept invitation' })).toBeNull();
  });
});
