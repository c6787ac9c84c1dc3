import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Clinic, RosterEntry } from '../../../../shared/clinics/clinics.schemas';
import { writeCachedSession } from '../../../app/session/profile-cache';
import { adminProfile, json, preloadPages, renderApp, stubApi } from '../../../test/render-app';
import { setupUser } from '../../../test/user';

const CLINIC_ID = '22222222-2222-4222-8222-222222222222';
const clinic: Clinic = {
  id: CLINIC_ID,
  title: 'Pitching clinic',
  description: null,
  startsAt: '2027-05-01T14:00:00.000Z',
  endsAt: '2027-05-01T16:00:00.000Z',
  facilityId: null,
  locationText: 'Lincoln gym',
  location: 'Lincoln gym',
  ageGroup: null,
  capacity: 1,
  registrationOpensAt: null,
  registrationClosesAt: null,
  published: true,
  cancelledAt: null,
  cancelReason: null,
  registeredCount: 1,
  waitlistCount: 1,
};
const entry = (id: string, participantName: string, status: 'registered' | 'waitlisted', registrantEmail: string): RosterEntry => ({
  id,
  participantName,
  participantAge: 9,
  emergencyContact: 'Sam 555-0100',
  status,
  waitlistPosition: status === 'waitlisted' ? 1 : null,
  registrantEmail,
  createdAt: '2026-11-20T12:00:00.000Z',
  promotedAt: null,
});

// The page, and what its first dialog and first toast load lazily (Headless UI, react-hot-toast).
preloadPages(
  () => import('./clinics-page'),
  () => import('../../../components/ui/modal-dialog'),
  () => import('../../../app/shell/app-toaster'),
);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the roster: an admin cancels one registration', () => {
  it('asks first, naming the participant; Keep it changes nothing; confirming cancels, toasts and reloads the roster', async () => {
    localStorage.clear();
    writeCachedSession({ profile: adminProfile, isAdmin: true });
    const cancels: string[] = [];
    let entries = [entry('r-ava', 'Ava', 'registered', 'ava.parent@example.org'), entry('r-ben', 'Ben', 'waitlisted', 'ben.parent@example.org')];
    stubApi(adminProfile, {}, (url, init) => {
      if (url === '/api/clinics') return json({ clinics: [clinic] });
      if (url === '/api/clinics/mine') return json({ registrations: [] });
      if (url === `/api/clinics/${CLINIC_ID}/roster`) return json({ clinic, entries });
      if (url.endsWith('/cancel') && init?.method === 'POST') {
        cancels.push(url);
        entries = [{ ...entries[1]!, status: 'registered', waitlistPosition: null }];
        return json({ registration: { id: 'r-ava' }, promoted: 'Ben' });
      }
      return undefined;
    });
    renderApp('/clinics');
    const user = setupUser();
    // Each query looks only inside the region that holds what it looks for (the clinic's card, the roster dialog,
    // its list, the question): role and name are checked as before, on a handful of elements instead of the page.
    const card = await screen.findByRole('article', { name: 'Pitching clinic' });
    await user.click(within(card).getByRole('button', { name: 'Roster of Pitching clinic' }));
    const roster = await screen.findByRole('dialog', { name: 'Roster: Pitching clinic' });
    const participants = await within(roster).findByRole('list', { name: 'Participants' });
    await user.click(within(participants).getByRole('button', { name: 'Cancel registration of Ava' }));

    const ask = await screen.findByRole('alertdialog', { name: "Cancel Ava's registration?" });
    expect(ask.textContent).toContain(
      "Ava's place in Pitching clinic is cancelled and ava.parent@example.org is emailed. The first on the waitlist gets the place.",
    );
    await user.click(within(ask).getByRole('button', { name: 'Keep it' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(cancels).toEqual([]);

    await user.click(within(participants).getByRole('button', { name: 'Cancel registration of Ava' }));
    await user.click(
      within(await screen.findByRole('alertdialog', { name: "Cancel Ava's registration?" })).getByRole('button', { name: 'Cancel registration' }),
    );
    expect(await screen.findByText("Ava's registration is cancelled and the family emailed. Ben moved up from the waitlist.")).toBeTruthy();
    expect(cancels).toEqual([`/api/clinics/${CLINIC_ID}/registrations/r-ava/cancel`]);
    await waitFor(() => expect(within(participants).queryByRole('button', { name: 'Cancel registration of Ava' })).toBeNull());
    expect(within(participants).getByRole('button', { name: 'Cancel registration of Ben' })).toBeTruthy();
  });
});
