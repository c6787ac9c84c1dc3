import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import toast from 'react-hot-toast';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_BOOKING_RULES } from '../../../../shared/bookings/booking-rules';
import type { BookingContext } from '../../../../shared/bookings/bookings.schemas';
import type { Slot } from '../../../../shared/slots/slots.schemas';
import type { Profile } from '../../../../shared/users/users.schemas';
import { writeCachedSession } from '../../../app/session/profile-cache';
import { bodyOf, json, memberProfile, renderApp, stubApi } from '../../../test/render-app';
import { setupUser } from '../../../test/user';
import { testSlot } from '../../../test/slot-fixture';

const SEASON = { id: '11111111-1111-4111-8111-111111111111', name: 'Fall 2026', startsOn: '2026-08-15', endsOn: '2026-12-19', active: true };
const PARK = '33333333-3333-4333-8333-333333333333';
const FIELD_1 = '22222222-2222-4222-8222-222222222222';
const coach: Profile = { ...memberProfile, role: 'coach', teamId: 'jays', teamName: 'Blue Jays' };
const facilities = [
  {
    id: PARK,
    name: 'Riverside Park',
    address: '100 River Rd',
    mapUrl: null,
    notes: null,
    active: true,
    fields: [{ id: FIELD_1, facilityId: PARK, name: 'Field 1', surface: 'grass', lights: true, color: '#1d4ed8', active: true, divisionIds: [] as string[] }],
  },
];

let n = 0;
/** A 90-minute slot at a Chicago wall time (CST). */
const slot = (local: string, over: Partial<Slot> = {}): Slot => {
  const start = new Date(`${local}:00-06:00`);
  const startsAt = start.toISOString();
  const endsAt = new Date(start.getTime() + 90 * 60_000).toISOString();
  return testSlot({ id: `slot-${++n}`, seasonId: SEASON.id, fieldId: FIELD_1, facilityId: PARK, startsAt, endsAt, ...over });
};

const context = (over: Partial<BookingContext> = {}): BookingContext => ({
  timeZone: 'America/Chicago',
  // Sunday Nov 22, 6:00 am in Chicago: the server's clock, whatever the test machine's says.
  now: '2026-11-22T12:00:00.000Z',
  season: SEASON,
  rules: DEFAULT_BOOKING_RULES,
  team: { id: 'jays', name: 'Blue Jays', divisionId: null, divisionName: null },
  divisionRules: [],
  teamBookings: [new Date('2026-11-23T17:00:00-06:00').toISOString()],
  makeupCredits: [],
  cannotBook: null,
  ...over,
});

const tuesday = slot('2026-11-24T17:00');
const slots = [
  slot('2026-11-23T18:45'),
  tuesday,
  slot('2026-11-24T18:45', { status: 'booked', teamId: 'cards', teamName: 'Cardinals' }),
  slot('2026-11-25T17:00', { status: 'blocked', blockReason: 'Field flooded' }),
];

function setup(profile: Profile | null, ctx: BookingContext) {
  localStorage.clear();
  if (profile) writeCachedSession({ profile, isAdmin: false });
  const posts: unknown[] = [];
  stubApi(profile, { '/api/seasons': { seasons: [SEASON] } }, (url, init) => {
    if (url.startsWith('/api/facilities')) return json({ facilities });
    if (url.startsWith('/api/bookings/context')) return json(ctx);
    if (url.startsWith('/api/slots?')) return json({ slots });
    if (url === '/api/bookings' && init?.method === 'POST') {
      posts.push(bodyOf(init));
      return json(
        {
          booking: {
            id: 'b1',
            slotId: tuesday.id,
            seasonId: SEASON.id,
            teamId: 'jays',
            teamName: 'Blue Jays',
            status: 'confirmed',
            startsAt: tuesday.startsAt,
            endsAt: tuesday.endsAt,
            fieldId: FIELD_1,
            fieldName: 'Field 1',
            facilityName: 'Riverside Park',
            facilityAddress: null,
            mapUrl: null,
            bookedByEmail: 'pat@example.org',
            createdAt: '2026-11-22T12:00:00.000Z',
            cancelledAt: null,
            cancelReason: null,
            override: false,
            overrideReason: null,
          },
        },
        201,
      );
    }
    return undefined;
  });
  renderApp('/slots?week=2026-11-23');
  return posts;
}

