import { act, cleanup, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DrawInput, DrawResult } from '../../../../shared/opening/draw';
import type { OpeningRound } from '../../../../shared/opening/opening.schemas';
import type { Profile } from '../../../../shared/users/users.schemas';
import { writeCachedSession } from '../../../app/session/profile-cache';
import { formatDateTime } from '../../../lib/dates';
import { activate } from '../../../lib/i18n';
import english from '../../../../shared/i18n/locales/en/opening.json';
import { openingRoundId, testDraw, testRound } from '../../../test/opening-fixture';
import { json, memberProfile, preloadPages, renderApp, stubApi } from '../../../test/render-app';
import { setupUser } from '../../../test/user';
import type { OpeningDetail } from '../api/openings';

const TZ = 'America/Chicago';
const HOUR = 3_600_000;
const PAGE = `/opening/${openingRoundId}`;

preloadPages(
  () => import('./opening-page'),
  () => import('../check-draw'),
);
beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** A visitor (nobody signed in) with the round's public view at GET /api/openings/:id and its inputs. */
function stubRound(detail: OpeningDetail, inputs?: DrawInput) {
  const calls: string[] = [];
  stubApi(null, {}, (url) => {
    calls.push(url);
    if (url === `/api/openings/${openingRoundId}`) return json(detail);
    if (url === `/api/openings/${openingRoundId}/inputs` && inputs) return json(inputs);
    return undefined;
  });
  return calls;
}

/** The public view of a drawn round whose result was computed with the real shared draw(). */
async function drawnRound(tamper: (result: DrawResult) => DrawResult = (r) => r) {
  const { inputs, result, seedHash } = await testDraw();
  const round: OpeningRound = testRound({
    status: 'drawn',
    opensAt: new Date(Date.now() - 72 * HOUR).toISOString(),
    closesAt: new Date(Date.now() - 24 * HOUR).toISOString(),
    drawAt: inputs.now,
    drawnAt: inputs.now,
    seedHash,
    seed: inputs.seed,
  });
  const detail: OpeningDetail = {
    round,
    teams: inputs.teams.map((t) => ({ id: t.id, name: t.name })),
    result: tamper(result),
    slots: inputs.slots.map((s) => ({ id: s.id, label: s.label, startsAt: s.startsAt })),
  };
  return { inputs, result, detail };
}

