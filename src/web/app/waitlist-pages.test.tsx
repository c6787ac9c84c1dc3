import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import axe from 'axe-core';
import toast from 'react-hot-toast';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_BOOKING_RULES } from '../../shared/bookings/booking-rules';
import type { BookingContext } from '../../shared/bookings/bookings.schemas';
import type { Slot } from '../../shared/slots/slots.schemas';
import type { Profile } from '../../shared/users/users.schemas';
import type { MyWaits, Wait } from '../../shared/waitlist/waitlist.schemas';
import { json, memberProfile, preloadPages, renderApp, stubApi } from '../test/render-app';
import { testSlot } from '../test/slot-fixture';
import { setupUser } from '../test/user';
import { writeCachedSession } from './session/profile-cache';

// Issue 28: the router puts the waitlist (features/waitlist) into Book a Field, My Reservations and the coach
// dashboard, and the shell shows a coach the slot held for the team.
preloadPages(
  () => import('../features/bookings/components/my-reservations-page'),
  () => import('../features/coach-dashboard/components/coach-dashboard-page'),
  () => import('../features/waitlist/components/waitlist-section'),
  () => import('../components/ui/modal-dialog'),
  () => import('./shell/app-toaster'),
);

const TZ = 'America/Chicago';
const SEASON = { id: '11111111-1111-4111-8111-111111111111', name: 'Fall 2026', startsOn: '2026-08-15', endsOn: '2026-12-19', active: true };
const PARK = '33333333-3333-4333-8333-333333333333';
const FIELD_1 = '22222222-2222-4222-8222-222222222222';
const coach: Profile = { ...memberProfile, role: 'coach', teamId: 'jays', teamName: 'Blue Jays' };
const facilities = [
  {
    id: PARK,
    name: 'Riverside Park',
    address: null,
    mapUrl: null,
    notes: null,
    active: true,
    fields: [{ id: FIELD_1, facilityId: PARK, name: 'Field 1', surface: 'grass', lights: true, color: '#1d4ed8', active: true }],
  },
];
/** A 90-minute slot at a Chicago wall time (CST). */
const slot = (id: string, local: string, over: Partial<Slot> = {}): Slot => {
  const start = new Date(`${local}:00-06:00`);
  return testSlot({ id, seasonId: SEASON.id, fieldId: FIELD_1, facilityId: PARK, startsAt: start.toISOString(), endsAt: new Date(start.getTime() + 90 * 60_000).toISOString(), ...over });
};
// The server's clock: Sunday Nov 22, 6:00 am in Chicago. The holds run to 3:00 pm that day.
const NOW = '2026-11-22T12:00:00.000Z';
const UNTIL = '2026-11-22T21:00:00.000Z';
const booked = slot('s-booked', '2026-11-24T18:45', { status: 'booked', bookingId: 'k1', teamId: 'cards', teamName: 'Cardinals' });
const heldForOwls = slot('s-owls', '2026-11-25T17:00', { heldFor: { teamId: 'owls', teamName: 'Owls', until: UNTIL } });
const heldForUs = slot('s-ours', '2026-11-26T17:00', { heldFor: { teamId: 'jays', teamName: 'Blue Jays', until: UNTIL } });
const context: BookingContext = {
  timeZone: TZ,
  now: NOW,
  season: SEASON,
  rules: DEFAULT_BOOKING_RULES,
  team: { id: 'jays', name: 'Blue Jays', divisionId: null, divisionName: null },
  divisionRules: [],
  teamBookings: [],
  makeupCredits: [],
  cannotBook: null,
};
const wait = (over: Partial<Wait>): Wait => ({
  id: 'w',
  slotId: heldForUs.id,
  state: 'waiting',
  fieldName: 'Field 1',
  facilityName: 'Riverside Park',
  startsAt: heldForUs.startsAt,
  endsAt: heldForUs.endsAt,
  position: null,
  holdUntil: null,
  createdAt: '2026-11-20T15:00:00.000Z',
  decidedAt: null,
  ...over,
});
const offer = wait({ id: 'w-ours', state: 'offered', holdUntil: UNTIL });
const mine = (waits: Wait[]): MyWaits => ({ timeZone: TZ, maxWaits: 3, holdMinutes: 120, waits });

