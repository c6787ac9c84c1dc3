import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import axe from 'axe-core';
import toast from 'react-hot-toast';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MySwaps, SwapOffer } from '../../../../shared/swaps/swaps.schemas';
import { writeCachedSession } from '../../../app/session/profile-cache';
import { activate } from '../../../lib/i18n';
import { bookingsQueryKey } from '../../../lib/query-keys';
import { bodyOf, json, preloadPages, stubApi } from '../../../test/render-app';
import { renderWithProviders } from '../../../test/render-component';
import { setupUser } from '../../../test/user';
import { bookingOf, CARDINALS, coach, JAYS, mySwaps, offer, ORIOLES, practice, WRENS } from '../test-fixtures';
import { SwapsSection } from './swaps-section';

/** The team's swap offers on My Reservations (#swaps) and the coach dashboard (issue 29). */

preloadPages(
  () => import('../../../components/ui/modal-dialog'),
  () => import('../../../app/shell/app-toaster'),
);

// Orioles offer their Tue Dec 1 for any of two of ours; Wrens give their Wed Dec 2; we offered our Sat Dec 5 to the Cardinals.
const ourThu = practice(JAYS, '2026-12-10T17:00');
const ourFri = practice(JAYS, '2026-12-11T18:30', 'Turf A');
const oriolesTue = practice(ORIOLES, '2026-12-01T17:00', 'Field 1');
const wrensWed = practice(WRENS, '2026-12-02T18:00', 'Field 4');
const ourSat = practice(JAYS, '2026-12-05T09:00', 'Field 3');
const cardinalsSun = practice(CARDINALS, '2026-12-06T10:00', 'Field 3');
const fromOrioles = offer(oriolesTue, JAYS, [ourThu, ourFri], { note: 'Tuesdays clash with school' });
const fromWrens = offer(wrensWed, JAYS, []);
const toCardinals = offer(ourSat, CARDINALS, [cardinalsSun]);
const declined = offer(practice(JAYS, '2026-11-28T09:00'), ORIOLES, [], { state: 'declined', decidedAt: '2026-11-21T15:00:00.000Z' });
const voided = offer(practice(CARDINALS, '2026-11-29T09:00'), JAYS, [practice(JAYS, '2026-11-30T17:00')], { state: 'void' });
const open = () => mySwaps({ received: [fromOrioles, fromWrens], made: [toCardinals], recent: [declined, voided] });

/**
 * The API with the team's offers in `state` (each read answers what it holds then); `answer` gives a test's own answer
 * to an accept, decline or withdraw. Returns the calls made to those.
 */
function setup(state: { swaps: MySwaps }, answer: (url: string, body: unknown) => Response | undefined = () => undefined, compact = false) {
  writeCachedSession({ profile: coach, isAdmin: false });
  const calls: Array<{ url: string; body: unknown }> = [];
  stubApi(coach, {}, (url, init) => {
    if (url === '/api/swaps/mine') return json(state.swaps);
    if (!url.startsWith('/api/swaps/') || init?.method !== 'POST') return undefined;
    calls.push({ url, body: bodyOf(init) });
    return answer(url, bodyOf(init));
  });
  const rendered = renderWithProviders(
    <main id="main" tabIndex={-1}>
      <SwapsSection compact={compact} />
    </main>,
  );
  return { calls, ...rendered };
}

