import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import toast from 'react-hot-toast';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Facility } from '../../../../shared/facilities/facilities.schemas';
import type { RainOutResult } from '../../../../shared/rain-outs/rain-outs.schemas';
import { blocksQueryKey, rainOutsQueryKey, slotsQueryKey } from '../../../lib/query-keys';
import { startEachTestAt } from '../../../test/clock';
import { adminProfile, bodyOf, json, preloadPages, stubApi } from '../../../test/render-app';
import { loadNamespace } from '../../../lib/i18n';
import { renderWithProviders } from '../../../test/render-component';
import { setupUser } from '../../../test/user';
import { RainOutButton } from './rain-out-button';

// What the first dialog and the first toast load lazily (Headless UI, react-hot-toast), and the words.
preloadPages(
  () => loadNamespace('en', 'rain-outs'),
  () => import('../../../components/ui/modal-dialog'),
  () => import('../../../app/shell/app-toaster'),
);

// 10:00 am in Chicago (the stub league's zone) on Tue May 4, 2027: "today" is May 4, on daylight time (-05:00).
startEachTestAt('2027-05-04T15:00:00.000Z');

afterEach(() => {
  act(() => toast.remove());
  cleanup();
  vi.unstubAllGlobals();
});

const RIVERSIDE = '11111111-1111-4111-8111-111111111111';
const MEMORIAL = '22222222-2222-4222-8222-222222222222';
const fieldId = (n: number) => `33333333-3333-4333-8333-00000000000${n}`;

const field = (n: number, facilityId: string, over: Partial<Facility['fields'][number]> = {}): Facility['fields'][number] => ({
  id: fieldId(n),
  facilityId,
  name: `Field ${n}`,
  surface: 'dirt',
  lights: false,
  color: '#1e40af',
  active: true,
  divisionIds: [],
  ...over,
});
const facilities: Facility[] = [
  {
    id: RIVERSIDE,
    name: 'Riverside Park',
    address: null,
    mapUrl: null,
    notes: null,
    active: true,
    // An inactive field is not offered: teams cannot book it.
    fields: [field(1, RIVERSIDE), field(2, RIVERSIDE), field(3, RIVERSIDE), field(4, RIVERSIDE, { active: false, name: 'Old diamond' })],
  },
  { id: MEMORIAL, name: 'Memorial Complex', address: null, mapUrl: null, notes: null, active: true, fields: [field(5, MEMORIAL)] },
];

function result(over: Partial<RainOutResult> = {}): RainOutResult {
  return {
    closure: {
      id: 'c1',
      facilityId: RIVERSIDE,
      facilityName: 'Riverside Park',
      fieldNames: null,
      startsAt: '2027-05-04T21:00:00.000Z',
      endsAt: '2027-05-05T02:00:00.000Z',
      reason: 'Wet fields',
      createdAt: '2027-05-04T15:00:00.000Z',
      reopenedAt: null,
      practicesCancelled: 3,
      practicesRestored: 0,
    },
    slotsBlocked: 6,
    practicesCancelled: 3,
    creditsGranted: 3,
    teamsTold: 2,
    ...over,
  };
}

/** The API with the facilities, and `onPost` answering POST /api/rain-outs; returns the bodies posted. */
function stubRainOuts(onPost: (body: unknown) => Response) {
  const posted: unknown[] = [];
  stubApi(adminProfile, {}, (url, init) => {
    if (url === '/api/facilities') return json({ facilities });
    if (url === '/api/rain-outs' && init?.method === 'POST') {
      posted.push(bodyOf(init));
      return onPost(bodyOf(init));
    }
    return undefined;
  });
  return posted;
}

function renderButton(facility?: { id: string; name: string }) {
  const { queryClient } = renderWithProviders(<RainOutButton {...(facility ? { facility } : {})} />);
  return { invalidate: vi.spyOn(queryClient, 'invalidateQueries') };
}

