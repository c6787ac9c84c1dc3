import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import toast from 'react-hot-toast';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_BOOKING_RULES } from '../../../../shared/bookings/booking-rules';
import type { OpeningRound } from '../../../../shared/opening/opening.schemas';
import { writeCachedSession } from '../../../app/session/profile-cache';
import { formatDateTime, todayInZone, addDays, toLocalInput } from '../../../lib/dates';
import { openingRoundId, openingSeasonId, testRound } from '../../../test/opening-fixture';
import { adminProfile, bodyOf, json, preloadPages, renderApp, stubApi, type ApiHandler } from '../../../test/render-app';
import { setupUser } from '../../../test/user';

const TZ = 'America/Chicago';
const HOUR = 3_600_000;
const today = todayInZone(TZ);
const SEASON = { id: openingSeasonId, name: 'Spring', startsOn: addDays(today, 7), endsOn: addDays(today, 90), active: true };
const ROUNDS_URL = `/api/openings?seasonId=${openingSeasonId}`;

preloadPages(
  () => import('../../../app/guards/admin-guard'),
  () => import('./opening-round-section'),
  () => import('../../../components/ui/modal-dialog'),
  () => import('../../../app/shell/app-toaster'),
);
beforeEach(() => {
  localStorage.clear();
  writeCachedSession({ profile: adminProfile, isAdmin: true });
});
afterEach(() => {
  act(() => toast.remove());
  cleanup();
  vi.unstubAllGlobals();
});

/** The admin page with the season's rules and `rounds()` as its opening rounds; `handler` answers the rest. */
function stubPage(rounds: () => OpeningRound[], handler: ApiHandler = () => undefined) {
  return stubApi(adminProfile, { '/api/seasons': { seasons: [SEASON] }, [`/api/seasons/${SEASON.id}/booking-rules`]: { rules: DEFAULT_BOOKING_RULES } }, (url, init) => {
    if (url === ROUNDS_URL && (init?.method ?? 'GET') === 'GET') return json({ rounds: rounds() });
    return handler(url, init);
  });
}

/** The opening-round section of the page, found by its heading's text (a role search of the whole rules page costs more). */
async function openSection() {
  renderApp('/admin-booking-control');
  const heading = await screen.findByText('Opening round', { selector: 'h2' });
  return heading.closest('section')!;
}

/** The dialog titled `title`, found by its heading's text: a role search with a name walks the whole admin page. */
async function findDialog(title: string) {
  const heading = await screen.findByText(title, { selector: 'h2' });
  const dialog = heading.closest<HTMLElement>('[role="dialog"]');
  expect(dialog?.getAttribute('aria-labelledby')).toBe(heading.id);
  return dialog!;
}

