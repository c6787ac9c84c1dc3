import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { GeneratorPreview } from '../../../../shared/slots/slots.schemas';
import { writeCachedSession } from '../../../app/session/profile-cache';
import { startEachTestAt } from '../../../test/clock';
import { adminProfile, bodyOf, json, preloadPages, renderApp, stubApi } from '../../../test/render-app';
import { setupUser } from '../../../test/user';

const SEASON = { id: '11111111-1111-4111-8111-111111111111', name: 'Spring 2027', startsOn: '2027-02-15', endsOn: '2027-06-15', active: true };
const FIELD_1 = '22222222-2222-4222-8222-222222222222';
const facilities = [
  {
    id: '33333333-3333-4333-8333-333333333333',
    name: 'Riverside Park',
    address: null,
    mapUrl: null,
    notes: null,
    active: true,
    fields: [{ id: FIELD_1, facilityId: '33333333-3333-4333-8333-333333333333', name: 'Field 1', surface: 'grass', lights: true, color: '#1e40af', active: true }],
  },
];
const preview: GeneratorPreview = {
  range: { from: '2027-02-15', to: '2027-06-15' },
  dailyTimes: [
    { start: '01:00', end: '02:00' },
    { start: '02:00', end: '03:00' },
  ],
  total: 1240,
  perField: [{ fieldId: FIELD_1, fieldName: 'Field 1', create: 1240, overlaps: 12 }],
  overlaps: [{ fieldId: FIELD_1, fieldName: 'Field 1', startsAt: '2027-03-02T00:00:00Z', endsAt: '2027-03-02T01:00:00Z' }],
  skipped: [
    { date: '2027-03-14', localStart: '02:00', reason: 'dst-gap' },
    { date: '2027-04-05', localStart: '01:00', reason: 'skipped-date' },
  ],
};

