import { QueryClient } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { QueuedPracticeRequest } from '../../../../shared/practice-requests/practice-requests.schemas';
import { Providers } from '../../../app/providers';
import { loadNamespace } from '../../../lib/i18n';
import { adminProfile, json, stubApi } from '../../../test/render-app';
import { PracticeRequestQueue } from './practice-request-queue';

// The admins' decided list on /admin (issue 24, fix 7): an approved request whose practice was cancelled later
// says "Approved; practice cancelled on …" with the league day of the cancellation (America/Chicago in the stub).

const DAY = 86_400_000;

// The words, before the first render: nothing here waits for a page to load them.
beforeAll(() => loadNamespace('en', 'practice-requests'));

function approvedRequest(): QueuedPracticeRequest {
  const startsAt = new Date(Date.now() + 6 * DAY);
  return {
    id: 'r1',
    teamId: 't1',
    teamName: 'Blue Jays',
    requestedByName: 'Casey Coach',
    requestedByEmail: 'casey@example.org',
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
      status: 'cancelled',
      fieldName: 'Field 1',
      facilityName: 'Riverside Park',
      startsAt: startsAt.toISOString(),
      endsAt: new Date(startsAt.getTime() + 3_600_000).toISOString(),
      // 04:15 UTC on the 9th is the evening of the 8th in Chicago.
      cancelledAt: '2026-12-09T04:15:00.000Z',
    },
    collisions: [],
  };
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("the admins' practice-request list", () => {
  it('shows an approved request whose practice was cancelled as "Approved; practice cancelled on …", not as booked', async () => {
    stubApi(adminProfile, {}, (url) => (url === '/api/admin/practice-requests?status=approved' ? json({ requests: [approvedRequest()] }) : undefined));
    render(
      <Providers queryClient={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <PracticeRequestQueue />
      </Providers>,
    );
    fireEvent.change(await screen.findByLabelText('Show'), { target: { value: 'approved' } });
    const card = await screen.findByRole('listitem', { name: /Blue Jays/ });
    expect(card.textContent).toContain('Approved; practice cancelled on Tue Dec 8. It was Field 1');
    expect(card.textContent).not.toContain('Booked:');
  });
});
