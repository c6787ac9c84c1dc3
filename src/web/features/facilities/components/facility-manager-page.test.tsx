import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { writeCachedSession } from '../../../app/session/profile-cache';
import { adminProfile, bodyOf, json, preloadPages, renderApp, stubApi } from '../../../test/render-app';
import { setupUser } from '../../../test/user';

// The pages, and what their first dialog loads lazily (Headless UI).
preloadPages(
  () => import('../../../app/guards/admin-guard'),
  () => import('./facility-manager-page'),
  () => import('../../../components/ui/modal-dialog'),
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
    stubApi(adminProfile, { '/api/facilities?includeInactive=true': { facilities: [] } }, (url, init) => {
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
        { id: 'a', facilityId: 'f1', name: 'Field 1', surface: 'grass', lights: true, color: '#1e40af', active: true },
        { id: 'b', facilityId: 'f1', name: 'Field 2', surface: 'dirt', lights: false, color: '#047857', active: false },
      ],
    };
    stubApi(adminProfile, { '/api/facilities?includeInactive=true': { facilities: [facility] } });
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
});