// Spring 2027 is the season ahead: seen from later, the generator has no season to fill and the page changes.
startEachTestAt('2026-11-26T12:00:00.000Z');
// The pages, and what the first toast loads lazily (react-hot-toast).
preloadPages(() => import('../../../app/guards/admin-guard'), () => import('./slots-admin-page'), () => import('../../../app/shell/app-toaster'));
beforeEach(() => {
  localStorage.clear();
  writeCachedSession({ profile: adminProfile, isAdmin: true });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('/admin-slots generator', () => {
  it('previews, then creates with a progress bar fed by the NDJSON stream, then sums up', async () => {
    const encoder = new TextEncoder();
    let push: ((line: string) => void) | undefined;
    let finish: (() => void) | undefined;
    const bodies: Record<string, unknown> = {};
    stubApi(adminProfile, { '/api/seasons': { seasons: [SEASON] }, '/api/facilities': { facilities } }, (url, init) => {
      if (url.startsWith('/api/slots?')) return json({ slots: [] });
      if (url === '/api/slots/preview') {
        bodies.preview = bodyOf(init);
        return json(preview);
      }
      if (url === '/api/slots/generate') {
        bodies.generate = bodyOf(init);
        const stream = new ReadableStream<Uint8Array>({
          start(controller) {
            push = (line) => controller.enqueue(encoder.encode(line));
            finish = () => controller.close();
          },
        });
        return new Response(stream, { status: 200, headers: { 'content-type': 'application/x-ndjson' } });
      }
      return undefined;
    });
    renderApp('/admin-slots');
    expect(await screen.findByRole('heading', { level: 1, name: 'Slots' })).toBeTruthy();
    const user = setupUser();
    // The generator's own section: its queries need not look through the week list below it.
    const generator = await screen.findByRole('region', { name: 'Generate slots' });
    await user.click(await within(generator).findByRole('checkbox', { name: 'Field 1' }));
    await user.click(within(generator).getByRole('checkbox', { name: 'Sun' }));
    expect(within(generator).getByLabelText('From')).toHaveProperty('value', '2027-02-15');
    await user.click(within(generator).getByRole('button', { name: 'Preview' }));

    const panel = await within(generator).findByRole('region', { name: 'Preview' });
    expect(panel.textContent).toContain('1,240 slots will be created');
    expect(panel.textContent).toContain('Sun Mar 14, 2:00 am: time does not exist (clocks spring forward)');
    expect(panel.textContent).toContain('Mon Apr 5, 1:00 am: skipped date');
    expect(panel.textContent).toContain('Field 1 · Mon Mar 1, 6:00 pm – 7:00 pm');
    expect(bodies.preview).toMatchObject({ seasonId: SEASON.id, fieldIds: [FIELD_1], daysOfWeek: [7], startDate: '2027-02-15', endDate: '2027-06-15', skipDates: [] });

    await user.click(within(panel).getByRole('button', { name: 'Create 1,240 slots' }));
    push!('{"type":"progress","done":0,"total":1252}\n{"type":"progress","done":1000,');
    push!('"total":1252}\n');
    const bar = await within(generator).findByRole('progressbar', { name: 'Creating slots' });
    await vi.waitFor(() => expect(bar.getAttribute('aria-valuenow')).toBe('1000'));
    expect(bar.getAttribute('aria-valuemax')).toBe('1252');

    push!('{"type":"done","created":1240,"skippedOverlaps":12,"skipped":2}\n');
    finish!();
    expect((await screen.findAllByText(/Created 1,240 slots; 12 overlapped existing slots and were skipped\./)).length).toBeGreaterThan(0);
    expect(bodies.generate).toEqual(bodies.preview);
    expect(screen.queryByRole('progressbar')).toBeNull();
  });

  it('shows the error line of the stream', async () => {
    stubApi(adminProfile, { '/api/seasons': { seasons: [SEASON] }, '/api/facilities': { facilities } }, (url) => {
      if (url.startsWith('/api/slots?')) return json({ slots: [] });
      if (url === '/api/slots/preview') return json(preview);
      if (url === '/api/slots/generate') {
        return new Response('{"type":"progress","done":0,"total":5}\n{"type":"error","error":{"code":"INTERNAL","message":"Creating the slots failed and nothing was saved."}}\n', { status: 200 });
      }
      return undefined;
    });
    renderApp('/admin-slots');
    const user = setupUser();
    const generator = await screen.findByRole('region', { name: 'Generate slots' });
    await user.click(await within(generator).findByRole('checkbox', { name: 'Field 1' }));
    await user.click(within(generator).getByRole('checkbox', { name: 'Sun' }));
    await user.click(within(generator).getByRole('button', { name: 'Preview' }));
    await user.click(await within(generator).findByRole('button', { name: 'Create 1,240 slots' }));
    expect(await screen.findByText('The slots were not created')).toBeTruthy();
    expect(screen.getAllByText('Creating the slots failed and nothing was saved.').length).toBeGreaterThan(0);
  });
});

describe('/admin-slots linked to one slot (the audit log)', () => {
  const slot = (id: string, startsAt: string, endsAt: string, notes: string) => ({
    id,
    seasonId: SEASON.id,
    fieldId: FIELD_1,
    fieldName: 'Field 1',
    fieldColor: '#1e40af',
    facilityId: facilities[0]!.id,
    facilityName: 'Riverside Park',
    startsAt,
    endsAt,
    status: 'open',
    blockReason: null,
    bookingId: null,
    teamId: null,
    teamName: null,
    notes,
  });
  const LINKED = '44444444-4444-4444-8444-444444444444';

  it('opens the week, day and field the link names and outlines the slot', async () => {
    const asked: string[] = [];
    stubApi(adminProfile, { '/api/seasons': { seasons: [SEASON] }, '/api/facilities': { facilities } }, (url) => {
      if (!url.startsWith('/api/slots?')) return undefined;
      asked.push(url);
      return json({
        slots: [
          slot(LINKED, '2027-03-02T23:00:00.000Z', '2027-03-03T00:20:00.000Z', 'the linked one'),
          slot('55555555-5555-4555-8555-555555555555', '2027-03-03T00:30:00.000Z', '2027-03-03T01:50:00.000Z', 'another'),
        ],
      });
    });
    renderApp(`/admin-slots?week=2027-03-02&day=2027-03-02&field=${FIELD_1}&slot=${LINKED}`);
    const linked = (await screen.findByText('Note: the linked one')).closest('li')!;
    expect(within(linked).getByText('Selected')).toBeTruthy();
    expect(within(screen.getByText('Note: another').closest('li')!).queryByText('Selected')).toBeNull();
    // The week of the link (Mon Mar 1 to Sun Mar 7) on the link's field, and only its day shown.
    expect(asked.at(-1)).toContain('from=2027-03-01');
    expect(asked.at(-1)).toContain(`fieldId=${FIELD_1}`);
    expect(screen.getByText(/2 slots on /)).toBeTruthy();
  });
});

