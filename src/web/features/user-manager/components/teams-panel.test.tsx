import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AdminDivision } from '../../../../shared/divisions/divisions.schemas';
import type { AdminTeam } from '../../../../shared/teams/teams.schemas';
import { writeCachedSession } from '../../../app/session/profile-cache';
import { adminProfile, bodyOf, json, preloadPages, renderApp, stubApi } from '../../../test/render-app';
import { setupUser } from '../../../test/user';

// The pages, and what their first dialog and first toast load lazily (Headless UI, react-hot-toast).
preloadPages(
  () => import('../../../app/guards/admin-guard'),
  () => import('./user-manager-page'),
  () => import('../../../components/ui/modal-dialog'),
  () => import('../../../app/shell/app-toaster'),
);
beforeEach(() => {
  localStorage.clear();
  writeCachedSession({ profile: adminProfile, isAdmin: true });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const id = (n: number) => `3f1c1a2e-1111-4a2b-9c3d-00000000000${n}`;
const division = (n: number, name: string, over: Partial<AdminDivision> = {}): AdminDivision => ({ id: id(n), name, position: n, teamCount: 0, fieldNames: [], ...over });
const team = (over: Partial<AdminTeam> = {}): AdminTeam => ({
  id: 'a1c1a2e0-2222-4a2b-9c3d-000000000001',
  name: 'Blue Jays',
  division: null,
  divisionId: null,
  active: true,
  coaches: [],
  bookingsThisSeason: 0,
  upcomingBookings: 0,
  ...over,
});

/** The API as the Teams tab uses it, over a list of divisions the requests change; `sent` records each change. */
function stubDivisions(start: AdminDivision[], teams: AdminTeam[] = [], refuse?: { id: string; message: string }) {
  let divisions = [...start];
  const sent: unknown[] = [];
  stubApi(adminProfile, { '/api/admin/teams': { teams, season: null } }, (url, init) => {
    const method = init?.method ?? 'GET';
    if (url === '/api/admin/divisions' && method === 'GET') return json({ divisions });
    if (url === '/api/admin/divisions' && method === 'POST') {
      const { name } = bodyOf(init) as { name: string };
      sent.push(['POST', name]);
      const added = division(divisions.length + 1, name);
      divisions = [...divisions, added];
      return json({ division: { id: added.id, name, position: added.position } }, 201);
    }
    if (url === '/api/admin/divisions/order' && method === 'PUT') {
      const { ids } = bodyOf(init) as { ids: string[] };
      sent.push(['PUT', ids]);
      divisions = ids.map((i, n) => ({ ...divisions.find((d) => d.id === i)!, position: n + 1 }));
      return json({ divisions: divisions.map(({ id: i, name, position }) => ({ id: i, name, position })) });
    }
    if (url.startsWith('/api/admin/divisions/') && method === 'DELETE') {
      const gone = url.split('/').pop()!;
      sent.push(['DELETE', gone]);
      if (refuse?.id === gone) return json({ error: { code: 'CONFLICT', message: refuse.message } }, 409);
      divisions = divisions.filter((d) => d.id !== gone);
      return new Response(null, { status: 204 });
    }
    if (url.startsWith('/api/teams') && (method === 'POST' || method === 'PATCH')) {
      sent.push([method, url, bodyOf(init)]);
      return json({ team: { ...team(), ...(bodyOf(init) as object) } }, method === 'POST' ? 201 : 200);
    }
    return undefined;
  });
  return sent;
}

const divisionsSection = () => screen.findByRole('region', { name: 'Divisions' });
const names = (section: HTMLElement) => within(section).getAllByRole('listitem').map((li) => li.querySelector('p')?.textContent);

describe('/admin-user-manager, Teams: divisions', () => {
  it('says what divisions are for when there are none, and adds one with a toast', async () => {
    const sent = stubDivisions([]);
    renderApp('/admin-user-manager?tab=teams');
    const section = await divisionsSection();
    expect(await within(section).findByText('Add your league’s divisions, like 8U, 10U, 12U, so fields and booking rules can differ by age group.')).toBeTruthy();

    const user = setupUser();
    await user.click(within(section).getByRole('button', { name: 'Add a division' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a division' });
    await user.type(within(dialog).getByLabelText('Division name'), '12U');
    await user.click(within(dialog).getByRole('button', { name: 'Add division' }));

    expect(await screen.findByText('Division 12U added, last in the list.')).toBeTruthy();
    expect(sent).toEqual([['POST', '12U']]);
    expect(names(section)).toEqual(['12U']);
    expect(within(section).getByText('No teams · No field is limited to it')).toBeTruthy();
    // The empty state's button went with it: the focus lands on the Add button that took its place.
    await waitFor(() => expect(document.activeElement).toBe(within(section).getByRole('button', { name: 'Add division' })));
  });

  it('moves a division up and down with buttons, keeps the focus on the moved one, and sends the whole order', async () => {
    const sent = stubDivisions([division(1, '8U'), division(2, '10U'), division(3, '12U', { teamCount: 2, fieldNames: ['Diamond 3'] })]);
    renderApp('/admin-user-manager?tab=teams');
    const section = await divisionsSection();
    expect(await within(section).findByText('2 teams · Fields limited to it: Diamond 3')).toBeTruthy();
    expect(within(section).getByRole('button', { name: 'Move 8U up' })).toHaveProperty('disabled', true);

    const user = setupUser();
    await user.click(within(section).getByRole('button', { name: 'Move 12U up' }));
    expect(names(section)).toEqual(['8U', '12U', '10U']);
    expect(document.activeElement).toBe(within(section).getByRole('button', { name: 'Move 12U up' }));
    expect(await screen.findByText('Moved 12U up: now 2nd of 3.')).toBeTruthy();

    // Down to the last place: that button is disabled there, so the focus goes to its "up".
    await user.click(within(section).getByRole('button', { name: 'Move 12U down' }));
    expect(await screen.findByText('Moved 12U down: now 3rd of 3.')).toBeTruthy();
    expect(names(section)).toEqual(['8U', '10U', '12U']);
    expect(document.activeElement).toBe(within(section).getByRole('button', { name: 'Move 12U up' }));
    expect(sent).toEqual([
      ['PUT', [id(1), id(3), id(2)]],
      ['PUT', [id(1), id(2), id(3)]],
    ]);
  });

  it('asks before deleting, shows the server’s refusal in words, and deletes an empty division', async () => {
    const refusal = '2 teams are in 12U. Put them in another division first, then delete it.';
    const sent = stubDivisions([division(1, '10U'), division(2, '12U', { teamCount: 2 })], [], { id: id(2), message: refusal });
    renderApp('/admin-user-manager?tab=teams');
    const section = await divisionsSection();
    const user = setupUser();

    await user.click(await within(section).findByRole('button', { name: /^Delete ?12U$/ }));
    let ask = await screen.findByRole('alertdialog', { name: 'Delete 12U?' });
    expect(ask.textContent).toContain('its own booking rules in every season are deleted with it');
    await user.click(within(ask).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText(refusal)).toBeTruthy();
    expect(names(section)).toEqual(['10U', '12U']);

    await user.click(within(section).getByRole('button', { name: /^Delete ?10U$/ }));
    ask = await screen.findByRole('alertdialog', { name: 'Delete 10U?' });
    await user.click(within(ask).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Division 10U deleted.')).toBeTruthy();
    expect(names(section)).toEqual(['12U']);
    await waitFor(() => expect(document.activeElement).toBe(within(section).getByRole('heading', { name: 'Divisions' })));
    expect(sent).toEqual([
      ['DELETE', id(2)],
      ['DELETE', id(1)],
    ]);
  });
});

describe('/admin-user-manager, Teams: the team form', () => {
  it('picks the division from the league’s list and sends its id; "No division" sends null', async () => {
    const jays = team({ division: '10U', divisionId: id(1) });
    const sent = stubDivisions([division(1, '10U', { teamCount: 1 }), division(2, '12U')], [jays]);
    renderApp('/admin-user-manager?tab=teams');
    const card = await screen.findByRole('article', { name: 'Blue Jays' });
    expect(within(card).getByText('10U')).toBeTruthy();
    const user = setupUser();

    await user.click(within(card).getByRole('button', { name: /^Edit ?Blue Jays$/ }));
    let dialog = await screen.findByRole('dialog', { name: 'Edit team "Blue Jays"' });
    const select = within(dialog).getByLabelText<HTMLSelectElement>('Division');
    expect(select.value).toBe(id(1));
    expect([...select.options].map((o) => o.text)).toEqual(['No division', '10U', '12U']);
    await user.selectOptions(select, 'No division');
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Team "Blue Jays" saved.')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'New team' }));
    dialog = await screen.findByRole('dialog', { name: 'New team' });
    await user.type(within(dialog).getByLabelText('Team name'), 'Cardinals');
    await user.selectOptions(within(dialog).getByLabelText('Division'), '12U');
    await user.click(within(dialog).getByRole('button', { name: 'Create team' }));
    expect(await screen.findByText('Team "Cardinals" created.')).toBeTruthy();

    expect(sent).toEqual([
      ['PATCH', `/api/teams/${jays.id}`, { name: 'Blue Jays', divisionId: null }],
      ['POST', '/api/teams', { name: 'Cardinals', divisionId: id(2) }],
    ]);
  });
});