async function openDialog(name: string | RegExp = 'Rain-out') {
  const user = setupUser();
  await user.click(screen.getByRole('button', { name }));
  const dialog = await screen.findByRole('dialog', { name: 'Rain-out' });
  await within(dialog).findByLabelText('Facility');
  return { user, dialog };
}

describe('the rain-out dialog', () => {
  it('closes the whole facility when every field stays checked: asks first, sends league times as ISO, toasts the counts and refreshes blocks, slots and rain-outs', async () => {
    const posted = stubRainOuts(() => json(result(), 201));
    const { invalidate } = renderButton();
    const { user, dialog } = await openDialog();

    await user.selectOptions(within(dialog).getByLabelText('Facility'), 'Riverside Park');
    // Every active field of the facility, checked: the whole facility.
    const fields = within(dialog).getByRole('group', { name: 'Fields' });
    expect(
      within(fields)
        .getAllByRole('checkbox')
        .map((box) => [box.closest('label')?.textContent, (box as HTMLInputElement).checked]),
    ).toEqual([
      ['Field 1', true],
      ['Field 2', true],
      ['Field 3', true],
    ]);
    expect(within(dialog).getByLabelText<HTMLInputElement>('Day').value).toBe('2027-05-04');
    expect(within(dialog).getByLabelText<HTMLInputElement>('From').value).toBe('16:00');
    expect(within(dialog).getByLabelText<HTMLInputElement>('To').value).toBe('21:00');

    await user.click(within(dialog).getByRole('button', { name: 'Wet fields' }));
    expect(within(dialog).getByLabelText<HTMLInputElement>('Reason').value).toBe('Wet fields');
    await user.click(within(dialog).getByRole('button', { name: 'Rain out…' }));

    const ask = await screen.findByRole('alertdialog', { name: 'Rain out Riverside Park?' });
    expect(ask.textContent).toContain('Cancels every practice on Riverside Park today 4–9 pm; each team gets a make-up practice and one email.');
    expect(posted).toEqual([]);
    await user.click(within(ask).getByRole('button', { name: 'Rain out and cancel practices' }));

    expect(await screen.findByText('Riverside Park closed: 3 practices cancelled, 3 make-up practices, 2 teams told.')).toBeTruthy();
    expect(posted).toEqual([
      { facilityId: RIVERSIDE, fieldIds: [], startsAt: '2027-05-04T16:00:00-05:00', endsAt: '2027-05-04T21:00:00-05:00', reason: 'Wet fields' },
    ]);
    // 4 pm in Chicago on daylight time is 21:00 UTC.
    expect(new Date((posted[0] as { startsAt: string }).startsAt).toISOString()).toBe('2027-05-04T21:00:00.000Z');
    const keys = invalidate.mock.calls.map(([filters]) => filters?.queryKey);
    expect(keys).toEqual(expect.arrayContaining([rainOutsQueryKey, blocksQueryKey, slotsQueryKey]));
    await vi.waitFor(() => expect(screen.queryByRole('dialog', { name: 'Rain-out' })).toBeNull());
  });

  it('sends only the checked fields, and reads another day and a midnight end in the league zone (standard time)', async () => {
    const posted = stubRainOuts(() => json(result({ closure: { ...result().closure, fieldNames: ['Field 1', 'Field 3'] } }), 201));
    renderButton({ id: RIVERSIDE, name: 'Riverside Park' });
    const { user, dialog } = await openDialog('Rain-out Riverside Park');

    // Opened from Riverside Park's row: it is chosen already.
    expect(within(dialog).getByLabelText<HTMLSelectElement>('Facility').value).toBe(RIVERSIDE);
    await user.click(within(dialog).getByRole('checkbox', { name: 'Field 2' }));
    expect(within(dialog).getByText('Only the checked fields close.')).toBeTruthy();
    // Sunday Nov 7, 2027: the clocks went back that morning, so Chicago is on -06:00.
    fireEvent.change(within(dialog).getByLabelText('Day'), { target: { value: '2027-11-07' } });
    fireEvent.change(within(dialog).getByLabelText('From'), { target: { value: '18:00' } });
    fireEvent.change(within(dialog).getByLabelText('To'), { target: { value: '00:00' } });
    await user.type(within(dialog).getByLabelText('Reason'), 'Lightning nearby');
    await user.click(within(dialog).getByRole('button', { name: 'Rain out…' }));

    const ask = await screen.findByRole('alertdialog', { name: 'Rain out Riverside Park (Field 1, Field 3)?' });
    expect(ask.textContent).toContain('Cancels every practice on Riverside Park (Field 1, Field 3) Sun, Nov 7, 6 pm–12 am;');
    await user.click(within(ask).getByRole('button', { name: 'Rain out and cancel practices' }));
    expect(await screen.findByText(/^Riverside Park \(Field 1, Field 3\) closed: /)).toBeTruthy();
    expect(posted).toEqual([
      {
        facilityId: RIVERSIDE,
        fieldIds: [fieldId(1), fieldId(3)],
        startsAt: '2027-11-07T18:00:00-06:00',
        endsAt: '2027-11-08T00:00:00-06:00',
        reason: 'Lightning nearby',
      },
    ]);
  });

  it('checks before asking: no reason, no field, an end before the start; nothing is sent', async () => {
    const posted = stubRainOuts(() => json(result(), 201));
    renderButton({ id: MEMORIAL, name: 'Memorial Complex' });
    const { user, dialog } = await openDialog('Rain-out Memorial Complex');

    await user.click(within(dialog).getByRole('checkbox', { name: 'Field 5' }));
    fireEvent.change(within(dialog).getByLabelText('To'), { target: { value: '15:00' } });
    await user.click(within(dialog).getByRole('button', { name: 'Rain out…' }));

    expect(await within(dialog).findByText('Say why, like "Wet fields"; coaches will read it')).toBeTruthy();
    expect(within(dialog).getByText('Check at least one field, or all of them to close the whole facility')).toBeTruthy();
    expect(within(dialog).getByText('The closure must end after it starts')).toBeTruthy();
    expect(within(dialog).getByLabelText('Reason').getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(posted).toEqual([]);
  });

  it("shows the server's field errors under their inputs and any other refusal above the form, and stays open", async () => {
    let answer: Response = json(
      {
        error: {
          code: 'VALIDATION_FAILED',
          message: 'Check the highlighted fields.',
          details: { fields: { reason: 'Use at most 120 characters', fieldIds: 'Choose fields of Riverside Park' } },
        },
      },
      400,
    );
    stubRainOuts(() => answer);
    renderButton({ id: RIVERSIDE, name: 'Riverside Park' });
    const { user, dialog } = await openDialog('Rain-out Riverside Park');
    await user.click(within(dialog).getByRole('button', { name: 'Rain' }));
    await user.click(within(dialog).getByRole('button', { name: 'Rain out…' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Rain out and cancel practices' }));

    expect(await within(dialog).findByText('Use at most 120 characters')).toBeTruthy();
    expect(within(dialog).getByText('Choose fields of Riverside Park')).toBeTruthy();
    expect(within(dialog).getByLabelText('Reason').getAttribute('aria-invalid')).toBe('true');
    await vi.waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());

    answer = json({ error: { code: 'CONFLICT', message: 'Riverside Park is already rained out then. Reload the page.' } }, 409);
    await user.click(within(dialog).getByRole('button', { name: 'Rain out…' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Rain out and cancel practices' }));
    expect((await within(dialog).findByRole('alert')).textContent).toContain('Riverside Park is already rained out then. Reload the page.');
    expect(screen.getByRole('dialog', { name: 'Rain-out' })).toBeTruthy();
  });
});
