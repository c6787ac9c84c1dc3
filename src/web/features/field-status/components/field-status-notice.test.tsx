import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import axe from 'axe-core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { FieldStatus } from '../../../../shared/rain-outs/rain-outs.schemas';
import { startEachTestAt } from '../../../test/clock';
import { json, renderApp, stubApi } from '../../../test/render-app';
import { useFieldStatus } from '../api/get-field-status';
import { FieldStatusNotice } from './field-status-notice';

/** Field status for everyone (issue 28): Thursday Dec 3, 2026, noon in Chicago. */
startEachTestAt('2026-12-03T18:00:00.000Z');
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const TZ = 'America/Chicago';
const status: FieldStatus = {
  timeZone: TZ,
  closures: [
    // Listed second by the server, first on screen: tomorrow comes after today.
    {
      id: 'c2',
      facilityId: 'lake',
      facilityName: 'Lakeside Fields',
      fieldNames: ['Field 2', 'Field 3'],
      startsAt: '2026-12-04T15:00:00.000Z',
      endsAt: '2026-12-04T21:00:00.000Z',
      reason: 'Lightning',
    },
    { id: 'c1', facilityId: 'park', facilityName: 'Riverside Park', fieldNames: null, startsAt: '2026-12-03T22:00:00.000Z', endsAt: '2026-12-04T03:00:00.000Z', reason: 'Wet fields' },
  ],
};

/** axe's checks that jsdom can run (it draws nothing, so colour contrast is left to the browser journeys). */
async function axeViolations(element: Element) {
  const result = await axe.run(element, { rules: { 'color-contrast': { enabled: false } } });
  return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

// On Book a Field and the calendar too: bookings/components/book-field-page.test.tsx, calendar/components/public-calendar-page.test.tsx.
describe('field status', () => {
  it('lists each closure in one line on the landing page, soonest first, for a visitor', async () => {
    stubApi(null, { '/api/field-status': status });
    renderApp('/');
    const notice = await screen.findByRole('region', { name: 'Field closures' });
    expect(within(notice).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'Riverside Park: closed today 4–9 pm (Wet fields)',
      'Lakeside Fields (Field 2, Field 3): closed tomorrow 9 am–3 pm (Lightning)',
    ]);
    expect(await axeViolations(notice)).toEqual([]);
  });

  it('draws nothing when every field is open, or when the status cannot be read', async () => {
    for (const answer of [json({ timeZone: TZ, closures: [] }), json({ error: { code: 'INTERNAL', message: 'Down' } }, 500)]) {
      vi.stubGlobal('fetch', vi.fn(() => Promise.resolve(answer.clone())));
      /** Says when the query has settled, so "nothing" is checked after the answer, not before it. */
      function Settled() {
        const query = useFieldStatus();
        return query.isSuccess || query.isError ? <p>settled</p> : null;
      }
      const { container } = render(
        <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
          <FieldStatusNotice />
          <Settled />
        </QueryClientProvider>,
      );
      await screen.findByText('settled');
      await waitFor(() => expect(container.textContent).toBe('settled'));
      expect(screen.queryByRole('region')).toBeNull();
      cleanup();
    }
  });
});
