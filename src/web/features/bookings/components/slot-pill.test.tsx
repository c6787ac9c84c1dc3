import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { Slot } from '../../../../shared/slots/slots.schemas';
import type { SlotWaitProps } from '../../../lib/slot-wait';
import { renderWithProviders as render } from '../../../test/render-component';
import type { SlotView } from '../slot-availability';
import { SlotPill, SlotRow } from './slot-pill';

/** WCAG 2.5.3 Label in Name: a Book button's accessible name begins with the words it shows, at every width. */

const TZ = 'America/Chicago';
// Any open slot: only its clock times, field and day are in the names (fixed, as the names are about the words only).
const slot: Slot = {
  id: 's1',
  seasonId: 'season',
  fieldId: 'f1',
  fieldName: 'Field 1',
  fieldColor: '#1d4ed8',
  facilityId: 'fac',
  facilityName: 'Riverside Park',
  startsAt: '2026-11-24T23:00:00Z',
  endsAt: '2026-11-25T00:30:00Z',
  status: 'open',
  blockReason: null,
  bookingId: null,
  teamId: null,
  teamName: null,
  notes: null,
};
const reasons = { week: null, days: new Map<string, string>() };
/** The text a sighted person reads on the button, spaces as drawn. */
const shown = (button: HTMLElement) => (button.textContent ?? '').replace(/\s+/g, ' ').trim();

const actions = { onBook: () => undefined, onRank: () => undefined };

afterEach(cleanup);

describe('an open slot’s Book button', () => {
  for (const view of [{ kind: 'bookable' }, { kind: 'login' }] satisfies SlotView[]) {
    it(`in the week grid (${view.kind}) is named "5:00–6:30 pm Book, Field 1, Tue Nov 24": what it shows, then which slot`, () => {
      render(<SlotPill viewed={{ slot, view }} reasons={reasons} timeZone={TZ} {...actions} />);
      const button = screen.getByRole('button', { name: '5:00–6:30 pm Book, Field 1, Tue Nov 24' });
      expect(shown(button)).toBe('5:00–6:30 pm Book');
      expect(button.getAttribute('aria-label')!.startsWith(shown(button))).toBe(true);
    });

    it(`in the phone's day list (${view.kind}) is named "Book, Field 1, Tue Nov 24, 5:00 pm – 6:30 pm"`, () => {
      render(<SlotRow viewed={{ slot, view }} reasons={reasons} timeZone={TZ} {...actions} />);
      const button = screen.getByRole('button', { name: 'Book, Field 1, Tue Nov 24, 5:00 pm – 6:30 pm' });
      expect(shown(button)).toBe('Book');
      expect(button.getAttribute('aria-label')!.startsWith(shown(button))).toBe(true);
    });
  }
});

describe('a slot the team may book only with a make-up practice (issue 28)', () => {
  const view = { kind: 'bookable', makeup: true } satisfies SlotView;

  it('says "Book (make-up)" in the week grid, and its name begins with it', () => {
    render(<SlotPill viewed={{ slot, view }} reasons={reasons} timeZone={TZ} {...actions} />);
    const button = screen.getByRole('button', { name: '5:00–6:30 pm Book (make-up), Field 1, Tue Nov 24' });
    expect(shown(button)).toBe('5:00–6:30 pm Book (make-up)');
  });

  it('says "Book (make-up)" in the phone’s day list', () => {
    render(<SlotRow viewed={{ slot, view }} reasons={reasons} timeZone={TZ} {...actions} />);
    const button = screen.getByRole('button', { name: 'Book (make-up), Field 1, Tue Nov 24, 5:00 pm – 6:30 pm' });
    expect(shown(button)).toBe('Book (make-up)');
  });
});

describe('a slot whose Book press may or may not have gone through (checking)', () => {
  const view = { kind: 'checking' } satisfies SlotView;

  it('in the week grid is a disabled, busy button that says so in its name and its words', () => {
    render(<SlotPill viewed={{ slot, view }} reasons={reasons} timeZone={TZ} {...actions} />);
    const button = screen.getByRole('button', { name: '5:00–6:30 pm Checking whether this was booked…, Field 1, Tue Nov 24' });
    expect(button).toHaveProperty('disabled', true);
    expect(button.getAttribute('aria-busy')).toBe('true');
    expect(shown(button)).toBe('5:00–6:30 pm Checking whether this was booked…');
  });

  it('in the phone’s day list keeps its Book button, disabled and described as being checked', () => {
    render(<SlotRow viewed={{ slot, view }} reasons={reasons} timeZone={TZ} {...actions} />);
    const button = screen.getByRole('button', { name: 'Book, Field 1, Tue Nov 24, 5:00 pm – 6:30 pm', description: 'Checking whether this was booked…' });
    expect(button).toHaveProperty('disabled', true);
  });
});