describe('/admin-booking-control, opening round', () => {
  it('creates a round from the form (times in league time) and then shows its status and times', async () => {
    const now = Date.now();
    const opens = new Date(Math.ceil(now / HOUR) * HOUR + 24 * HOUR);
    const closes = new Date(opens.getTime() + 48 * HOUR);
    const draw = new Date(closes.getTime() + 2 * HOUR);
    let rounds: OpeningRound[] = [];
    const posts: unknown[] = [];
    stubPage(
      () => rounds,
      (url, init) => {
        if (url !== '/api/openings' || init?.method !== 'POST') return undefined;
        const body = bodyOf(init) as OpeningRound;
        posts.push(body);
        const round = testRound({ ...body, opensAt: opens.toISOString(), closesAt: closes.toISOString(), drawAt: draw.toISOString(), seasonName: 'Spring' });
        rounds = [round];
        return json({ round }, 201);
      },
    );
    const section = await openSection();
    const user = setupUser();
    expect(await within(section).findByRole('heading', { name: 'No opening round for Spring' })).toBeTruthy();
    await user.click(within(section).getByRole('button', { name: 'Create an opening round' }));

    const dialog = await findDialog('New opening round for Spring');
    const form = within(dialog);
    // The season's first two weeks are in the form already.
    expect(form.getByLabelText<HTMLInputElement>('First day').value).toBe(SEASON.startsOn);
    expect(form.getByLabelText<HTMLInputElement>('Last day').value).toBe(addDays(SEASON.startsOn, 13));
    fireEvent.change(form.getByLabelText('Last day'), { target: { value: addDays(SEASON.startsOn, 20) } });
    fireEvent.change(form.getByLabelText('Preferences open'), { target: { value: toLocalInput(opens, TZ) } });
    fireEvent.change(form.getByLabelText('Preferences close'), { target: { value: toLocalInput(closes, TZ) } });
    fireEvent.change(form.getByLabelText('Draw'), { target: { value: toLocalInput(draw, TZ) } });
    await user.clear(form.getByLabelText('Preferences per team'));
    await user.paste('8');
    await user.selectOptions(form.getByLabelText('Team order'), 'Fewer prime-time hours so far go first');
    await user.click(form.getByRole('switch', { name: 'First come for the rest right after the draw' }));
    await user.click(form.getByRole('button', { name: 'Create round' }));

    expect(await screen.findByText(`The opening round for Spring is announced: coaches can rank slots from ${formatDateTime(opens, TZ)}.`)).toBeTruthy();
    expect(posts).toHaveLength(1);
    const body = posts[0] as Record<string, unknown>;
    expect(body).toEqual({
      seasonId: SEASON.id,
      coversFrom: SEASON.startsOn,
      coversTo: addDays(SEASON.startsOn, 20),
      opensAt: expect.any(String),
      closesAt: expect.any(String),
      drawAt: expect.any(String),
      maxPreferences: 8,
      firstComeAfter: false,
      weighting: 'fewer-prime-hours-first',
      // The league has no divisions here: none opens later than the round.
      divisionOpens: [],
    });
    // Each time is the instant chosen, sent with the league's offset.
    expect([body.opensAt, body.closesAt, body.drawAt].map((t) => Date.parse(t as string))).toEqual([opens.getTime(), closes.getTime(), draw.getTime()]);
    expect(body.opensAt).toMatch(/[-+]\d\d:\d\d$/);

    const card = await within(section).findByRole('article');
    expect(within(card).getByText('Announced')).toBeTruthy();
    const times = Object.fromEntries([...card.querySelectorAll('dt')].map((dt) => [dt.textContent, dt.nextElementSibling?.textContent]));
    expect(times).toMatchObject({
      'Preferences open': formatDateTime(opens, TZ),
      'Preferences close': formatDateTime(closes, TZ),
      Draw: formatDateTime(draw, TZ),
    });
    expect(within(card).getByRole('link', { name: 'Public page' }).getAttribute('href')).toBe(`/opening/${openingRoundId}`);
    // The dialog's opener is gone: focus is on the new round's heading.
    await waitFor(() => expect(document.activeElement).toBe(within(card).getByRole('heading', { level: 3 })));
  });

  it('staged opening: takes a later time for a division’s lists, refuses one before the opening at its field, and lists each division’s time on the card', async () => {
    const [D10, D12] = ['1a2b3c4d-0000-4000-8000-000000000010', '1a2b3c4d-0000-4000-8000-000000000012'];
    const opens = new Date(Math.ceil(Date.now() / HOUR) * HOUR + 24 * HOUR);
    const closes = new Date(opens.getTime() + 48 * HOUR);
    const draw = new Date(closes.getTime() + 2 * HOUR);
    const twelve = new Date(opens.getTime() + 3 * HOUR);
    let rounds: OpeningRound[] = [];
    const posts: Array<Record<string, unknown>> = [];
    stubPage(
      () => rounds,
      (url, init) => {
        if (url === '/api/divisions') return json({ divisions: [{ id: D10, name: '10U', position: 1 }, { id: D12, name: '12U', position: 2 }] });
        if (url !== '/api/openings' || init?.method !== 'POST') return undefined;
        const body = bodyOf(init) as Record<string, unknown>;
        posts.push(body);
        const round = testRound({ opensAt: opens.toISOString(), closesAt: closes.toISOString(), drawAt: draw.toISOString(), divisionOpens: [{ divisionId: D12, divisionName: '12U', opensAt: twelve.toISOString() }] });
        rounds = [round];
        return json({ round }, 201);
      },
    );
    const section = await openSection();
    const user = setupUser();
    await user.click(await within(section).findByRole('button', { name: 'Create an opening round' }));
    const dialog = await findDialog('New opening round for Spring');
    const form = within(dialog);
    fireEvent.change(form.getByLabelText('Preferences open'), { target: { value: toLocalInput(opens, TZ) } });
    fireEvent.change(form.getByLabelText('Preferences close'), { target: { value: toLocalInput(closes, TZ) } });
    fireEvent.change(form.getByLabelText('Draw'), { target: { value: toLocalInput(draw, TZ) } });
    // One field per division of the league, empty: with the round.
    expect((await form.findByLabelText<HTMLInputElement>('10U lists open')).value).toBe('');
    fireEvent.change(form.getByLabelText('12U lists open'), { target: { value: toLocalInput(new Date(opens.getTime() - HOUR), TZ) } });
    await user.click(form.getByRole('button', { name: 'Create round' }));
    expect(await form.findByText("A division's lists can open at the same time as the preferences or later, not before")).toBeTruthy();
    expect(posts).toEqual([]);

    fireEvent.change(form.getByLabelText('12U lists open'), { target: { value: toLocalInput(twelve, TZ) } });
    await user.click(form.getByRole('button', { name: 'Create round' }));
    await waitFor(() => expect(posts).toHaveLength(1));
    expect(posts[0]!.divisionOpens).toEqual([{ divisionId: D12, opensAt: expect.any(String) }]);
    expect(Date.parse((posts[0]!.divisionOpens as Array<{ opensAt: string }>)[0]!.opensAt)).toBe(twelve.getTime());

    const card = await within(section).findByRole('article');
    const times = Object.fromEntries([...card.querySelectorAll('dt')].map((dt) => [dt.textContent, dt.nextElementSibling?.textContent]));
    expect(times).toMatchObject({ 'Preferences open': formatDateTime(opens, TZ), '12U lists open': formatDateTime(twelve, TZ) });
    expect(times['10U lists open']).toBeUndefined();
  });

  it('asks before "Draw now", then posts it and shows the round as drawn', async () => {
    let round = testRound({ status: 'closed', opensAt: new Date(Date.now() - 48 * HOUR).toISOString(), closesAt: new Date(Date.now() - HOUR).toISOString() });
    const posts: string[] = [];
    stubPage(
      () => [round],
      (url, init) => {
        if (init?.method !== 'POST') return undefined;
        posts.push(url);
        round = { ...round, status: 'drawn', drawnAt: new Date().toISOString(), seed: 'a'.repeat(64) };
        return json({ round });
      },
    );
    const section = await openSection();
    const user = setupUser();
    const card = await within(section).findByRole('article');
    expect(within(card).getByText('Closed: waiting for the draw')).toBeTruthy();
    expect(within(card).queryByRole('button', { name: 'Edit round' })).toBeNull();
    await user.click(within(card).getByRole('button', { name: 'Draw now' }));

    const dialog = await screen.findByRole('alertdialog', { name: 'Draw the opening round now?' });
    expect(dialog.textContent).toContain('the picks are booked at once, each team’s coaches are emailed what they got, and the seed is published. This cannot be undone.');
    expect(posts).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Draw now' }));

    expect(await screen.findByText('The opening round for Spring is drawn: the picks are booked and coaches are being emailed.')).toBeTruthy();
    expect(posts).toEqual([`/api/openings/${openingRoundId}/draw`]);
    expect(await within(card).findByText('Drawn')).toBeTruthy();
    expect(within(card).queryByRole('button', { name: 'Draw now' })).toBeNull();
    expect(within(card).getByRole('link', { name: 'See the draw' })).toBeTruthy();
  });

  it('asks before cancelling a round; keeping it sends nothing', async () => {
    let round = testRound({ status: 'open', opensAt: new Date(Date.now() - HOUR).toISOString() });
    const posts: string[] = [];
    stubPage(
      () => [round],
      (url, init) => {
        if (init?.method !== 'POST') return undefined;
        posts.push(url);
        round = { ...round, status: 'cancelled', cancelledAt: new Date().toISOString() };
        return json({ round });
      },
    );
    const section = await openSection();
    const user = setupUser();
    const card = await within(section).findByRole('article');
    expect(within(card).getByText('Open for preferences')).toBeTruthy();

    await user.click(within(card).getByRole('button', { name: 'Cancel round' }));
    let dialog = await screen.findByRole('alertdialog', { name: 'Cancel the opening round?' });
    expect(dialog.textContent).toContain('Every team’s saved preferences for');
    // Destructive: focus starts on the safe answer.
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Keep the round' }));
    await user.click(within(dialog).getByRole('button', { name: 'Keep the round' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(posts).toEqual([]);

    await user.click(within(card).getByRole('button', { name: 'Cancel round' }));
    dialog = await screen.findByRole('alertdialog', { name: 'Cancel the opening round?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel round' }));
    expect(await screen.findByText('The opening round for Spring is cancelled. Saved preferences are dropped and their coaches are being emailed.')).toBeTruthy();
    expect(posts).toEqual([`/api/openings/${openingRoundId}/cancel`]);
    expect(await within(card).findByText('Cancelled')).toBeTruthy();
    expect(within(section).getByRole('button', { name: 'New opening round' })).toBeTruthy();
  });

  it('edits an announced round (PATCH) and shows the server’s refusal at its field', async () => {
    const round = testRound();
    const patches: unknown[] = [];
    stubPage(
      () => [round],
      (url, init) => {
        if (url !== `/api/openings/${openingRoundId}` || init?.method !== 'PATCH') return undefined;
        patches.push(bodyOf(init));
        return json({ error: { code: 'VALIDATION', message: 'Check the highlighted fields.', details: { fields: { coversTo: 'The round covers days in its season only' } } } }, 422);
      },
    );
    const section = await openSection();
    const user = setupUser();
    await user.click(await within(section).findByRole('button', { name: 'Edit round' }));
    const dialog = await findDialog('Edit the opening round');
    expect(within(dialog).getByLabelText<HTMLInputElement>('Preferences open').value).toBe(toLocalInput(round.opensAt, TZ));
    await user.click(within(dialog).getByRole('button', { name: 'Save round' }));
    expect(await within(dialog).findByText('The round covers days in its season only')).toBeTruthy();
    expect(patches).toEqual([
      {
        seasonId: SEASON.id,
        coversFrom: round.coversFrom,
        coversTo: round.coversTo,
        opensAt: expect.any(String),
        closesAt: expect.any(String),
        drawAt: expect.any(String),
        maxPreferences: 10,
        firstComeAfter: true,
        weighting: 'none',
        divisionOpens: [],
      },
    ]);
    expect(Date.parse((patches[0] as { drawAt: string }).drawAt)).toBe(Math.floor(Date.parse(round.drawAt) / 60_000) * 60_000);
  });
});