beforeEach(() => {
  n = 0;
});
afterEach(() => {
  // A toast outlives its page (react-hot-toast keeps them in one store): the next test must not find this one's words.
  act(() => toast.remove());
  cleanup();
  vi.unstubAllGlobals();
});

describe('/slots Book a Field', () => {
  it('shows the quota, each slot’s state in words, and the rule that stops a slot before the click', async () => {
    setup(coach, context());
    expect(await screen.findByRole('heading', { level: 1, name: 'Book a Field' })).toBeTruthy();
    expect(await screen.findByText('Blue Jays · 1 of 2 this week · 1 of 4 upcoming')).toBeTruthy();
    const grid = await screen.findByRole('table');
    expect(within(grid).getByText('Booked by Cardinals')).toBeTruthy();
    expect(within(grid).getByText('Blocked: Field flooded')).toBeTruthy();
    // Monday already has the team's practice: the day's slot says so (once the rules are in), and offers no Book button.
    expect(await within(grid).findByText('Blue Jays already has 1 practice on Mon, Nov 23 (limit 1).')).toBeTruthy();
    expect(within(grid).getAllByRole('button', { name: /Book, / }).map((b) => b.getAttribute('aria-label'))).toEqual(['5:00–6:30 pm Book, Field 1, Tue Nov 24']);
  });

  it('books an open slot after the confirm, with the team and place in the question', async () => {
    const posts = setup(coach, context());
    const user = setupUser();
    const grid = await screen.findByRole('table');
    await user.click(await within(grid).findByRole('button', { name: '5:00–6:30 pm Book, Field 1, Tue Nov 24' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog.textContent).toContain('Book Tue Nov 24, 5:00 pm at Field 1 (Riverside Park) for Blue Jays?');
    await user.click(within(dialog).getByRole('button', { name: 'Book practice' }));
    await waitFor(() => expect(posts).toEqual([{ slotId: tuesday.id }]));
    expect(await screen.findByText('Booked Tue Nov 24, 5:00 pm at Field 1 for Blue Jays.')).toBeTruthy();
  });

  it('shows a member why they cannot book, with no Book buttons', async () => {
    const message = 'Only coaches can book practices. Ask a league admin to make you a coach of Blue Jays.';
    setup(memberProfile, context({ cannotBook: { code: 'NOT_COACH', message } }));
    expect(await screen.findByText(message)).toBeTruthy();
    await screen.findByRole('table');
    expect(screen.queryAllByRole('button', { name: /Book, / })).toEqual([]);
    expect(screen.queryByText(/this week ·/)).toBeNull();
  });

  it('says once, above the week, a reason that stops every slot', async () => {
    setup(coach, context({ rules: { ...DEFAULT_BOOKING_RULES, bookingOpen: false, pausedMessage: 'Fields are being reseeded.' } }));
    expect(await screen.findByText('Booking is paused: Fields are being reseeded.')).toBeTruthy();
    const grid = await screen.findByRole('table');
    expect(within(grid).getAllByText('Booking paused').length).toBe(2);
  });
});

const NOTHING_BOOKED = "The league's database is not answering right now. Nothing was booked. Try again in a minute.";
const MAYBE_BOOKED =
  "The league's database stopped answering while this was being saved, so it may or may not have gone through. The page is reloading what was saved: check it before you try again.";
const TUESDAY_BOOK = '5:00–6:30 pm Book, Field 1, Tue Nov 24';
const TUESDAY_CHECKING = '5:00–6:30 pm Checking whether this was booked…, Field 1, Tue Nov 24';

const urlOf = (input: RequestInfo | URL) => (input instanceof Request ? input.url : input.toString());

/**
 * Book a Field while the database is down: the Book press is answered 503 with `outcome`, and every read of the
 * week after that press waits until the test answers it (`answerReread`), so the page can be seen mid-reload.
 */
function setupOutage(outcome: 'none' | 'unknown') {
  localStorage.clear();
  writeCachedSession({ profile: coach, isAdmin: false });
  let pressed = false;
  let answerReread: (slots: Slot[]) => void = () => undefined;
  const reread = new Promise<Slot[]>((resolve) => {
    answerReread = resolve;
  });
  const fetchMock = stubApi(coach, { '/api/seasons': { seasons: [SEASON] } }, (url, init) => {
    if (url.startsWith('/api/facilities')) return json({ facilities });
    if (url.startsWith('/api/bookings/context')) return json(context());
    if (url.startsWith('/api/slots?')) return json({ slots });
    if (url === '/api/bookings' && init?.method === 'POST') {
      pressed = true;
      const message = outcome === 'none' ? NOTHING_BOOKED : MAYBE_BOOKED;
      return json({ error: { code: 'UNAVAILABLE', message, details: { reason: 'database', outcome } } }, 503);
    }
    return undefined;
  });
  const answered = fetchMock.getMockImplementation()!;
  fetchMock.mockImplementation((input, init) =>
    pressed && urlOf(input).startsWith('/api/slots?') ? reread.then((week) => json({ slots: week })) : answered(input, init),
  );
  renderApp('/slots?week=2026-11-23');
  return { answerReread };
}

/** Presses Book on Tuesday's open slot and confirms; resolves once the server's words are on screen. */
async function pressBookTuesday(words: string) {
  const user = setupUser();
  const grid = await screen.findByRole('table');
  await user.click(await within(grid).findByRole('button', { name: TUESDAY_BOOK }));
  await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Book practice' }));
  // The words come as the server answers, before the week has been read again (that read is still held open).
  expect(await screen.findByText(words)).toBeTruthy();
  return { user, grid };
}

describe('/slots Book a Field after a rain-out (issue 28)', () => {
  it('shows the closures and the team’s make-up credit, and books past the weekly limit with a make-up practice', async () => {
    const closures = [
      { id: 'c1', facilityId: PARK, facilityName: 'Riverside Park', fieldNames: ['Field 1'], startsAt: '2026-11-26T22:00:00.000Z', endsAt: '2026-11-27T03:00:00.000Z', reason: 'Wet fields' },
    ];
    // Monday and Friday booked: the week is full (2 of 2), and a credit runs to the end of Dec 17.
    const ctx = context({ teamBookings: [new Date('2026-11-23T17:00:00-06:00').toISOString(), new Date('2026-11-27T17:00:00-06:00').toISOString()], makeupCredits: ['2026-12-18T06:00:00.000Z'] });
    writeCachedSession({ profile: coach, isAdmin: false });
    const posts: unknown[] = [];
    stubApi(coach, { '/api/seasons': { seasons: [SEASON] }, '/api/field-status': { timeZone: 'America/Chicago', closures } }, (url, init) => {
      if (url.startsWith('/api/facilities')) return json({ facilities });
      if (url.startsWith('/api/bookings/context')) return json(ctx);
      if (url.startsWith('/api/slots?')) return json({ slots });
      if (url === '/api/bookings' && init?.method === 'POST') {
        posts.push(bodyOf(init));
        return json({ error: { code: 'SLOT_TAKEN', message: 'Someone just booked this slot.' } }, 409);
      }
      return undefined;
    });
    renderApp('/slots?week=2026-11-23');
    const user = setupUser();

    const strip = await screen.findByRole('region', { name: 'Your team’s bookings' });
    expect(within(strip).getByText('Blue Jays · 2 of 2 this week · 2 of 4 upcoming')).toBeTruthy();
    expect(within(strip).getByText('1 make-up practice to use by Dec 17: book even past your weekly limit.')).toBeTruthy();
    const notice = await screen.findByRole('region', { name: 'Field closure' });
    expect(within(notice).getByText(/^Riverside Park \(Field 1\): closed .*4–9 pm \(Wet fields\)$/)).toBeTruthy();

    const grid = await screen.findByRole('table');
    await user.click(await within(grid).findByRole('button', { name: '5:00–6:30 pm Book (make-up), Field 1, Tue Nov 24' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Book a make-up practice?' });
    expect(dialog.textContent).toContain('Book Tue Nov 24, 5:00 pm at Field 1 (Riverside Park) for Blue Jays?');
    expect(within(dialog).getByText('This uses 1 of your make-up practices: it is past your weekly limit.')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Book make-up practice' }));
    await waitFor(() => expect(posts).toEqual([{ slotId: tuesday.id }]));
  });
});

describe('/slots Book a Field, when the database is down', () => {
  it('says nothing was booked, in the server’s words, at once, and offers the slot again', async () => {
    const { answerReread } = setupOutage('none');
    const { user, grid } = await pressBookTuesday(NOTHING_BOOKED);
    expect(within(grid).getByRole('button', { name: TUESDAY_BOOK })).toHaveProperty('disabled', false);
    expect(within(grid).queryByRole('button', { name: TUESDAY_CHECKING })).toBeNull();

    answerReread(slots);
    await waitFor(() => expect(grid.getAttribute('aria-busy')).not.toBe('true'));
    await user.click(within(grid).getByRole('button', { name: TUESDAY_BOOK }));
    expect(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Book practice' })).toHaveProperty('disabled', false);
  });

  it('says a press may or may not have booked, holds the slot while the week is read again, then shows it booked', async () => {
    const { answerReread } = setupOutage('unknown');
    const { grid } = await pressBookTuesday(MAYBE_BOOKED);
    expect(within(grid).getByRole('button', { name: TUESDAY_CHECKING })).toHaveProperty('disabled', true);
    expect(within(grid).queryByRole('button', { name: TUESDAY_BOOK })).toBeNull();

    answerReread(slots.map((s) => (s.id === tuesday.id ? { ...s, status: 'booked', bookingId: 'b1', teamId: 'jays', teamName: 'Blue Jays' } : s)));
    expect(await within(grid).findByText('Booked by Blue Jays (your team)')).toBeTruthy();
    expect(within(grid).queryByRole('button', { name: TUESDAY_CHECKING })).toBeNull();
    expect(within(grid).queryByRole('button', { name: TUESDAY_BOOK })).toBeNull();
  });

  it('offers Book again once the week read again shows the slot still open', async () => {
    const { answerReread } = setupOutage('unknown');
    const { grid } = await pressBookTuesday(MAYBE_BOOKED);
    expect(within(grid).getByRole('button', { name: TUESDAY_CHECKING })).toHaveProperty('disabled', true);

    answerReread(slots);
    expect(await within(grid).findByRole('button', { name: TUESDAY_BOOK })).toHaveProperty('disabled', false);
    expect(within(grid).queryByRole('button', { name: TUESDAY_CHECKING })).toBeNull();
  });
});

describe('/slots Book a Field with fields limited to divisions (issue 29)', () => {
  const D8 = '66666666-6666-4666-8666-666666666608';
  const D10 = '66666666-6666-4666-8666-666666666610';
  const D12 = '66666666-6666-4666-8666-666666666612';
  const DIAMOND = '22222222-2222-4222-8222-222222222212';
  const SMALL = '22222222-2222-4222-8222-222222222208';
  const field = (id: string, name: string, divisionIds: string[]) => ({ id, facilityId: PARK, name, surface: 'dirt' as const, lights: true, color: '#1d4ed8', active: true, divisionIds });
  const limited = [{ ...facilities[0]!, fields: [field(FIELD_1, 'Field 1', []), field(SMALL, 'Small Diamond', [D8, D10]), field(DIAMOND, '12U Diamond', [D12])] }];
  const on = (fieldId: string, fieldName: string, local: string, over: Partial<Slot> = {}) => slot(local, { fieldId, fieldName, ...over });
  const week = () => [
    on(FIELD_1, 'Field 1', '2026-11-24T17:00'),
    on(SMALL, 'Small Diamond', '2026-11-25T17:00'),
    on(DIAMOND, '12U Diamond', '2026-11-26T17:00'),
    on(DIAMOND, '12U Diamond', '2026-11-26T18:45', { status: 'booked', teamId: 'owls', teamName: 'Owls' }),
  ];
  const eightU = { id: 'jays', name: 'Blue Jays', divisionId: D8, divisionName: '8U' };

  /** Book a Field for a coach, the week's slots on three fields; counts the reads of the divisions. */
  function setupDivisions(ctx: BookingContext, url = '/slots?week=2026-11-23') {
    localStorage.clear();
    writeCachedSession({ profile: coach, isAdmin: false });
    const reads = { divisions: 0 };
    stubApi(coach, { '/api/seasons': { seasons: [SEASON] } }, (path) => {
      if (path.startsWith('/api/facilities')) return json({ facilities: limited });
      if (path.startsWith('/api/bookings/context')) return json(ctx);
      if (path.startsWith('/api/slots?')) return json({ slots: week() });
      if (path === '/api/divisions') {
        reads.divisions++;
        return json({ divisions: [{ id: D8, name: '8U', position: 1 }, { id: D10, name: '10U', position: 2 }, { id: D12, name: '12U', position: 3 }] });
      }
      return undefined;
    });
    renderApp(url);
    return reads;
  }

  /** The grid's field rows, by their headers (the facility's row left out). */
  const rowNames = (grid: HTMLElement) => [...grid.querySelectorAll('th[scope="row"]')].map((th) => th.textContent);

  it('shows an 8U coach only the fields the team may use; "Show every field" adds the rest greyed out, with the reason', async () => {
    const reads = setupDivisions(context({ team: eightU }));
    const user = setupUser();
    const grid = await screen.findByRole('table');
    expect(rowNames(grid)).toEqual(['Field 1', 'Small Diamond']);
    expect(within(grid).getAllByRole('button', { name: /Book, / }).map((b) => b.getAttribute('aria-label'))).toEqual([
      '5:00–6:30 pm Book, Field 1, Tue Nov 24',
      '5:00–6:30 pm Book, Small Diamond, Wed Nov 25',
    ]);
    const every = screen.getByRole('checkbox', { name: 'Show every field' });
    expect(every).toHaveProperty('checked', false);
    expect(screen.getByText('1 field is for other divisions and not shown.')).toBeTruthy();

    await user.click(every);
    const reason = '12U Diamond is only for 12U teams, and Blue Jays play in 8U. Pick a slot on another field.';
    expect(await within(grid).findByText(reason)).toBeTruthy();
    expect(rowNames(grid)).toEqual(['Field 1', 'Small Diamond', `12U Diamond${reason}`]);
    expect(screen.getByRole('checkbox', { name: 'Show every field' })).toHaveProperty('checked', true);
    // The open slot says why in short and offers no Book; the booked one offers nothing to wait for either.
    const diamond = within(grid).getAllByRole('row').find((row) => row.textContent?.startsWith('12U Diamond'))!;
    expect(within(diamond).getByText('For other divisions')).toBeTruthy();
    expect(within(diamond).getByText('Booked by Owls')).toBeTruthy();
    expect(within(diamond).queryAllByRole('button')).toEqual([]);
    expect(within(grid).getAllByRole('button', { name: /Book, / })).toHaveLength(2);
    // Read once, with the week: the box redraws nothing but the fields.
    expect(reads.divisions).toBe(1);

    await user.click(screen.getByRole('checkbox', { name: 'Show every field' }));
    await waitFor(() => expect(rowNames(grid)).toEqual(['Field 1', 'Small Diamond']));
  });

  it('shows a coach whose team has no division the limited fields greyed out the same way', async () => {
    setupDivisions(context(), '/slots?week=2026-11-23&fields=all');
    const grid = await screen.findByRole('table');
    expect(await within(grid).findByText('Small Diamond is only for 8U and 10U teams, and Blue Jays have no division yet. Pick a slot on another field.')).toBeTruthy();
    expect(within(grid).getByText('12U Diamond is only for 12U teams, and Blue Jays have no division yet. Pick a slot on another field.')).toBeTruthy();
    expect(within(grid).getAllByRole('button', { name: /Book, / }).map((b) => b.getAttribute('aria-label'))).toEqual(['5:00–6:30 pm Book, Field 1, Tue Nov 24']);
    expect(screen.getByRole('checkbox', { name: 'Show every field' })).toHaveProperty('checked', true);
    expect(screen.getByText('Fields your team may not use are shown greyed out, with the reason.')).toBeTruthy();
  });

  it('says the division’s own rules beside the quota, and the season’s are not repeated when it sets none', async () => {
    setupDivisions(
      context({
        team: eightU,
        rules: { ...DEFAULT_BOOKING_RULES, maxPerWeek: 3, windowOpensAt: '2026-11-21T15:00:00.000Z' },
        divisionRules: ['windowOpensAt', 'maxPerWeek'],
      }),
    );
    const strip = await screen.findByRole('region', { name: 'Your team’s bookings' });
    expect(within(strip).getByText('Blue Jays · 1 of 3 this week · 1 of 4 upcoming')).toBeTruthy();
    expect(within(strip).getByText('8U rules: 3 practices a week, booking opened Sat Nov 21, 9:00 am')).toBeTruthy();
    cleanup();

    setupDivisions(context({ team: eightU }));
    const plain = await screen.findByRole('region', { name: 'Your team’s bookings' });
    expect(within(plain).queryByText(/8U rules/)).toBeNull();
  });
});