describe('/opening/:id (public)', () => {
  it('shows the times and the hash of the seed before the draw, and keeps the seed secret', async () => {
    const round = testRound({ status: 'open', opensAt: new Date(Date.now() - HOUR).toISOString(), seedHash: 'ab'.repeat(32) });
    stubRound({ round, teams: [], result: null, slots: null });
    renderApp(PAGE);
    expect(await screen.findByRole('heading', { level: 1, name: 'Opening round: Spring' })).toBeTruthy();
    expect(screen.getByText('ab'.repeat(32))).toBeTruthy();
    expect(screen.getByText('Secret until the draw.')).toBeTruthy();
    expect(screen.getByText(formatDateTime(round.drawAt, TZ))).toBeTruthy();
    expect(screen.getByText('Open for preferences')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Check this draw' })).toBeNull();
  });

  it('staged opening: lists each division’s own time, and tells a coach when their own team can rank', async () => {
    const opensAt = new Date(Date.now() + HOUR).toISOString();
    const twelve = new Date(Date.now() + 3 * HOUR).toISOString();
    const round = testRound({ status: 'announced', opensAt, divisionOpens: [{ divisionId: 'd12', divisionName: '12U', opensAt: twelve }] });
    const coach: Profile = { ...memberProfile, role: 'coach', teamId: 'hawks', teamName: 'Hawks' };
    writeCachedSession({ profile: coach, isAdmin: false });
    stubApi(coach, {}, (url) => {
      if (url === `/api/openings/${openingRoundId}`) return json({ round, teams: [], result: null, slots: null });
      if (url === `/api/openings/${openingRoundId}/preferences`) return json({ slotIds: [], maxPreferences: 10, savedAt: null, listsOpenAt: twelve, divisionName: '12U' });
      return undefined;
    });
    renderApp(PAGE);
    const times = (await screen.findByText('12U lists open')).closest('dl')!;
    expect(Object.fromEntries([...times.querySelectorAll('dt')].map((dt) => [dt.textContent, dt.nextElementSibling?.textContent]))).toMatchObject({
      'Preferences open': formatDateTime(opensAt, TZ),
      '12U lists open': formatDateTime(twelve, TZ),
    });
    expect(await screen.findByText(`Your team, Hawks (12U), can rank slots from ${formatDateTime(twelve, TZ)}.`)).toBeTruthy();
  });

  it('after the draw shows the seed, the team order and each round’s picks by team name; "Check this draw" recomputes it and says it matches', async () => {
    const { inputs, result, detail } = await drawnRound();
    const calls = stubRound(detail, inputs);
    renderApp(PAGE);
    expect(await screen.findByText(inputs.seed)).toBeTruthy();
    expect(screen.getByText(detail.round.seedHash)).toBeTruthy();
    const name = (id: string) => inputs.teams.find((t) => t.id === id)!.name;
    const label = (id: string) => inputs.slots.find((s) => s.id === id)!.label;
    const order = screen.getByRole('list', { name: 'Team order, round 1' });
    expect(within(order).getAllByRole('listitem').map((li) => li.textContent)).toEqual(result.order.map(name));

    const round1 = screen.getByRole('region', { name: 'Round 1' });
    const first = result.picks[0]!;
    expect(within(round1).getAllByRole('listitem')[0]!.textContent).toBe(`${name(first.teamId)}→ got ${label(first.slotId)} (1st choice)`);
    const round2 = screen.getByRole('region', { name: 'Round 2 (reverse order)' });
    const second = result.picks.find((p) => p.round === 2)!;
    expect(within(round2).getByText(name(second.teamId))).toBeTruthy();
    const leftover = screen.getByRole('list', { name: 'Slots left over' });
    expect(within(leftover).getAllByRole('listitem').map((li) => li.textContent)).toEqual(result.leftover.map(label));
    expect(screen.getByRole('link', { name: 'Download the inputs (JSON)' }).getAttribute('href')).toBe(`/api/openings/${openingRoundId}/inputs`);

    await setupUser().click(screen.getByRole('button', { name: 'Check this draw' }));
    expect(await screen.findByText('Matches')).toBeTruthy();
    // Focus moves to the outcome, so a keyboard or screen-reader user lands on it.
    expect(document.activeElement?.textContent).toContain('Matches');
    expect(calls).toContain(`/api/openings/${openingRoundId}/inputs`);
  });

  it('"Check this draw" says it does not match, and what differs, when the published result was tampered with', async () => {
    const { inputs, detail } = await drawnRound((r) => ({ ...r, picks: r.picks.map((p, i) => (i === 0 ? { ...p, teamId: r.picks[1]!.teamId } : p)) }));
    stubRound(detail, inputs);
    renderApp(PAGE);
    await setupUser().click(await screen.findByRole('button', { name: 'Check this draw' }));
    const outcome = (await screen.findByText('Does not match')).parentElement!;
    expect(outcome.textContent).toMatch(/Pick 1: published .+ took .+; recomputed .+ took .+\./);
    expect(screen.queryByText('Matches')).toBeNull();
  });

  it('says so when there is no such round', async () => {
    stubApi(null);
    renderApp(PAGE);
    expect(await screen.findByRole('heading', { name: 'There is no opening round at this address' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to Book a Field' })).toBeTruthy();
  });

  describe('in Spanish', () => {
    afterEach(async () => {
      await act(() => activate('en', ['common', 'opening']));
    });

    it('writes the drawn round, its picks and the check in Spanish, with no English of its own left', async () => {
      await act(() => activate('es', ['common', 'opening']));
      const { inputs, detail } = await drawnRound((r) => ({ ...r, picks: r.picks.map((p, i) => (i === 0 ? { ...p, teamId: r.picks[1]!.teamId } : p)) }));
      stubRound(detail, inputs);
      renderApp(PAGE);
      expect(await screen.findByRole('heading', { level: 1, name: 'Ronda de apertura: Spring' })).toBeTruthy();
      expect(screen.getByText('Sorteada')).toBeTruthy();
      expect(screen.getByRole('list', { name: 'Orden de los equipos, ronda 1' })).toBeTruthy();
      expect(screen.getByRole('region', { name: 'Ronda 2 (orden inverso)' })).toBeTruthy();
      expect(screen.getAllByText(/^\(\d+\.ª opción\)$/).length).toBeGreaterThan(0);

      await setupUser().click(screen.getByRole('button', { name: 'Verificar este sorteo' }));
      const outcome = (await screen.findByText('No coincide')).parentElement!;
      expect(outcome.textContent).toMatch(/Elección 1: publicada .+ obtuvo .+ \(ronda 1, turno 1, \d+\.ª opción\); recalculada .+ obtuvo .+\./);

      // No message of the page's own English is on the screen.
      const page = document.body.textContent ?? '';
      const left = Object.values(english).filter((m) => !m.includes('{') && !m.includes('<') && m.length > 12 && page.includes(m));
      expect(left).toEqual([]);
    });
  });
});
