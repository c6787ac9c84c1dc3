import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import toast from 'react-hot-toast';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_BOOKING_RULES } from '../../../../shared/bookings/booking-rules';
import type { BookingContext } from '../../../../shared/bookings/bookings.schemas';
import type { OpeningRound } from '../../../../shared/opening/opening.schemas';
import type { Slot } from '../../../../shared/slots/slots.schemas';
import type { Profile } from '../../../../shared/users/users.schemas';
import { writeCachedSession } from '../../../app/session/profile-cache';
import { ApiError } from '../../../lib/api-client';
import { addDays, fromLocalInput, startOfWeek, todayInZone } from '../../../lib/dates';
import { openingDateTime, preferenceSlotName } from '../../../lib/opening-slots';
import { openingRoundId, testRound } from '../../../test/opening-fixture';
import { bodyOf, json, memberProfile, preloadPages, renderApp, stubApi } from '../../../test/render-app';
import { testSlot } from '../../../test/slot-fixture';
import { setupUser } from '../../../test/user';
import { refusedSlot } from './preferences-panel';

/*
 * Book a Field while an opening round holds next week's Tuesday to Sunday back: the covered slots say when the draw is
 * instead of offering Book, and while the round is open a coach ranks them in the panel above the week. Dates are
 * relative to today (the week after this one, in league time).
 */

const TZ = 'America/Chicago';
const HOUR = 3_600_000;
const coach: Profile = { ...memberProfile, role: 'coach', teamId: 'jays', teamName: 'Blue Jays' };
const PREFERENCES = `/api/openings/${openingRoundId}/preferences`;

preloadPages(
  () => import('./preferences-panel'),
  () => import('react-hot-toast'),
);

const today = todayInZone(TZ);
const monday = addDays(startOfWeek(today), 7);
const SEASON = { id: 'season-1', name: 'Fall', startsOn: addDays(today, -30), endsOn: addDays(today, 60), active: true };
const at = (date: string, time: string) => new Date(fromLocalInput(`${date}T${time}`, TZ)!.iso);
const slotOn = (id: string, date: string): Slot => {
  const start = at(date, '17:00');
  return testSlot({ id, seasonId: SEASON.id, startsAt: start.toISOString(), endsAt: new Date(start.getTime() + 90 * 60_000).toISOString() });
};
/** Monday is before the round's first day: bookable as ever. Tuesday to Thursday are held back. */
const mon = slotOn('slot-mon', monday);
const tue = slotOn('slot-tue', addDays(monday, 1));
const wed = slotOn('slot-wed', addDays(monday, 2));
const thu = slotOn('slot-thu', addDays(monday, 3));
const name = (slot: Slot) => preferenceSlotName(slot, TZ);
/** A row of the ranked list reads as its handle shows it: the slot, then its park. */
const row = (slot: Slot) => `${name(slot)} Riverside Park`;

function round(status: 'announced' | 'open', over: Partial<OpeningRound> = {}): OpeningRound {
  const now = Date.now();
  return testRound({
    seasonId: SEASON.id,
    coversFrom: addDays(monday, 1),
    coversTo: addDays(monday, 6),
    opensAt: new Date(now + (status === 'open' ? -HOUR : 5 * HOUR)).toISOString(),
    closesAt: new Date(now + 30 * HOUR).toISOString(),
    drawAt: new Date(now + 40 * HOUR).toISOString(),
    status,
    ...over,
  });
}

const context = (profile: Profile | null): BookingContext => ({
  timeZone: TZ,
  now: new Date().toISOString(),
  season: SEASON,
  rules: DEFAULT_BOOKING_RULES,
  divisionRules: [],
  team: profile?.teamId ? { id: profile.teamId, name: 'Blue Jays', divisionId: null, divisionName: null } : null,
  teamBookings: [],
  makeupCredits: [],
  cannotBook: profile ? null : { code: 'SIGN_IN', message: 'Log in to book a practice.' },
});

/** Book a Field for `profile` with one round; `onPut` answers a save (the body is recorded in `puts`). */
function setup(profile: Profile | null, current: OpeningRound, onPut?: (slotIds: string[]) => Response, listsOpen: Record<string, unknown> = {}) {
  localStorage.clear();
  if (profile) writeCachedSession({ profile, isAdmin: false });
  const puts: unknown[] = [];
  stubApi(profile, { '/api/seasons': { seasons: [SEASON] } }, (url, init) => {
    if (url.startsWith('/api/facilities')) return json({ facilities: [] });
    if (url.startsWith('/api/bookings/context')) return json(context(profile));
    if (url.startsWith('/api/slots?')) return json({ slots: [mon, tue, wed, thu] });
    if (url === '/api/openings/current') return json({ rounds: [current] });
    if (url === PREFERENCES && init?.method === 'PUT') {
      const body = bodyOf(init) as { slotIds: string[] };
      puts.push(body);
      return onPut?.(body.slotIds) ?? json({ slotIds: body.slotIds, savedAt: new Date().toISOString() });
    }
    if (url === PREFERENCES) return json({ slotIds: [], maxPreferences: 10, savedAt: null, listsOpenAt: current.opensAt, divisionName: null, ...listsOpen });
    return undefined;
  });
  renderApp(`/slots?week=${monday}`);
  return puts;
}

