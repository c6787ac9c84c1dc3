import { act, cleanup, screen, within } from '@testing-library/react';
import toast from 'react-hot-toast';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DiagResponse } from '../../../../shared/diag/diag.schemas';
import { adminProfile, json, memberProfile, preloadPages, renderApp, stubApi } from '../../../test/render-app';
import { setupUser } from '../../../test/user';

const base: Omit<DiagResponse, 'you' | 'admin'> = {
  app: { version: '0.1.0', commit: 'abc1234', answeredInMs: 2.5 },
  database: { engine: 'pglite', ok: true, latencyMs: 0.4 },
  storage: { backend: 'local' },
  mail: { backend: 'files' },
  league: { timeZone: 'America/Chicago', activeSeason: 'Spring 2027' },
};

const memberAnswer: DiagResponse = {
  ...base,
  you: {
    signedIn: true,
    uid: memberProfile.id,
    email: memberProfile.email,
    role: 'member',
    claims: {},
    admin: { isAdmin: false, reason: 'none', claimCheckFailed: false, why: "no: the sign-in token has no admin claim and the profile role is 'member'" },
  },
};

const adminAnswer: DiagResponse = {
  ...base,
  you: {
    signedIn: true,
    uid: adminProfile.id,
    email: adminProfile.email,
    role: 'admin',
    claims: { groups: ['board'] },
    admin: { isAdmin: true, reason: 'role', claimCheckFailed: false, why: "yes: the profile role is 'admin'" },
  },
  admin: {
    database: {
      version: 'PostgreSQL 17.5',
      migrations: { applied: 12, inBuild: 12, latest: { tag: '0011_storage_and_sign_in', createdAt: '2026-11-20T10:00:00.000Z' } },
    },
    storage: {
      bucket: 'cgsl-files',
      probe: { ok: false, latencyMs: null, error: 'the write/read check could not run: storage service: not built yet' },
      sweep: { lastRunAt: '2026-11-26T06:10:00.000Z', last: { listed: 40, found: 2, removed: 2, failed: 0 }, lastError: null, removedSinceStart: 5 },
    },
    mail: { target: 'data/outbox', waiting: 3, failed: 1 },
    server: { node: 'v22.12.0', uptimeSeconds: 3_725, memory: { rss: 412 * 1_048_576, heapUsed: 61 * 1_048_576, embeddedDatabase: 250 * 1_048_576 } },
  },
};

preloadPages(() => import('./diag-page'));
beforeEach(() => {
  localStorage.clear();
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
  act(() => toast.remove());
  cleanup();
  vi.unstubAllGlobals();
});

const card = (name: string) => screen.getByRole('region', { name });

describe('the diagnostics page', () => {
  it("shows a member their own facts in cards, and none of the admin's", async () => {
    stubApi(memberProfile, { '/api/diag': memberAnswer });
    renderApp('/diag');
    expect(
      await within(await screen.findByRole('region', { name: 'You' })).findByText("no: the sign-in token has no admin claim and the profile role is 'member'"),
    ).toBeTruthy();
    for (const name of ['App', 'Database', 'Storage', 'Mail', 'You', 'League']) expect(card(name)).toBeTruthy();
    expect(within(card('App')).getByText('abc1234')).toBeTruthy();
    expect(within(card('Database')).getByText('PGlite (embedded PostgreSQL)')).toBeTruthy();
    expect(within(card('You')).getByText(memberProfile.id)).toBeTruthy();
    expect(within(card('League')).getByText('America/Chicago')).toBeTruthy();
    for (const label of ['Migrations', 'Bucket', 'Write/read check', 'Left-behind bytes', 'Waiting', 'Failed', 'Version', 'Node.js', 'Server memory']) expect(screen.queryByText(label)).toBeNull();
  });

  it('shows an admin the details, says what to do about a failed probe and failed mail, and copies everything for support', async () => {
    const user = setupUser();
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    stubApi(adminProfile, { '/api/diag': adminAnswer, '/api/me/claims': { claims: { groups: ['board'] } } });
    renderApp('/diag');
    const storage = await screen.findByRole('region', { name: 'Storage' });
    expect(await within(storage).findByText('cgsl-files')).toBeTruthy();
    expect(within(storage).getByText('Files cannot be stored')).toBeTruthy();
    expect(within(storage).getByText(/Check that DATA_DIR is on a disk/)).toBeTruthy();
    expect(within(storage).getByText('last sweep 2026-11-26 06:10 UTC: 2 found among 40 objects, 2 removed; 5 removed since the server started')).toBeTruthy();
    expect(within(card('Database')).getByText('12 applied (12 in this build); latest 0011_storage_and_sign_in, written 2026-11-20')).toBeTruthy();
    expect(within(card('Mail')).getByText('Some emails failed')).toBeTruthy();
    expect(within(card('You')).getByText('{"groups":["board"]}')).toBeTruthy();
    expect(within(card('App')).getByText('1 h 2 min')).toBeTruthy();
    expect(within(card('App')).getByText('412 MB resident (JavaScript 61 MB; the embedded database 250 MB)')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Copy for support' }));
    expect(writeText).toHaveBeenCalledTimes(1);
    const text = String((writeText.mock.calls[0] as unknown[])[0]);
    for (const line of [
      '[Storage]',
      'Bucket: cgsl-files',
      'Waiting: 3',
      "Admin: yes: the profile role is 'admin'",
      'Migrations: 12 applied',
      'Problem: Files cannot be stored.',
      'League time zone: America/Chicago',
    ]) {
      expect(text).toContain(line);
    }
    expect(await screen.findByText('Copied. Paste it into your message to the league.')).toBeTruthy();
  });

  it('says the API is not reachable, in words, when /api/diag fails, and keeps the browser facts', async () => {
    stubApi(null, {}, (url) =>
      url === '/api/diag' ? json({ error: { code: 'UNAVAILABLE', message: 'The server is restarting. Try again shortly.' } }, 503) : undefined,
    );
    renderApp('/diag');
    const app = await screen.findByRole('region', { name: 'App' });
    expect(await within(app).findByText('not reachable')).toBeTruthy();
    expect(within(app).getByText(/The server is restarting\. Try again shortly\. If it keeps happening/)).toBeTruthy();
    expect(within(card('League')).getByText(/\(same as the league\)|\(differs from the league/)).toBeTruthy();
  });
});