async function axeViolations(element: Element) {
  const result = await axe.run(element, { rules: { 'color-contrast': { enabled: false } } });
  return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

const settled = (o: SwapOffer, over: Partial<SwapOffer>): SwapOffer => ({ ...o, decidedAt: '2026-11-22T12:00:00.000Z', ...over });

beforeEach(() => localStorage.clear());
afterEach(() => {
  act(() => toast.remove());
  cleanup();
  vi.unstubAllGlobals();
});

describe('Swap offers', () => {
  it('lists offers received, made and decided, in words', async () => {
    setup({ swaps: open() });
    const section = await screen.findByRole('region', { name: 'Swap offers' });
    expect(section.id).toBe('swaps');
    const orioles = await within(section).findByRole('article', { name: 'From Orioles: Tue Dec 1, 5:00 pm' });
    expect(orioles.textContent).toContain('They give: Tue Dec 1, 5:00 pm – 6:30 pm');
    expect(orioles.textContent).toContain('Note from Orioles: “Tuesdays clash with school”');
    expect(orioles.textContent).toContain('Answer by Mon Nov 30, 5:00 pm; then it expires.');
    // Any of two of ours: one Accept for each, saying which practice it gives.
    expect(within(orioles).getByRole('button', { name: 'Accept: give Thu Dec 10, 5:00 pm, take Orioles’ Tue Dec 1, 5:00 pm' })).toBeTruthy();
    expect(within(orioles).getByRole('button', { name: 'Accept: give Fri Dec 11, 6:30 pm, take Orioles’ Tue Dec 1, 5:00 pm' })).toBeTruthy();
    const wrens = within(section).getByRole('article', { name: 'From Wrens: Wed Dec 2, 6:00 pm' });
    expect(wrens.textContent).toContain('Nothing in return: it is a gift.');
    expect(within(wrens).getByRole('button', { name: 'Accept: take Wrens’ Wed Dec 2, 6:00 pm' })).toBeTruthy();
    const cardinals = within(section).getByRole('article', { name: 'To Cardinals: Sat Dec 5, 9:00 am' });
    expect(cardinals.textContent).toContain('You ask for their Sun Dec 6, 10:00 am – 11:30 am');
    expect(within(cardinals).getByRole('button', { name: 'Withdraw your offer of Sat Dec 5, 9:00 am to Cardinals' })).toBeTruthy();
    expect(section.textContent).toContain('To Orioles: Sat Nov 28, 9:00 am (a gift): Declined by Orioles. (Sat Nov 21)');
    expect(section.textContent).toContain('From Cardinals: Sun Nov 29, 9:00 am (a trade): Void: one of its practices was cancelled, moved or traded first.');
    expect(await axeViolations(section)).toEqual([]);
  });

  it('accepts one of several: gives the practice chosen, toasts what the team has now, and reloads the offers and the practices', async () => {
    const state = { swaps: open() };
    const { calls, queryClient } = setup(state, (url) => {
      if (url !== `/api/swaps/${fromOrioles.id}/accept`) return undefined;
      const accepted = settled(fromOrioles, { state: 'accepted', acceptedBookingId: ourFri.bookingId });
      state.swaps = { ...state.swaps, received: [fromWrens], recent: [accepted, ...state.swaps.recent] };
      return json({ offer: accepted, booking: { ...bookingOf(oriolesTue), id: 'new', teamId: JAYS, teamName: 'Blue Jays' } });
    });
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    const user = setupUser();
    const orioles = await screen.findByRole('article', { name: 'From Orioles: Tue Dec 1, 5:00 pm' });
    await user.click(within(orioles).getByRole('button', { name: /^Accept: give Fri Dec 11, 6:30 pm/ }));

    expect(await screen.findByText('Swapped with Orioles: your team now practices Tue Dec 1, 5:00 pm at Field 1.')).toBeTruthy();
    expect(calls).toEqual([{ url: `/api/swaps/${fromOrioles.id}/accept`, body: { bookingId: ourFri.bookingId } }]);
    const section = screen.getByRole('region', { name: 'Swap offers' });
    await waitFor(() => expect(within(section).queryByRole('article', { name: /^From Orioles/ })).toBeNull());
    expect(section.textContent).toContain('From Orioles: Tue Dec 1, 5:00 pm (a trade): You accepted, giving your Fri Dec 11, 6:30 pm.');
    // My Reservations' list of practices (under the bookings key) reloads too.
    expect(invalidate).toHaveBeenCalledWith({ queryKey: bookingsQueryKey });
    // The button went with its offer: focus is on the section, not lost.
    await waitFor(() => expect(document.activeElement).toBe(section));
  });

  it('declines only after the confirm, which says what happens', async () => {
    const state = { swaps: open() };
    const { calls } = setup(state, (url) => {
      if (url !== `/api/swaps/${fromWrens.id}/decline`) return undefined;
      const gone = settled(fromWrens, { state: 'declined' });
      state.swaps = { ...state.swaps, received: [fromOrioles], recent: [gone, ...state.swaps.recent] };
      return json({ offer: gone });
    });
    const user = setupUser();
    const wrens = await screen.findByRole('article', { name: 'From Wrens: Wed Dec 2, 6:00 pm' });
    const decline = within(wrens).getByRole('button', { name: 'Decline Wrens’ offer of Wed Dec 2, 6:00 pm' });
    await user.click(decline);
    let dialog = await screen.findByRole('alertdialog', { name: 'Decline this offer?' });
    expect(dialog.textContent).toContain('Wrens keep their practice on Wed Dec 2, 6:00 pm, and their coach gets an email saying you declined.');
    await user.click(within(dialog).getByRole('button', { name: 'Keep the offer' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(calls).toEqual([]);

    await user.click(decline);
    dialog = await screen.findByRole('alertdialog', { name: 'Decline this offer?' });
    await user.click(within(dialog).getByRole('button', { name: 'Decline offer' }));
    expect(await screen.findByText('You declined Wrens’ offer. Their coach is told.')).toBeTruthy();
    expect(calls).toEqual([{ url: `/api/swaps/${fromWrens.id}/decline`, body: {} }]);
    const section = screen.getByRole('region', { name: 'Swap offers' });
    await waitFor(() => expect(within(section).queryByRole('article', { name: /^From Wrens/ })).toBeNull());
    expect(section.textContent).toContain('From Wrens: Wed Dec 2, 6:00 pm (a gift): You declined it.');
    await waitFor(() => expect(document.activeElement).toBe(section));
  });

  it('shows a refused accept in the server’s words, in a toast and in the offer', async () => {
    const refused = 'Swap refused for Blue Jays: Blue Jays already has 2 practices in the week of Nov 30 (the limit is 2).';
    const { calls } = setup({ swaps: open() }, () => json({ error: { code: 'CONFLICT', message: refused, details: { rule: 'MAX_PER_WEEK', team: 'Blue Jays' } } }, 409));
    const user = setupUser();
    const wrens = await screen.findByRole('article', { name: 'From Wrens: Wed Dec 2, 6:00 pm' });
    await user.click(within(wrens).getByRole('button', { name: /^Accept/ }));
    await waitFor(() => expect(screen.getAllByText(refused)).toHaveLength(2));
    expect(within(wrens).getByText(refused)).toBeTruthy();
    expect(calls).toEqual([{ url: `/api/swaps/${fromWrens.id}/accept`, body: {} }]);
    // Still open: it can be answered again.
    expect(within(wrens).getByRole('button', { name: /^Accept/ })).toHaveProperty('disabled', false);
  });

  it('withdraws an offer the team made after the confirm', async () => {
    const state = { swaps: open() };
    const { calls } = setup(state, (url) => {
      if (url !== `/api/swaps/${toCardinals.id}/withdraw`) return undefined;
      const gone = settled(toCardinals, { state: 'withdrawn' });
      state.swaps = { ...state.swaps, made: [], recent: [gone, ...state.swaps.recent] };
      return json({ offer: gone });
    });
    const user = setupUser();
    await user.click(await screen.findByRole('button', { name: 'Withdraw your offer of Sat Dec 5, 9:00 am to Cardinals' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Withdraw this offer?' });
    expect(dialog.textContent).toContain('Cardinals can no longer accept it. Your team keeps its practice on Sat Dec 5, 9:00 am.');
    await user.click(within(dialog).getByRole('button', { name: 'Withdraw offer' }));
    expect(await screen.findByText('Your offer to Cardinals is withdrawn.')).toBeTruthy();
    expect(calls).toEqual([{ url: `/api/swaps/${toCardinals.id}/withdraw`, body: {} }]);
    expect(await screen.findByText(/You withdrew it\./)).toBeTruthy();
  });

  it('says what a swap is and how to offer one when there are none; the dashboard lists offers to answer', async () => {
    setup({ swaps: mySwaps() });
    const section = await screen.findByRole('region', { name: 'Swap offers' });
    expect(await within(section).findByText(/^A swap trades one of your team’s practices for one of another team’s/)).toBeTruthy();
    expect(section.textContent).toContain('press “Offer a swap” on an upcoming practice');
    cleanup();

    setup({ swaps: open() }, undefined, true);
    const card = await screen.findByRole('region', { name: 'Swap offers' });
    expect(await within(card).findByText('From Orioles: Tue Dec 1, 5:00 pm')).toBeTruthy();
    expect(card.textContent).toContain('Field 1 · Riverside Park · for any one of 2 of yours');
    expect(card.textContent).toContain('1 offer you made is waiting for an answer.');
    expect(within(card).queryByRole('button')).toBeNull();
    expect(within(card).getByRole('link', { name: 'Answer in My Reservations' }).getAttribute('href')).toBe('/my-reservations#swaps');
  });

  describe('in Spanish', () => {
    afterEach(async () => {
      await act(() => activate('en', ['common', 'swaps']));
    });

    it('words the offers, their buttons and the decline question in Spanish', async () => {
      await act(() => activate('es', ['common', 'swaps']));
      setup({ swaps: open() });
      const section = await screen.findByRole('region', { name: 'Ofertas de intercambio' });
      const orioles = await within(section).findByRole('article', { name: 'De Orioles: mar 1 dic, 5:00 p.m.' });
      expect(orioles.textContent).toContain('Te dan: mar 1 dic, 5:00 p.m. – 6:30 p.m.');
      expect(orioles.textContent).toContain('Nota de Orioles: “Tuesdays clash with school”');
      expect(within(orioles).getByRole('button', { name: 'Aceptar: dar la del jue 10 dic, 5:00 p.m., recibir la de Orioles del mar 1 dic, 5:00 p.m.' })).toBeTruthy();
      const wrens = within(section).getByRole('article', { name: 'De Wrens: mié 2 dic, 6:00 p.m.' });
      expect(wrens.textContent).toContain('Nada a cambio: es un regalo.');
      expect(section.textContent).toContain('Para Orioles: sáb 28 nov, 9:00 a.m. (un regalo): Orioles la rechazó.');
      expect(section.textContent).toContain('Anulada: una de sus prácticas se canceló, se movió o se intercambió antes.');

      const user = setupUser();
      await user.click(within(wrens).getByRole('button', { name: 'Rechazar la oferta de Wrens del mié 2 dic, 6:00 p.m.' }));
      const dialog = await screen.findByRole('alertdialog', { name: '¿Rechazar esta oferta?' });
      expect(dialog.textContent).toContain('Wrens conserva su práctica del mié 2 dic, 6:00 p.m.');
      await user.click(within(dialog).getByRole('button', { name: 'Mantener la oferta' }));
    });
  });
});
