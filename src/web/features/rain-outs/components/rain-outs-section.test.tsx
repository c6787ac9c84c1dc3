import { act, cleanup, screen, within } from '@testing-library/react';
import toast from 'react-hot-toast';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Facility } from '../../../../shared/facilities/facilities.schemas';
import type { Closure } from '../../../../shared/rain-outs/rain-outs.schemas';
import { startEachTestAt } from '../../../test/clock';
import { adminProfile, json, preloadPages, stubApi } from '../../../test/render-app';
import { loadNamespace } from '../../../lib/i18n';
import { renderWithProviders } from '../../../test/render-component';
import { setupUser } from '../../../test/user';
import { RainOutsSection } from './rain-outs-section';

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

const RIVERSIDE = '11111111-1111-4111-8111-111111111111';
const MEMORIAL = '22222222-2222-4222-8222-222222222222';
const facility = (id: string, name: string, fields: string[]): Facility => ({
  id,
  name,
  address: null,
  mapUrl: null,
  notes: null,
  active: true,
  fields: fields.map((fieldName, i) => ({
    id: `${id.slice(0, -1)}${i}`,
    facilityId: id,
    name: fieldName,
    surface: 'dirt',
    lights: false,
    color: '#1e40af',
    active: true,
    divisionIds: [],
  })),
});
const facilities = [facility(RIVERSIDE, 'Riverside Park', ['Field 1', 'Field 2']), facility(MEMORIAL, 'Memorial Complex', ['Turf A'])];

const closure = (over: Partial<Closure>): Closure => ({
  id: 'c-open',
  facilityId: RIVERSIDE,
  facilityName: 'Riverside Park',
  fieldNames: null,
  // Today 4–9 pm in Chicago.
  startsAt: '2027-05-04T21:00:00.000Z',
  endsAt: '2027-05-05T02:00:00.000Z',
  reason: 'Wet fields',
  createdAt: '2027-05-04T14:00:00.000Z',
  reopenedAt: null,
  practicesCancelled: 3,
  practicesRestored: 0,
  ...over,
});

describe('the rain-outs section (on /admin-block-slot)', () => {
  it('lists each rain-out with its place, time, reason and counts; Reopen asks first, posts to its URL, toasts and reloads the list', async () => {
    const reopened = closure({
      id: 'c-done',
      facilityId: MEMORIAL,
      facilityName: 'Memorial Complex',
      fieldNames: ['Turf A'],
      startsAt: '2027-05-03T21:00:00.000Z',
      endsAt: '2027-05-04T02:00:00.000Z',
      reason: 'Lightning',
      reopenedAt: '2027-05-03T23:00:00.000Z',
      practicesCancelled: 3,
      practicesRestored: 1,
    });
    let closures = [reopened, closure({})];
    const reopens: string[] = [];
    let lists = 0;
    stubApi(adminProfile, {}, (url, init) => {
      if (url === '/api/facilities') return json({ facilities });
      if (url === '/api/rain-outs' && init?.method === 'GET') {
        lists += 1;
        return json({ closures });
      }
      if (url.startsWith('/api/rain-outs/') && init?.method === 'POST') {
        reopens.push(url);
        closures = closures.map((c) => (c.id === 'c-open' ? { ...c, reopenedAt: '2027-05-04T15:00:00.000Z', practicesRestored: 2 } : c));
        return json({ slotsReopened: 4, practicesRestored: 2, practicesNotRestored: 1 });
      }
      return undefined;
    });
    renderWithProviders(<RainOutsSection />);
    const list = await screen.findByRole('list', { name: 'Recent rain-outs' });
    const items = within(list).getAllByRole('listitem');
    // The open one first.
    expect(items.map((li) => li.querySelector('p')?.textContent)).toEqual(['Riverside ParkClosed', 'Memorial Complex (Turf A)Reopened']);
    expect(items[0]!.textContent).toContain('Closed today 4–9 pm · Wet fields');
    expect(items[0]!.textContent).toContain('3 practices cancelled');
    expect(items[1]!.textContent).toContain('3 practices cancelled · 1 restored');
    expect(within(items[1]!).queryByRole('button')).toBeNull();

    const user = setupUser();
    await user.click(within(items[0]!).getByRole('button', { name: 'Reopen Riverside Park, today 4–9 pm' }));
    const ask = await screen.findByRole('alertdialog', { name: 'Reopen Riverside Park?' });
    expect(ask.textContent).toContain('Practices whose slots are still free come back, and their coaches are told.');
    expect(reopens).toEqual([]);
    await user.click(within(ask).getByRole('button', { name: 'Reopen' }));

    expect(
      await screen.findByText('Reopened Riverside Park: 2 practices back, 1 stays cancelled (slot no longer free; the team keeps its make-up practice).'),
    ).toBeTruthy();
    expect(reopens).toEqual(['/api/rain-outs/c-open/reopen']);
    await vi.waitFor(() => expect(lists).toBe(2));
    const after = await screen.findByRole('list', { name: 'Recent rain-outs' });
    await vi.waitFor(() => expect(within(after).queryAllByRole('button', { name: /^Reopen/ })).toHaveLength(0));
    expect(within(after).getAllByText('Reopened')).toHaveLength(2);
  });

  it('says what to do when there are none, and Rain-out on a facility row opens the dialog with that facility chosen', async () => {
    stubApi(adminProfile, {}, (url) => {
      if (url === '/api/facilities') return json({ facilities });
      if (url === '/api/rain-outs') return json({ closures: [] });
      return undefined;
    });
    renderWithProviders(<RainOutsSection />);
    expect(await screen.findByText('No rain-outs in the last 30 days. When weather closes a park, use Rain-out on its row above.')).toBeTruthy();
    const rows = screen.getByRole('list', { name: 'Facilities' });
    const user = setupUser();
    await user.click(within(rows).getByRole('button', { name: 'Rain-out Memorial Complex' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rain-out' });
    expect((await within(dialog).findByLabelText<HTMLSelectElement>('Facility')).value).toBe(MEMORIAL);
    expect(within(dialog).getByRole('checkbox', { name: 'Turf A' })).toHaveProperty('checked', true);
  });
});