describe('a slot the opening round holds back', () => {
  const words = 'Opening round · draw Thu Dec 3, 8:00 pm';

  it('says so instead of Book, with no button, for someone who may not rank', () => {
    const view = { kind: 'opening', words, canRank: false, rank: null } satisfies SlotView;
    const { container } = render(<SlotPill viewed={{ slot, view }} reasons={reasons} timeZone={TZ} {...actions} />);
    expect(screen.getByText(words)).toBeTruthy();
    expect(container.querySelectorAll('button')).toHaveLength(0);
    cleanup();
    render(<SlotRow viewed={{ slot, view }} reasons={reasons} timeZone={TZ} {...actions} />);
    expect(screen.getByText(words)).toBeTruthy();
    expect(screen.queryAllByRole('button')).toEqual([]);
  });

  for (const [rank, label] of [
    [null, 'Add to preferences'],
    [2, 'Ranked #2'],
  ] as const) {
    it(`offers a coach "${label}", named by what it shows, then the slot, at both widths`, () => {
      const view = { kind: 'opening', words, canRank: true, rank } satisfies SlotView;
      render(<SlotPill viewed={{ slot, view }} reasons={reasons} timeZone={TZ} {...actions} />);
      const pill = screen.getByRole('button', { name: `${label}, Field 1, Tue Nov 24, 5:00 pm – 6:30 pm` });
      expect(shown(pill)).toBe(label);
      expect(screen.getByText(words)).toBeTruthy();
      cleanup();
      render(<SlotRow viewed={{ slot, view }} reasons={reasons} timeZone={TZ} {...actions} />);
      const row = screen.getByRole('button', { name: `${label}, Field 1, Tue Nov 24, 5:00 pm – 6:30 pm` });
      expect(shown(row)).toBe(label);
    });
  }
});

describe('the waitlist on a slot (issue 28)', () => {
  /** Stands in for features/waitlist's action: says which mode and layout the pill gave it. */
  const slotWait = ({ mode, layout, onBook }: SlotWaitProps) => (
    <button type="button" onClick={onBook}>
      {`wait:${mode}:${layout}`}
    </button>
  );
  const UNTIL = '2026-11-25T01:00:00Z';
  const cases: Array<[string, Slot, SlotView, string, string | null]> = [
    ['booked by another team', { ...slot, status: 'booked', teamId: 'cards', teamName: 'Cardinals' }, { kind: 'booked', teamName: 'Cardinals', ours: false }, 'Booked by Cardinals', 'join'],
    [
      'held for another team',
      { ...slot, heldFor: { teamId: 'cards', teamName: 'Cardinals', until: UNTIL } },
      { kind: 'unavailable', code: 'SLOT_HELD', message: 'This slot is held for Cardinals…' },
      'Held for Cardinals until 7:00 pm',
      'join',
    ],
    ['held for the team', { ...slot, heldFor: { teamId: 'jays', teamName: 'Blue Jays', until: UNTIL } }, { kind: 'heldForUs', until: UNTIL, refusal: null }, 'Held for you until 7:00 pm', 'held'],
    ['booked by the team', { ...slot, status: 'booked', teamId: 'jays', teamName: 'Blue Jays' }, { kind: 'booked', teamName: 'Blue Jays', ours: true }, 'Booked by Blue Jays (your team)', null],
  ];

  for (const [what, s, view, words, mode] of cases) {
    it(`${what}: says "${words}" and offers ${mode ? `the "${mode}" action` : 'no waitlist action'}, at both widths`, () => {
      for (const [Component, layout] of [
        [SlotPill, 'pill'],
        [SlotRow, 'row'],
      ] as const) {
        render(<Component viewed={{ slot: s, view }} reasons={reasons} timeZone={TZ} {...actions} slotWait={slotWait} />);
        expect(screen.getByText(words)).toBeTruthy();
        if (mode) expect(screen.getByRole('button', { name: `wait:${mode}:${layout}` })).toBeTruthy();
        else expect(screen.queryByRole('button', { name: /^wait:/ })).toBeNull();
        cleanup();
      }
    });
  }

  it('a slot held for the team, without the waitlist action, still offers Book as usual; with a rule that refuses it, says which', () => {
    const view = { kind: 'heldForUs', until: UNTIL, refusal: 'Blue Jays already has 1 practice on Tue, Nov 24 (limit 1).' } satisfies SlotView;
    render(<SlotRow viewed={{ slot, view }} reasons={reasons} timeZone={TZ} {...actions} />);
    expect(screen.getByText('Held for you until 7:00 pm')).toBeTruthy();
    expect(screen.getByText('Blue Jays already has 1 practice on Tue, Nov 24 (limit 1).')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Book, Field 1, Tue Nov 24, 5:00 pm – 6:30 pm' })).toBeTruthy();
  });
});
