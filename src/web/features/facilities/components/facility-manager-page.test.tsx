import { act, cleanup, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { writeCachedSession } from '../../../app/session/profile-cache';
import { activate } from '../../../lib/i18n';
import english from '../../../../shared/i18n/locales/en/facilities.json';
import { FacilityManagerPage } from './facility-manager-page';
import { adminProfile, bodyOf, json, preloadPages, renderApp, stubApi } from '../../../test/render-app';
import { renderWithProviders } from '../../../test/render-component';
import { setupUser } from '../../../test/user';

// The pages, and what their first dialog and first toast load lazily (Headless UI, react-hot-toast).
preloadPages(
  () => import('../../../app/guards/admin-guard'),
  () => import('./facility-manager-page'),
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

describe('/admin-facility-manager', () => {
  it('says what to do when there are no facilities, and shows the server’s duplicate-name error at the field', async () => {
    const posted: unknown[] = [];
    stubApi(adminProfile, { '/api/facilities?includeInactive=true': { facilities: [] }, '/api/divisions': { divisions: [] } }, (url, init) => {
      if (url === '/api/facilities' && init?.method === 'POST') {
        posted.push(bodyOf(init));
        return json({ error: { code: 'CONFLICT', message: 'A facility with that name exists.', details: { fields: { name: 'This name is already taken' } } } }, 409);
      }
      return undefined;
    });
    renderApp('/admin-facility-manager');
    expect(await screen.findByRole('heading', { level: 1, name: 'Facilities' })).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'No facilities yet' })).toBeTruthy();

    const user = setupUser();
    await user.click(screen.getByRole('button', { name: 'Add the first facility' }));
    const dialog = await screen.findByRole('dialog', { name: 'New facility' });
    await user.type(within(dialog).getByLabelText('Facility name'), 'Riverside Park');
    // A long address is pasted, as a person would, rather than typed key by key.
    await user.click(within(dialog).getByLabelText('Map link'));
    await user.paste('https://maps.example.com/riverside');
    await user.click(within(dialog).getByRole('button', { name: 'Create facility' }));

    expect(await within(dialog).findByText('This name is already taken')).toBeTruthy();
    expect(within(dialog).getByLabelText('Facility name').getAttribute('aria-invalid')).toBe('true');
    expect(posted).toEqual([{ name: 'Riverside Park', address: null, mapUrl: 'https://maps.example.com/riverside', notes: null }]);
  });

  it('marks inactive facilities and fields, and asks before deactivating', async () => {
    const facility = {
      id: 'f1',
      name: 'Riverside Park',
      address: '100 River Rd',
      mapUrl: null,
      notes: null,
      active: true,
      fields: [
        { id: 'a', facilityId: 'f1', name: 'Field 1', surface: 'grass', lights: true, color: '#1e40af', active: true, divisionIds: [] },
        { id: 'b', facilityId: 'f1', name: 'Field 2', surface: 'dirt', lights: false, color: '#047857', active: false, divisionIds: [] },
      ],
    };
    stubApi(adminProfile, { '/api/facilities?includeInactive=true': { facilities: [facility] }, '/api/divisions': { divisions: [] } });
    renderApp('/admin-facility-manager');
    const region = await screen.findByRole('region', { name: 'Riverside Park' });
    expect(within(region).getAllByText('Inactive')).toHaveLength(1);
    // jsdom joins "Reactivate" and the screen-reader-only name without the space a browser keeps.
    expect(within(region).getByRole('button', { name: /^Reactivate ?Field 2$/ })).toBeTruthy();

    const user = setupUser();
    await user.click(within(region).getByRole('button', { name: /^Deactivate ?Riverside Park$/ }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Deactivate this facility?' });
    expect(confirm.textContent).toContain('Deactivate "Riverside Park"? Coaches will no longer see it');
  });

  it('limits a field to divisions with checkboxes, sends them in the league’s order, and shows the limit', async () => {
    const divisions = [
      { id: '3f1c1a2e-1111-4a2b-9c3d-000000000001', name: '10U', position: 1 },
      { id: '3f1c1a2e-1111-4a2b-9c3d-000000000002', name: '12U', position: 2 },
      { id: '3f1c1a2e-1111-4a2b-9c3d-000000000003', name: '14U', position: 3 },
    ];
    const [, u12, u14] = divisions.map((d) => d.id);
    const facilityId = '7b0e5c1d-3333-4a2b-9c3d-000000000001';
    const field = { id: 'a', facilityId, name: 'Diamond 3', surface: 'dirt', lights: true, color: '#1e40af', active: true, divisionIds: [u14] };
    const facility = { id: facilityId, name: 'Riverside Park', address: null, mapUrl: null, notes: null, active: true, fields: [field] };
    const sent: unknown[] = [];
    stubApi(adminProfile, { '/api/facilities?includeInactive=true': { facilities: [facility] }, '/api/divisions': { divisions } }, (url, init) => {
      if (url.startsWith('/api/fields') && (init?.method === 'PUT' || init?.method === 'POST')) {
        const body = bodyOf(init) as Record<string, unknown>;
        sent.push([init.method, url, body.divisionIds]);
        return json({ field: { ...field, ...body, id: 'b' } }, init.method === 'POST' ? 201 : 200);
      }
      return undefined;
    });
    renderApp('/admin-facility-manager');
    const region = await screen.findByRole('region', { name: 'Riverside Park' });
    expect(await within(region).findByText('14U only')).toBeTruthy();

    const user = setupUser();
    await user.click(within(region).getByRole('button', { name: /^Edit ?Diamond 3$/ }));
    let dialog = await screen.findByRole('dialog', { name: 'Edit field "Diamond 3"' });
    const group = within(dialog).getByRole('group', { name: 'Limit to divisions' });
    expect(group.getAttribute('aria-describedby')).toBeTruthy();
    expect(within(group).getByText('Leave all unticked for every team.')).toBeTruthy();
    expect(within(group).getByLabelText<HTMLInputElement>('14U').checked).toBe(true);
    expect(within(group).getByLabelText<HTMLInputElement>('10U').checked).toBe(false);
    // Ticked after 14U, sent before it: the league's order.
    await user.click(within(group).getByLabelText('12U'));
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Field "Diamond 3" saved.')).toBeTruthy();

    // A new field: nothing ticked is every team.
    await user.click(within(region).getByRole('button', { name: /^Add field ?to Riverside Park$/ }));
    dialog = await screen.findByRole('dialog', { name: 'Add field' });
    await user.type(within(dialog).getByLabelText('Field name'), 'Field 9');
    await user.click(within(dialog).getByLabelText('10U'));
    await user.click(within(dialog).getByLabelText('10U'));
    await user.click(within(dialog).getByRole('button', { name: 'Add field' }));
    expect(await screen.findByText('Field "Field 9" added.')).toBeTruthy();

    expect(sent).toEqual([
      ['PUT', '/api/fields/a', [u12, u14]],
      ['POST', '/api/fields', []],
    ]);
  });

  describe('in Spanish', () => {
    afterEach(async () => {
      await act(() => activate('en', ['common', 'facilities']));
    });

    it('writes the page, its cards and its dialogs in Spanish, with no English of its own left', async () => {
      await act(() => activate('es', ['common', 'facilities']));
      const facility = {
        id: 'f1',
        name: 'Riverside Park',
        address: '100 River Rd',
        mapUrl: 'https://maps.example.com/riverside',
        notes: null,
        active: true,
        fields: [
          { id: 'a', facilityId: 'f1', name: 'Field 1', surface: 'grass', lights: true, color: '#1e40af', active: true, divisionIds: ['d14'] },
          { id: 'b', facilityId: 'f1', name: 'Field 2', surface: 'dirt', lights: false, color: '#047857', active: false, divisionIds: [] },
        ],
      };
      stubApi(adminProfile, {
        '/api/facilities?includeInactive=true': { facilities: [facility] },
        '/api/divisions': { divisions: [{ id: 'd14', name: '14U', position: 1 }] },
      });
      // The page alone, without the shell: its own words are checked here, the shell's in its own tests.
      renderWithProviders(<FacilityManagerPage />);
      expect(await screen.findByRole('heading', { level: 1, name: 'Instalaciones' })).toBeTruthy();
      const region = await screen.findByRole('region', { name: 'Riverside Park' });
      expect(await within(region).findByText('Solo 14U')).toBeTruthy();
      expect(within(region).getByText('Inactivo')).toBeTruthy();
      expect(within(region).getByText('Césped · Con luces', { exact: false })).toBeTruthy();
      expect(within(region).getByRole('link', { name: /^Mapa ?de Riverside Park \(se abre en una pestaña nueva\)$/ })).toBeTruthy();
      expect(within(region).getByRole('button', { name: /^Añadir campo ?a Riverside Park$/ })).toBeTruthy();

      const user = setupUser();
      await user.click(within(region).getByRole('button', { name: /^Desactivar ?Riverside Park$/ }));
      const confirm = await screen.findByRole('alertdialog', { name: '¿Desactivar esta instalación?' });
      expect(confirm.textContent).toContain('¿Desactivar «Riverside Park»?');
      await user.click(within(confirm).getByRole('button', { name: 'Desactivar' }));

      await user.click(within(region).getByRole('button', { name: /^Editar ?Field 1$/ }));
      const dialog = await screen.findByRole('dialog', { name: 'Editar el campo «Field 1»' });
      expect(within(dialog).getByRole('group', { name: 'Limitar a divisiones' })).toBeTruthy();
      expect(within(dialog).getByRole('option', { name: 'Césped artificial' })).toBeTruthy();

      // No message of the page's own English is on the screen (the same check the browser journey makes).
      const main = document.body.textContent ?? '';
      const left = Object.values(english).filter((m) => !m.includes('{') && !m.includes('<') && m.length > 12 && main.includes(m));
      expect(left).toEqual([]);
    });
  });
});