/** The API for Book a Field and the other pages, with the team's waits in `state`; returns the waitlist calls made. */
function stub(profile: Profile, state: { waits: Wait[] }, answer?: (method: string, url: string) => Response | undefined) {
  writeCachedSession({ profile, isAdmin: false });
  const calls: string[] = [];
  const fetchMock = stubApi(profile, { '/api/seasons': { seasons: [SEASON] }, '/api/bookings/mine': { bookings: [] } }, (url, init) => {
    if (url.startsWith('/api/facilities')) return json({ facilities });
    if (url.startsWith('/api/bookings/context')) return json(profile.role === 'member' ? { ...context, cannotBook: { code: 'NOT_COACH', message: 'Only coaches can book practices.' } } : context);
    if (url.startsWith('/api/slots?')) return json({ slots: [booked, heldForOwls, heldForUs] });
    if (url === '/api/waits/mine') return json(mine(state.waits));
    if (url.startsWith('/api/slots/') || url.startsWith('/api/waits/')) {
      calls.push(`${init?.method ?? 'GET'} ${url}`);
      return answer?.(init?.method ?? 'GET', url);
    }
    return undefined;
  });
  return { calls, fetchMock };
}

async function axeViolations(element: Element) {
  const result = await axe.run(element, { rules: { 'color-contrast': { enabled: false } } });
  return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** The pill (grid cell) that holds the text. */
const pillOf = (text: HTMLElement) => text.closest('[data-slot]') as HTMLElement;

beforeEach(() => localStorage.clear());
afterEach(() => {
  act(() => toast.remove());
  cleanup();
  vi.unstubAllGlobals();
});

describe('Book a Field with the waitlist (issue 28)', () => {
  it('lets a coach wait for a slot booked by another team, and then shows the place in line', async () => {
    const state = { waits: [] as Wait[] };
    const { calls } = stub(coach, state, (method, url) => {
      if (method !== 'POST' || url !== `/api/slots/${booked.id}/waits`) return undefined;
      const joined = wait({ id: 'w-new', slotId: booked.id, startsAt: booked.startsAt, endsAt: booked.endsAt, position: 2 });
      state.waits = [joined];
      return json({ wait: joined }, 201);
    });
    renderApp('/slots?week=2026-11-23');
    const user = setupUser();
    const grid = await screen.findByRole('table');
    const join = await within(grid).findByRole('button', { name: 'Tell me if it frees up, Field 1, Tue Nov 24, 6:45 pm – 8:15 pm' });
    expect(pillOf(join).textContent).toContain('Booked by Cardinals');
    expect(await axeViolations(pillOf(join))).toEqual([]);
    await user.click(join);
    expect(await screen.findByText("We'll tell you if it frees up: you're 2nd in line.")).toBeTruthy();
    expect(calls).toEqual([`POST /api/slots/${booked.id}/waits`]);
    const waiting = await within(grid).findByText("You're waiting (2nd)");
    expect(pillOf(waiting).textContent).toContain('Booked by Cardinals');
    expect(within(grid).queryByRole('button', { name: /^Tell me if it frees up, Field 1, Tue Nov 24/ })).toBeNull();
  });

  it('toasts the server’s words when waiting is refused', async () => {
    const limit = "Blue Jays is already waiting for 3 slots (the league's limit is 3). Stop waiting for one first.";
    stub(coach, { waits: [] }, () => json({ error: { code: 'RULE_VIOLATION', message: limit, details: { rule: 'WAIT_LIMIT' } } }, 422));
    renderApp('/slots?week=2026-11-23');
    const user = setupUser();
    await user.click(await within(await screen.findByRole('table')).findByRole('button', { name: /^Tell me if it frees up, Field 1, Tue Nov 24/ }));
    expect(await screen.findByText(limit)).toBeTruthy();
  });

  it('shows a slot held for another team as held, with no Book, and one held for the team with Take it and Pass', async () => {
    const { calls } = stub(coach, { waits: [offer] }, (method, url) => {
      if (url !== `/api/waits/${offer.id}/take`) return undefined;
      return json({ booking: { id: 'b1', slotId: heldForUs.id, seasonId: SEASON.id, teamId: 'jays', teamName: 'Blue Jays', status: 'confirmed', startsAt: heldForUs.startsAt, endsAt: heldForUs.endsAt, fieldId: FIELD_1, fieldName: 'Field 1', facilityName: 'Riverside Park', facilityAddress: null, mapUrl: null, bookedByEmail: 'pat@example.org', createdAt: NOW, cancelledAt: null, cancelReason: null, override: false, overrideReason: null } }, 201);
    });
    renderApp('/slots?week=2026-11-23');
    const user = setupUser();
    const grid = await screen.findByRole('table');

    const owls = pillOf(await within(grid).findByText('Held for Owls until 3:00 pm'));
    expect(within(owls).queryByRole('button', { name: /Book/ })).toBeNull();
    // Another team may still wait for it: it is not open to them.
    expect(within(owls).getByRole('button', { name: /^Tell me if it frees up, Field 1, Wed Nov 25/ })).toBeTruthy();

    const ours = pillOf(await within(grid).findByText('Held for you until 3:00 pm'));
    const take = await within(ours).findByRole('button', { name: 'Take it: Field 1, Thu Nov 26, 5:00 pm' });
    expect(within(ours).getByRole('button', { name: 'Pass: Field 1, Thu Nov 26, 5:00 pm' })).toBeTruthy();
    expect(await axeViolations(ours)).toEqual([]);
    await user.click(take);
    expect(await screen.findByText('Booked Thu Nov 26, 5:00 pm at Field 1 for Blue Jays.')).toBeTruthy();
    expect(calls).toContain(`POST /api/waits/${offer.id}/take`);
  });

  it('shows a member the held slot, and no waitlist actions', async () => {
    const { fetchMock } = stub(memberProfile, { waits: [] });
    renderApp('/slots?week=2026-11-23');
    const grid = await screen.findByRole('table');
    expect(await within(grid).findByText('Held for Owls until 3:00 pm')).toBeTruthy();
    expect(within(grid).queryByRole('button', { name: /Tell me if it frees up/ })).toBeNull();
    expect(fetchMock.mock.calls.some(([url]) => url === '/api/waits/mine')).toBe(false);
  });
});

describe('the waitlist on My Reservations and the coach dashboard', () => {
  it('lists it as #waitlist on My Reservations, and as a card on the dashboard', async () => {
    stub(coach, { waits: [offer] });
    renderApp('/my-reservations#waitlist');
    const section = await screen.findByRole('region', { name: 'Waitlist' });
    expect(section.id).toBe('waitlist');
    expect(await within(section).findByText('A slot freed up: Field 1, Thu Nov 26, 5:00 pm – held for you until 3:00 pm')).toBeTruthy();
    cleanup();

    renderApp('/coach-dashboard');
    const card = await screen.findByRole('region', { name: 'Waitlist' });
    expect(await within(card).findByRole('button', { name: 'Take it: Field 1, Thu Nov 26, 5:00 pm' })).toBeTruthy();
  });
});

/** A stand-in for the browser's EventSource that the test drives by hand. */
class FakeEventSource {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSED = 2;
  static instances: FakeEventSource[] = [];
  readyState = FakeEventSource.OPEN;
  private listeners = new Map<string, Array<(event: Event) => void>>();
  constructor(readonly url: string) {
    FakeEventSource.instances.push(this);
  }
  addEventListener(type: string, listener: (event: Event) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  close() {
    this.readyState = FakeEventSource.CLOSED;
  }
  emit(type: string, data: unknown) {
    for (const listener of this.listeners.get(type) ?? []) listener(new MessageEvent(type, { data: JSON.stringify(data) }));
  }
}

describe('the notice of a slot held for the team, on every page', () => {
  it('shows which slot and until when, with Take it and Pass', async () => {
    stub(coach, { waits: [offer] });
    renderApp('/');
    const notice = await screen.findByRole('region', { name: 'Held for your team' });
    expect(within(notice).getByText('A slot you waited for is free: Field 1, Thu Nov 26, 5:00 pm. Held for you until 3:00 pm.')).toBeTruthy();
    expect(within(notice).getByRole('button', { name: 'Take it: Field 1, Thu Nov 26, 5:00 pm' })).toBeTruthy();
    expect(within(notice).getByRole('button', { name: 'Pass: Field 1, Thu Nov 26, 5:00 pm' })).toBeTruthy();
    expect(await axeViolations(notice)).toEqual([]);
  });

  it('appears without a reload when the hold is given (a slot event)', async () => {
    FakeEventSource.instances = [];
    vi.stubGlobal('EventSource', FakeEventSource);
    const state = { waits: [wait({ id: 'w-ours', position: 1 })] };
    stub(coach, state);
    renderApp('/my-reservations');
    await screen.findByRole('region', { name: 'Waitlist' });
    expect(await screen.findByText('1st in line')).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Held for your team' })).toBeNull();

    // The booking is cancelled: the server holds the slot for the team and names it in a slot event.
    state.waits = [offer];
    await waitFor(() => expect(FakeEventSource.instances.length).toBeGreaterThan(0));
    act(() => FakeEventSource.instances.at(-1)!.emit('slots', { slotIds: [heldForUs.id] }));
    const notice = await screen.findByRole('region', { name: 'Held for your team' });
    expect(within(notice).getByText(/^A slot you waited for is free: Field 1, Thu Nov 26, 5:00 pm\./)).toBeTruthy();
  });

  it('is not asked for a member, who waits for nothing', async () => {
    const { fetchMock } = stub(memberProfile, { waits: [offer] });
    renderApp('/');
    await screen.findByRole('button', { name: 'Account' });
    await screen.findByRole('heading', { level: 2, name: /Welcome back/ });
    expect(fetchMock.mock.calls.some(([url]) => url === '/api/waits/mine')).toBe(false);
    expect(screen.queryByRole('region', { name: 'Held for your team' })).toBeNull();
  });
});