/**
 * The panel once it has loaded; its list's order by what each row's handle says; and a row by its slot. (Found by their
 * words inside the panel: a role query weighs every element's style, many times over in a wait.)
 */
async function panel() {
  const region = (await screen.findByText('Your preferences')).closest('section')!;
  const order = () => [...region.querySelectorAll('ol > li')].map((item) => item.querySelector('button')!.textContent);
  const rowOf = (slot: Slot) => within(region).getByText(name(slot)).closest('li')!;
  return { region, order, rowOf };
}

/**
 * jsdom lays nothing out, and dnd-kit's keyboard moves go by where the items are: each row of the ranked list is given
 * a place, 60 px under the one before it.
 */
function layOutListRows() {
  vi.spyOn(Element.prototype, 'getBoundingClientRect').mockImplementation(function (this: Element) {
    const list = this.tagName === 'LI' && this.parentElement?.tagName === 'OL' ? this.parentElement : null;
    const top = list ? [...list.children].indexOf(this) * 60 : 0;
    const height = list ? 50 : 0;
    return { x: 0, y: top, top, left: 0, width: list ? 400 : 0, height, right: list ? 400 : 0, bottom: top + height, toJSON: () => ({}) };
  });
}

beforeEach(() => {
  vi.restoreAllMocks();
});
afterEach(() => {
  act(() => toast.remove());
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('Book a Field during an opening round', () => {
  it('shows "Opening round · draw …" on the covered slots instead of Book, and Book on the others', async () => {
    const current = round('announced');
    setup(coach, current);
    const grid = await screen.findByRole('table');
    const words = `Opening round · draw ${openingDateTime(current.drawAt, TZ)}`;
    expect(words).toMatch(/^Opening round · draw [A-Z][a-z]{2} [A-Z][a-z]{2} \d{1,2}, \d{1,2}:\d{2} (am|pm)$/);
    expect(within(grid).getAllByText(words)).toHaveLength(3);
    // Only Monday, before the round's first day, offers Book; before the window opens nobody ranks yet.
    expect(within(grid).getAllByRole('button', { name: /Book, / }).map((b) => b.getAttribute('aria-label'))).toEqual([expect.stringMatching(/^5:00–6:30 pm Book, Field 1, Mon /)]);
    expect(within(grid).queryAllByRole('button', { name: /^Add to preferences/ })).toEqual([]);
    expect(screen.queryByRole('heading', { name: 'Your preferences' })).toBeNull();
    expect(screen.getByText(/Coaches rank the slots they want from/)).toBeTruthy();
  });

  it('lets a coach, by keyboard, add three slots, move one down, remove one and save the list in its order', async () => {
    layOutListRows();
    const puts = setup(coach, round('open'));
    const user = setupUser();
    /** Presses a button as a keyboard user does (Enter on it), which also skips user-event's slow pointer checks. */
    const press = async (button: HTMLElement) => {
      act(() => button.focus());
      await user.keyboard('{Enter}');
    };
    const grid = await screen.findByRole('table');
    for (const button of within(grid).getAllByText('Add to preferences')) await press(button);
    const { region, order, rowOf } = await panel();
    expect(order()).toEqual([row(tue), row(wed), row(thu)]);
    expect(within(grid).getByText('Ranked #3').getAttribute('aria-label')).toMatch(/^Ranked #3, Field 1, Thu /);

    // Space lifts Tuesday, the down arrow moves it below Wednesday, Space drops it; dnd-kit says each step in words.
    act(() => rowOf(tue).querySelector('button')!.focus());
    await user.keyboard(' ');
    expect(await screen.findByText(`Picked up ${name(tue)}, position 1 of 3.`)).toBeTruthy();
    await user.keyboard('{ArrowDown}');
    expect(await screen.findByText(`Moved ${name(tue)} to position 2 of 3.`)).toBeTruthy();
    await user.keyboard(' ');
    await waitFor(() => expect(order()).toEqual([row(wed), row(tue), row(thu)]));
    expect(within(grid).getByText('Ranked #1').getAttribute('aria-label')).toMatch(/^Ranked #1, Field 1, Wed /);

    const remove = within(rowOf(thu)).getByText('Remove');
    expect(remove.getAttribute('aria-label')).toBe(`Remove ${name(thu)}`);
    await press(remove);
    expect(order()).toEqual([row(wed), row(tue)]);
    expect(within(grid).getAllByText('Add to preferences')).toHaveLength(1);

    await press(within(region).getByText('Save preferences'));
    await waitFor(() => expect(puts).toEqual([{ slotIds: [wed.id, tue.id] }]));
    expect(await screen.findByText(/^Preferences saved: 2 of 10 for Blue Jays\./)).toBeTruthy();
    expect(within(region).getByText('2 of 10')).toBeTruthy();
    expect(within(region).queryByText(/not saved yet/)).toBeNull();
  });

  it('shows a refusal beside the slot it names, and keeps the list as it was', async () => {
    const refusal = `${name(wed)} is not in this round's dates`;
    setup(coach, round('open'), () => json({ error: { code: 'RULE_VIOLATION', message: refusal } }, 422));
    const user = setupUser();
    const grid = await screen.findByRole('table');
    const [addTue, addWed] = within(grid).getAllByText('Add to preferences');
    await user.click(addTue!);
    await user.click(addWed!);
    const { region, order } = await panel();
    await user.click(within(region).getByText('Save preferences'));

    const wedRow = (await within(region).findByText(refusal)).closest('li')!;
    expect(within(wedRow).getAllByRole('button')[0]!.textContent).toBe(row(wed));
    expect(within(wedRow).getAllByRole('button')[0]!.getAttribute('aria-describedby')).toContain(within(wedRow).getByText(refusal).id);
    expect(order()).toEqual([row(tue), row(wed)]);
    expect(within(region).getByText(/not saved yet/)).toBeTruthy();
    expect(await screen.findByText(`Not saved. ${refusal}`)).toBeTruthy();
  });

  it('staged opening: a team whose division opens later hears when, in the server’s words; a team of the round’s time hears nothing more', async () => {
    const current = round('open');
    const listsOpenAt = new Date(Date.now() + 2 * HOUR).toISOString();
    setup(coach, current, undefined, { listsOpenAt, divisionName: '12U' });
    const { region } = await panel();
    const words = await within(region).findByText(/^Lists for 12U open /);
    expect(words.textContent).toBe(`Lists for 12U open ${openingDateTime(listsOpenAt, TZ)}. Rank your slots here now, and save them from then.`);
    expect(words.textContent).toMatch(/^Lists for 12U open [A-Z][a-z]{2} [A-Z][a-z]{2} \d{1,2}, \d{1,2}:\d{2} (am|pm)\./);
    cleanup();
    vi.unstubAllGlobals();

    // 10U opens with the round: nothing said (once the answer is in: the week shows the saved list's rank).
    setup(coach, current, undefined, { listsOpenAt: current.opensAt, divisionName: '10U', slotIds: [tue.id], savedAt: new Date().toISOString() });
    const other = await panel();
    expect(await within(await screen.findByRole('table')).findByText('Ranked #1')).toBeTruthy();
    expect(within(other.region).queryByText(/^Lists for /)).toBeNull();
  });

  it('shows a visitor the draw on the covered slots, with no Add and no panel', async () => {
    const current = round('open');
    setup(null, current);
    const grid = await screen.findByRole('table');
    expect(within(grid).getAllByText(`Opening round · draw ${openingDateTime(current.drawAt, TZ)}`)).toHaveLength(3);
    expect(within(grid).queryAllByRole('button', { name: /^Add to preferences/ })).toEqual([]);
    expect(within(grid).getAllByRole('button', { name: /Book, / })).toHaveLength(1);
    expect(screen.getByText(/Coaches rank the slots they want until/)).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Your preferences' })).toBeNull();
  });
});

describe('refusedSlot', () => {
  const names: Record<string, string> = { a: 'Tue Dec 1, 5:00 pm on Field 1', b: 'Wed Dec 2, 5:00 pm on Field 1' };
  const nameOf = (id: string) => names[id] ?? 'A slot';

  it('finds the slot a refusal names: by id when the server sends it, else by its name in the words, commas aside', () => {
    expect(refusedSlot(new ApiError(422, 'RULE_VIOLATION', 'Anything.', { slotId: 'b' }), ['a', 'b'], nameOf)).toBe('b');
    expect(refusedSlot(new ApiError(422, 'RULE_VIOLATION', "Wed Dec 2, 5:00 pm on Field 1 is not in this round's dates"), ['a', 'b'], nameOf)).toBe('b');
    expect(refusedSlot(new ApiError(422, 'RULE_VIOLATION', 'Rank at most 10 slots.'), ['a', 'b'], nameOf)).toBeNull();
    expect(refusedSlot(new Error('Tue Dec 1, 5:00 pm on Field 1'), ['a'], nameOf)).toBeNull();
  });
});
