import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import axe from 'axe-core';
import toast from 'react-hot-toast';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MyWaits, Wait } from '../../../../shared/waitlist/waitlist.schemas';
import type { Profile } from '../../../../shared/users/users.schemas';
import { writeCachedSession } from '../../../app/session/profile-cache';
import { json, memberProfile, preloadPages, stubApi } from '../../../test/render-app';
import { renderWithProviders } from '../../../test/render-component';
import { setupUser } from '../../../test/user';
import { WaitlistSection } from './waitlist-section';

/** The team's waitlist on My Reservations and the coach dashboard (issue 28). */

// What the first dialog and the first toast load lazily (Headless UI, react-hot-toast).
preloadPages(
  () => import('../../../components/ui/modal-dialog'),
  () => import('../../../app/shell/app-toaster'),
);

const coach: Profile = { ...memberProfile, role: 'coach', teamId: 'jays', teamName: 'Blue Jays' };
const wait = (over: Partial<Wait>): Wait => ({
  id: 'w',
  slotId: 's',
  state: 'waiting',
  fieldName: 'Field 1',
  facilityName: 'Riverside Park',
  // Tue Dec 1, 2026, 5:00–6:30 pm in Chicago.
  startsAt: '2026-12-01T23:00:00.000Z',
  endsAt: '2026-12-02T00:30:00.000Z',
  position: null,
  holdUntil: null,
  createdAt: '2026-11-28T15:00:00.000Z',
  decidedAt: null,
  ...over,
});
const offered = wait({ id: 'w1', slotId: 's1', state: 'offered', holdUntil: '2026-12-02T01:00:00.000Z' });
const waiting = wait({ id: 'w2', slotId: 's2', fieldName: 'Field 2', startsAt: '2026-12-03T00:45:00.000Z', endsAt: '2026-12-03T02:15:00.000Z', position: 2 });
const expired = wait({ id: 'w3', slotId: 's3', fieldName: 'Turf A', facilityName: 'Memorial Complex', state: 'expired', decidedAt: '2026-11-29T03:00:00.000Z' });
const mine = (waits: Wait[]): MyWaits => ({ timeZone: 'America/Chicago', maxWaits: 3, holdMinutes: 120, waits });

const booking = {
  id: 'b1',
  slotId: 's1',
  seasonId: 'season',
  teamId: 'jays',
  teamName: 'Blue Jays',
  status: 'confirmed',
  startsAt: offered.startsAt,
  endsAt: offered.endsAt,
  fieldId: 'f1',
  fieldName: 'Field 1',
  facilityName: 'Riverside Park',
  facilityAddress: null,
  mapUrl: null,
  bookedByEmail: 'pat@example.org',
  createdAt: '2026-11-30T12:00:00.000Z',
  cancelledAt: null,
  cancelReason: null,
  override: false,
  overrideReason: null,
};

/**
 * The API with the team's waits in `state` (each call to /api/waits/mine answers what it holds then); `answer` gives a
 * test's own answer to a take, pass or leave. Returns the calls made to those.
 */
function setup(state: { waits: Wait[] }, answer: (method: string, url: string) => Response | undefined = () => undefined, profile = coach, compact = false) {
  writeCachedSession({ profile, isAdmin: false });
  const calls: string[] = [];
  const fetchMock = stubApi(profile, {}, (url, init) => {
    if (url === '/api/waits/mine') return json(mine(state.waits));
    if (!url.startsWith('/api/waits/')) return undefined;
    const method = init?.method ?? 'GET';
    calls.push(`${method} ${url}`);
    const own = answer(method, url);
    if (own) return own;
    if (url.endsWith('/take')) {
      state.waits = state.waits.map((w) => (w.id === offered.id ? { ...w, state: 'taken', holdUntil: null, decidedAt: '2026-11-30T12:00:00.000Z' } : w));
      return json({ booking }, 201);
    }
    if (url.endsWith('/pass')) {
      state.waits = state.waits.map((w) => (w.id === offered.id ? { ...w, state: 'passed', holdUntil: null, decidedAt: '2026-11-30T12:00:00.000Z' } : w));
      return json({ passed: true });
    }
    state.waits = state.waits.filter((w) => !url.endsWith(w.id));
    return json({ left: true });
  });
  renderWithProviders(<WaitlistSection compact={compact} />);
  return { calls, fetchMock, user: setupUser() };
}

