import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import toast from 'react-hot-toast';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MySwaps, SwapOffer } from '../../../../shared/swaps/swaps.schemas';
import { writeCachedSession } from '../../../app/session/profile-cache';
import { bodyOf, json, preloadPages, stubApi } from '../../../test/render-app';
import { renderWithProviders } from '../../../test/render-component';
import { setupUser } from '../../../test/user';
import { bookingOf, coach, JAYS, mySwaps, offer, ORIOLES, practice, TZ, WRENS } from '../test-fixtures';
import { SwapOfferButton } from './swap-offer-button';

/** "Offer a swap" on one of the team's practices, and its dialog (issue 29). */

preloadPages(
  () => import('../../../components/ui/modal-dialog'),
  () => import('../../../app/shell/app-toaster'),
);

const ours = practice(JAYS, '2026-11-24T18:00', 'Field 3');
const theirs = [practice(ORIOLES, '2026-12-10T17:00'), practice(ORIOLES, '2026-12-11T18:30'), practice(ORIOLES, '2026-12-12T09:00', 'Turf A')];
const teams = [
  { id: ORIOLES, name: 'Orioles', division: '10U' },
  { id: WRENS, name: 'Wrens', division: null },
];

/** The API: the team's offers in `state`; the teams and the Orioles' practices to choose from; POST /api/swaps recorded. */
function setup(state: { swaps: MySwaps }) {
  writeCachedSession({ profile: coach, isAdmin: false });
  const posts: unknown[] = [];
  stubApi(coach, {}, (url, init) => {
    if (url === '/api/swaps/mine') return json(state.swaps);
    if (url === '/api/swaps/practices') return json({ timeZone: TZ, teams, team: null, practices: [] });
    if (url === `/api/swaps/practices?teamId=${ORIOLES}`) return json({ timeZone: TZ, teams, team: { id: ORIOLES, name: 'Orioles' }, practices: theirs });
    if (url === '/api/swaps' && init?.method === 'POST') {
      const body = bodyOf(init) as { wantedBookingIds: string[]; note?: string };
      posts.push(body);
      const made: SwapOffer = offer(ours, ORIOLES, theirs.filter((p) => body.wantedBookingIds.includes(p.bookingId)), { note: body.note ?? null });
      state.swaps = { ...state.swaps, made: [made] };
      return json({ offer: made }, 201);
    }
    return undefined;
  });
  renderWithProviders(<SwapOfferButton booking={bookingOf(ours)} timeZone={TZ} />);
  return posts;
}

beforeEach(() => localStorage.clear());
afterEach(() => {
  act(() => toast.remove());
  cleanup();
  vi.unstubAllGlobals();
});

describe('Offer a swap', () => {
  it('sends a trade for any of two of the other team’s practices, toasts, and moves focus to “On offer to Orioles”', async () => {
    const posts = setup({ swaps: mySwaps() });
    const user = setupUser();
    await user.click(await screen.findByRole('button', { name: 'Offer a swap: Tue Nov 24, 6:00 pm at Field 3' }));
    const dialog = await screen.findByRole('dialog', { name: 'Offer a swap' });
    expect(dialog.textContent).toContain('Your practice: Tue Nov 24, 6:00 pm – 7:30 pm · Field 3 · Riverside Park');
    const kind = within(dialog).getByRole('group', { name: 'What do you want in return?' });
    expect(within(kind).getByRole<HTMLInputElement>('radio', { name: 'Trade for one of theirs' }).checked).toBe(true);

    // Nothing chosen yet: the dialog says what is missing instead of sending.
    await user.click(within(dialog).getByRole('button', { name: 'Send offer' }));
    expect(await within(dialog).findByText('Choose the team to trade with')).toBeTruthy();

    await user.selectOptions(await within(dialog).findByRole('combobox', { name: 'Trade with' }), 'Orioles (10U)');
    const wanted = await within(dialog).findByRole('group', { name: 'Orioles’ practices you would take' });
    await user.click(within(dialog).getByRole('button', { name: 'Send offer' }));
    expect(await within(wanted).findByText('Choose at least one practice of the other team to take in trade')).toBeTruthy();

    await user.click(await within(wanted).findByRole('checkbox', { name: /^Thu Dec 10, 5:00 pm – 6:30 pm/ }));
    expect(wanted.textContent).toContain('Orioles can accept this trade or decline it.');
    await user.click(within(wanted).getByRole('checkbox', { name: 'Sat Dec 12, 9:00 am – 10:30 am Turf A · Riverside Park' }));
    expect(wanted.textContent).toContain('Any of these 2: Orioles choose which one to give you when they accept.');
    await user.click(within(dialog).getByLabelText('Note to their coach (optional)'));
    await user.paste('Tuesdays clash with school');
    await user.click(within(dialog).getByRole('button', { name: 'Send offer' }));

    expect(await screen.findByText('Offer sent to Orioles.')).toBeTruthy();
    expect(posts).toEqual([{ kind: 'swap', bookingId: ours.bookingId, wantedBookingIds: [theirs[0]!.bookingId, theirs[2]!.bookingId], note: 'Tuesdays clash with school' }]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // The button gives way to the offer, which takes focus.
    const onOffer = await screen.findByText('On offer to Orioles');
    expect(screen.queryByRole('button', { name: /^Offer a swap/ })).toBeNull();
    const note = onOffer.closest<HTMLElement>('[tabindex="-1"]')!;
    await waitFor(() => expect(document.activeElement).toBe(note));
    expect(note.textContent).toContain('On offer to Orioles until Mon Nov 23, 6:00 pm.');
    expect(within(note).getByRole('link', { name: 'See swap offers' }).getAttribute('href')).toBe('#swaps');
  });

  it('gives a practice away to the team chosen', async () => {
    const posts = setup({ swaps: mySwaps() });
    const user = setupUser();
    await user.click(await screen.findByRole('button', { name: /^Offer a swap/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Offer a swap' });
    await user.click(within(dialog).getByRole('radio', { name: 'Give it away' }));
    await user.selectOptions(await within(dialog).findByRole('combobox', { name: 'Give it to' }), 'Wrens');
    expect(within(dialog).queryByRole('group', { name: /practices you would take/ })).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Send offer' }));
    await waitFor(() => expect(posts).toEqual([{ kind: 'give', bookingId: ours.bookingId, toTeamId: WRENS }]));
  });

  it('is not there while the league has swaps off', async () => {
    setup({ swaps: mySwaps({ swapsEnabled: false }) });
    await waitFor(() => expect(vi.mocked(fetch).mock.calls.some(([url]) => url === '/api/swaps/mine')).toBe(true));
    // Let the answer land before looking.
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(screen.queryByRole('button', { name: /^Offer a swap/ })).toBeNull();
  });
});
