import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PracticeRequest } from '../../../../shared/practice-requests/practice-requests.schemas';
import { json, memberProfile, preloadPages, renderApp, stubApi } from '../../../test/render-app';

// A coach's requests on /practice-request (issue 24, fix 7): an approved request whose practice was cancelled
// later says so plainly, with the day of the cancellation in the league's zone (America/Chicago in the stub).

preloadPages(() => import('./practice-request-page'));

const coach = { ...memberProfile, role: 'coach' as const };
const DAY = 86_400_000;

function approved(over: Partial<PracticeRequest>): PracticeRequest {
  const startsAt = new Date(Date.now() + 5 * DAY);
  return {
    id: 'r1',
    teamId: 't1',
    teamName: 'Blue Jays',
    requestedByName: 'Pat Parent',
    requestedByEmail: null,
    preferredDates: [startsAt.toISOString().slice(0, 10)],
    windowStart: '17:00',
    windowEnd: '20:00',
    durationMinutes: 60,
    facilityId: null,
    facilityName: null,
    fieldId: null,
    fieldName: null,
    notes: null,
    status: 'approved',
    response: null,
    decidedAt: new Date(Date.now() - 2 * DAY).toISOString(),
    createdAt: new Date(Date.now() - 3 * DAY).toISOString(),
    booking: {
      id: 'b1',
      status: 'confirmed',
      fieldName: 'Field 1',
      facilityName: 'Riverside Park',
      startsAt: startsAt.toISOString(),
      endsAt: new Date(startsAt.getTime() + 3_600_000).toISOString(),
      cancelledAt: null,
    },
    ...over,
  };
}

beforeEach(() => {
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("the coach's practice requests", () => {
  it('says "Approved; practice cancelled on …" with the league day of the cancellation, and "Booked" while the practice stands', async () => {
    const standing = approved({ id: 'r2' });
    // 03:30 UTC on the 9th is the evening of the 8th in Chicago: the league's day is the one shown.
    const cancelledAt = '2026-12-09T03:30:00.000Z';
    const gone = approved({ booking: { ...standing.booking!, id: 'b2', status: 'cancelled', cancelledAt } });
    stubApi(coach, {}, (url) => {
      if (url === '/api/practice-requests/mine') return json({ requests: [gone, standing] });
      if (url.startsWith('/api/facilities')) return json({ facilities: [] });
      return undefined;
    });
    renderApp('/practice-request');

    const list = await screen.findByRole('list', { name: 'Your team’s requests' });
    const items = within(list).getAllByRole('listitem');
    expect(items[0]!.textContent).toContain('Approved; practice cancelled on Tue Dec 8. It was Field 1, Riverside Park');
    expect(items[1]!.textContent).toContain('Booked: Field 1, Riverside Park');
    expect(items[1]!.textContent).not.toContain('cancelled');
  });
});