async function axeViolations(element: Element) {
  const result = await axe.run(element, { rules: { 'color-contrast': { enabled: false } } });
  return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

const section = () => screen.findByRole('region', { name: 'Waitlist' });

beforeEach(() => localStorage.clear());
afterEach(() => {
  act(() => toast.remove());
  cleanup();
  vi.unstubAllGlobals();
});

describe('the Waitlist section', () => {
  it('shows the slot held for the team first, then the slots waited for with the place in line, then what became of the others', async () => {
    setup({ waits: [waiting, expired, offered] });
    const region = await section();
    expect(region.id).toBe('waitlist');
    const offer = await within(region).findByText('A slot freed up: Field 1, Tue Dec 1, 5:00 pm – held for you until 7:00 pm');
    const line = within(region).getByText('Field 2, Wed Dec 2, 6:45 pm');
    const outcome = within(region).getByText('Turf A, Tue Dec 1, 5:00 pm');
    // Offers first, then waiting, then outcomes, in the page's order.
    expect(offer.compareDocumentPosition(line) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(line.compareDocumentPosition(outcome) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(within(region).getByText('2nd in line')).toBeTruthy();
    expect(outcome.parentElement?.textContent).toContain('The hold ran out before your team took it.');
    expect(within(region).getByText(/held for your team for 2 hours .* up to 3 slots at once/)).toBeTruthy();
    expect(within(region).getByRole('button', { name: 'Take it: Field 1, Tue Dec 1, 5:00 pm' })).toBeTruthy();
    expect(within(region).getByRole('button', { name: 'Pass: Field 1, Tue Dec 1, 5:00 pm' })).toBeTruthy();
    expect(within(region).getByRole('button', { name: 'Stop waiting: Field 2, Wed Dec 2, 6:45 pm' })).toBeTruthy();
    expect(await axeViolations(region)).toEqual([]);
  });

  it('takes the held slot: books it, says so, and the offer leaves the list', async () => {
    const { calls, user } = setup({ waits: [offered] });
    const region = await section();
    await user.click(await within(region).findByRole('button', { name: /^Take it/ }));
    expect(await screen.findByText('Booked Tue Dec 1, 5:00 pm at Field 1 for Blue Jays.')).toBeTruthy();
    expect(calls).toEqual(['POST /api/waits/w1/take']);
    await waitFor(() => expect(within(region).queryByRole('button', { name: /^Take it/ })).toBeNull());
    expect(within(region).getByText(/You took it: booked for your team\./)).toBeTruthy();
  });

  it('shows the server’s words when taking it is refused, and that the slot went to the next team', async () => {
    const refusal = 'Blue Jays already has 2 practices in the week of Mon, Nov 30 (limit 2). So the slot went to the next team waiting.';
    const { calls, user } = setup({ waits: [offered] }, (method, url) =>
      url.endsWith('/take') ? json({ error: { code: 'RULE_VIOLATION', message: refusal, details: { rule: 'WEEK_LIMIT' } } }, 422) : undefined,
    );
    await user.click(await within(await section()).findByRole('button', { name: /^Take it/ }));
    expect(await screen.findByText(refusal)).toBeTruthy();
    expect(calls).toEqual(['POST /api/waits/w1/take']);
  });

  it('passes only after the confirm, which says the next team gets it', async () => {
    const { calls, user } = setup({ waits: [offered] });
    await user.click(await within(await section()).findByRole('button', { name: /^Pass/ }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Pass on this slot?' });
    expect(dialog.textContent).toContain('Field 1, Tue Dec 1, 5:00 pm: the next team waiting gets it.');
    expect(calls).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Pass' }));
    expect(await screen.findByText('You passed on Field 1, Tue Dec 1, 5:00 pm. The next team waiting gets it.')).toBeTruthy();
    expect(calls).toEqual(['POST /api/waits/w1/pass']);
  });

  it('stops waiting after the confirm (Keep waiting keeps the place), and says so', async () => {
    const { calls, user } = setup({ waits: [waiting] });
    const region = await section();
    await user.click(await within(region).findByRole('button', { name: /^Stop waiting/ }));
    let dialog = await screen.findByRole('alertdialog', { name: 'Stop waiting for this slot?' });
    expect(dialog.textContent).toContain('your team gives up its place in line (2nd in line)');
    await user.click(within(dialog).getByRole('button', { name: 'Keep waiting' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(calls).toEqual([]);

    await user.click(within(region).getByRole('button', { name: /^Stop waiting/ }));
    dialog = await screen.findByRole('alertdialog', { name: 'Stop waiting for this slot?' });
    await user.click(within(dialog).getByRole('button', { name: 'Stop waiting' }));
    expect(await screen.findByText('You stopped waiting for Field 2, Wed Dec 2, 6:45 pm.')).toBeTruthy();
    expect(calls).toEqual(['DELETE /api/waits/w2']);
    expect(await within(region).findByText(/You're not waiting for any slot\./)).toBeTruthy();
  });

  it('works by keyboard: Take it, then Pass, whose confirm starts on Keep it', async () => {
    const { calls, user } = setup({ waits: [offered] });
    const region = await section();
    (await within(region).findByRole('button', { name: /^Take it/ })).focus();
    await user.tab();
    expect(document.activeElement).toBe(within(region).getByRole('button', { name: /^Pass/ }));
    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('alertdialog', { name: 'Pass on this slot?' });
    await waitFor(() => expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Keep it' })));
    await user.tab();
    await user.keyboard('{Enter}');
    expect(await screen.findByText('You passed on Field 1, Tue Dec 1, 5:00 pm. The next team waiting gets it.')).toBeTruthy();
    expect(calls).toEqual(['POST /api/waits/w1/pass']);
  });

  it('says the server’s words when a pass fails, and keeps the offer', async () => {
    const gone = 'This slot is no longer held for your team: the hold ran out or was passed. Reload the page.';
    const { user } = setup({ waits: [offered] }, (method, url) => (url.endsWith('/pass') ? json({ error: { code: 'CONFLICT', message: gone } }, 409) : undefined));
    await user.click(await within(await section()).findByRole('button', { name: /^Pass/ }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Pass' }));
    expect(await screen.findByText(gone)).toBeTruthy();
  });

  it('says what to do when the team waits for nothing, with the way to Book a Field', async () => {
    setup({ waits: [] });
    const region = await section();
    expect(await within(region).findByText('You\'re not waiting for any slot. On Book a Field, press “Tell me if it frees up” on a booked slot.')).toBeTruthy();
    expect(within(region).getByRole('link', { name: 'Book a Field' }).getAttribute('href')).toBe('/slots');
    expect(await axeViolations(region)).toEqual([]);
  });

  it('as the dashboard’s compact card, lists the same, with the way to the full list', async () => {
    setup({ waits: [offered, waiting] }, undefined, coach, true);
    const region = await section();
    expect(await within(region).findByText('A slot freed up: Field 1, Tue Dec 1, 5:00 pm – held for you until 7:00 pm')).toBeTruthy();
    expect(within(region).getByText('2nd in line')).toBeTruthy();
    expect(within(region).getByRole('link', { name: 'Waitlist in My Reservations' }).getAttribute('href')).toBe('/my-reservations#waitlist');
    expect(region.id).toBe('');
  });

  it('asks nothing for a member, who waits for nothing', async () => {
    const { fetchMock } = setup({ waits: [offered] }, undefined, memberProfile);
    await waitFor(() => expect(fetchMock.mock.calls.some(([url]) => url === '/api/me')).toBe(true));
    expect(screen.queryByRole('region', { name: 'Waitlist' })).toBeNull();
    expect(fetchMock.mock.calls.some(([url]) => url === '/api/waits/mine')).toBe(false);
  });
});
