import { act, cleanup, screen, within } from '@testing-library/react';
import toast from 'react-hot-toast';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Facility } from '../../shared/facilities/facilities.schemas';
import { writeCachedSession } from './session/profile-cache';
import { adminProfile, preloadPages, renderApp, stubApi } from '../test/render-app';
import { setupUser } from '../test/user';

// Issue 28: the router puts the rain-outs (features/rain-outs) into three admin pages of other features.
preloadPages(
  () => import('./guards/admin-guard'),
  () => import('../features/admin/components/admin-home-page'),
  () => import('../features/practice-requests/components/practice-request-queue'),
  () => import('../features/contact/components/contact-inbox'),
  () => import('../features/league/components/league-settings-card'),
  () => import('../features/blocks/components/block-slots-page'),
  () => import('../features/user-manager/components/user-manager-page'),
  () => import('../features/rain-outs/components/rain-out-button'),
  () => import('../features/rain-outs/components/rain-outs-section'),
  () => import('../features/rain-outs/components/team-credits-button'),
  () => import('../components/ui/modal-dialog'),
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

const RIVERSIDE = '11111111-1111-4111-8111-111111111111';
const riverside: Facility = {
  id: RIVERSIDE,
  name: 'Riverside Park',
  address: null,
  mapUrl: null,
  notes: null,
  active: true,
  fields: [
    { id: '33333333-3333-4333-8333-000000000001', facilityId: RIVERSIDE, name: 'Field 1', surface: 'dirt', lights: false, color: '#1e40af', active: true, divisionIds: [] },
  ],
};
const MEMORIAL = '22222222-2222-4222-8222-222222222222';
const memorial: Facility = {
  ...riverside,
  id: MEMORIAL,
  name: 'Memorial Complex',
  fields: [{ ...riverside.fields[0]!, id: '33333333-3333-4333-8333-000000000002', facilityId: MEMORIAL, name: 'Turf A' }],
};
const TEAM = '3f1c1a2e-1111-4a2b-9c3d-000000000001';

function stubAdmin() {
  stubApi(adminProfile, {
    '/api/facilities': { facilities: [riverside, memorial] },
    '/api/blocks': { blocks: [] },
    '/api/rain-outs': { closures: [] },
    '/api/admin/teams': {
      teams: [{ id: TEAM, name: 'Blue Jays', division: null, active: true, coaches: [], bookingsThisSeason: 0, upcomingBookings: 0 }],
      season: null,
    },
    [`/api/makeup-credits?teamId=${TEAM}`]: { credits: [] },
  });
}

describe('rain-outs on the admin pages', () => {
  it('/admin: Rain-out in the header opens the dialog, no facility chosen yet', async () => {
    stubAdmin();
    renderApp('/admin');
    await screen.findByRole('heading', { level: 1, name: 'League admin' });
    const user = setupUser();
    await user.click(await screen.findByRole('button', { name: 'Rain-out' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rain-out' });
    expect((await within(dialog).findByLabelText<HTMLSelectElement>('Facility')).value).toBe('');
  });

  it('/admin-block-slot: the rain-outs sit above the active blocks, with Rain-out on each facility', async () => {
    stubAdmin();
    renderApp('/admin-block-slot');
    const section = await screen.findByRole('region', { name: 'Rain-outs' });
    expect(section.compareDocumentPosition(await screen.findByRole('region', { name: 'Active blocks' })) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    const user = setupUser();
    await user.click(await within(section).findByRole('button', { name: 'Rain-out Riverside Park' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rain-out' });
    expect((await within(dialog).findByLabelText<HTMLSelectElement>('Facility')).value).toBe(RIVERSIDE);
  });

  it("/admin-user-manager: each team's row opens its make-up practices", async () => {
    stubAdmin();
    renderApp('/admin-user-manager?tab=teams');
    const row = await screen.findByRole('article', { name: 'Blue Jays' });
    const user = setupUser();
    await user.click(within(row).getByRole('button', { name: 'Make-up practices of Blue Jays' }));
    const dialog = await screen.findByRole('dialog', { name: 'Make-up practices: Blue Jays' });
    expect(await within(dialog).findByText('Blue Jays has no make-up practices. A rain-out gives them, or grant one below.')).toBeTruthy();
  });
});
