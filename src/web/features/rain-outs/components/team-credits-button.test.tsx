import { act, cleanup, screen, within } from '@testing-library/react';
import toast from 'react-hot-toast';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { MakeupCredit } from '../../../../shared/rain-outs/rain-outs.schemas';
import { startEachTestAt } from '../../../test/clock';
import { adminProfile, bodyOf, json, preloadPages, stubApi } from '../../../test/render-app';
import { loadNamespace } from '../../../lib/i18n';
import { renderWithProviders } from '../../../test/render-component';
import { setupUser } from '../../../test/user';
import { TeamCreditsButton } from './team-credits-button';

// What the first dialog and the first toast load lazily (Headless UI, react-hot-toast), and the words.
preloadPages(
  () => loadNamespace('en', 'rain-outs'),
  () => import('../../../components/ui/modal-dialog'),
  () => import('../../../app/shell/app-toaster'),
);

// 10:00 am in Chicago on Tue May 4, 2027.
startEachTestAt('2027-05-04T15:00:00.000Z');

afterEach(() => {
  act(() => toast.remove());
  cleanup();
  vi.unstubAllGlobals();
});

const TEAM = '3f1c1a2e-1111-4a2b-9c3d-000000000001';
const credit = (over: Partial<MakeupCredit>): MakeupCredit => ({
  id: 'k-free',
  teamId: TEAM,
  teamName: 'Blue Jays',
  reason: 'Rain-out: Riverside Park (Wet fields)',
  createdAt: '2027-05-03T23:00:00.000Z',
  // Runs out at the start of May 18 in Chicago: the last day is Mon May 17.
  expiresAt: '2027-05-18T05:00:00.000Z',
  state: 'free',
  usedFor: null,
  ...over,
});

/** The API with the team and its credits in `credits`; returns what was posted and deleted. */
function stubCredits(credits: MakeupCredit[]) {
  const calls: Array<[string, string, unknown]> = [];
  stubApi(adminProfile, {}, (url, init) => {
    if (url === `/api/makeup-credits?teamId=${TEAM}`) return json({ credits });
    if (url === '/api/makeup-credits' && init?.method === 'POST') {
      calls.push(['POST', url, bodyOf(init)]);
      const granted = credit({ id: 'k-new', reason: (bodyOf(init) as { reason: string }).reason, expiresAt: '2027-05-19T05:00:00.000Z' });
      credits.unshift(granted);
      return json({ credit: granted }, 201);
    }
    if (url.startsWith('/api/makeup-credits/') && init?.method === 'DELETE') {
      calls.push(['DELETE', url, undefined]);
      const i = credits.findIndex((c) => url.endsWith(c.id));
      credits[i] = { ...credits[i]!, state: 'removed' };
      return json({ removed: true });
    }
    return undefined;
  });
  return calls;
}

async function openCredits() {
  renderWithProviders(<TeamCreditsButton team={{ id: TEAM, name: 'Blue Jays', active: true }} />);
  const user = setupUser();
  await user.click(screen.getByRole('button', { name: 'Make-up practices of Blue Jays' }));
  const dialog = await screen.findByRole('dialog', { name: 'Make-up practices: Blue Jays' });
  return { user, dialog };
}

describe("a team's make-up practices (on /admin-user-manager's Teams tab)", () => {
  it('lists the credits with their state and last day; Remove only on a free one, after a question', async () => {
    const calls = stubCredits([
      credit({}),
      credit({
        id: 'k-used',
        reason: 'Umpire no-show',
        state: 'used',
        usedFor: { bookingId: 'b1', fieldName: 'Field 2', startsAt: '2027-05-06T23:00:00.000Z' },
      }),
      credit({ id: 'k-old', reason: 'Lightning', state: 'expired', expiresAt: '2027-04-20T05:00:00.000Z' }),
    ]);
    const { user, dialog } = await openCredits();
    const list = await within(dialog).findByRole('list', { name: 'Make-up practices of Blue Jays' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((li) => li.textContent)).toEqual([
      expect.stringMatching(/^Rain-out: Riverside Park \(Wet fields\)FreeTo use by Mon May 17Remove/),
      'Umpire no-showUsedUsed: Field 2, Thu May 6, 6:00 pm',
      'LightningExpiredRan out after Mon Apr 19',
    ]);
    expect(within(items[1]!).queryByRole('button')).toBeNull();

    await user.click(within(items[0]!).getByRole('button', { name: 'Remove the make-up practice “Rain-out: Riverside Park (Wet fields)”' }));
    const ask = await screen.findByRole('alertdialog', { name: 'Remove this make-up practice?' });
    expect(ask.textContent).toContain('Blue Jays can no longer use “Rain-out: Riverside Park (Wet fields)” (to use by Mon May 17) to book past its limits.');
    await user.click(within(ask).getByRole('button', { name: 'Keep it' }));
    expect(calls).toEqual([]);

    await user.click(within(items[0]!).getByRole('button', { name: /^Remove/ }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('Removed a make-up practice from Blue Jays.')).toBeTruthy();
    expect(calls).toEqual([['DELETE', '/api/makeup-credits/k-free', undefined]]);
    expect(await within(dialog).findByText('Removed')).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: /^Remove/ })).toBeNull();
  });

  it('grants one with a reason (required), toasts its last day and lists it', async () => {
    const calls = stubCredits([]);
    const { user, dialog } = await openCredits();
    expect(await within(dialog).findByText('Blue Jays has no make-up practices. A rain-out gives them, or grant one below.')).toBeTruthy();

    await user.click(within(dialog).getByRole('button', { name: 'Grant a make-up practice' }));
    expect(await within(dialog).findByText('Say why, like "Umpire no-show on May 3"')).toBeTruthy();
    expect(calls).toEqual([]);

    await user.type(within(dialog).getByLabelText('Reason'), 'Umpire no-show on May 3');
    await user.click(within(dialog).getByRole('button', { name: 'Grant a make-up practice' }));
    expect(await screen.findByText('Blue Jays has a make-up practice to use by Tue May 18.')).toBeTruthy();
    expect(calls).toEqual([['POST', '/api/makeup-credits', { teamId: TEAM, reason: 'Umpire no-show on May 3' }]]);
    expect(await within(dialog).findByText('Umpire no-show on May 3')).toBeTruthy();
    expect(within(dialog).getByLabelText<HTMLInputElement>('Reason').value).toBe('');
  });

  it("shows the server's refusal above the grant form", async () => {
    stubApi(adminProfile, {}, (url, init) => {
      if (url.startsWith('/api/makeup-credits?')) return json({ credits: [] });
      if (init?.method === 'POST')
        return json({ error: { code: 'CONFLICT', message: 'Blue Jays is not active, so it cannot book. Reactivate the team first.' } }, 409);
      return undefined;
    });
    const { user, dialog } = await openCredits();
    await user.type(await within(dialog).findByLabelText('Reason'), 'Makeup for the field mix-up');
    await user.click(within(dialog).getByRole('button', { name: 'Grant a make-up practice' }));
    expect((await within(dialog).findByRole('alert')).textContent).toContain('Blue Jays is not active, so it cannot book. Reactivate the team first.');
  });
});
