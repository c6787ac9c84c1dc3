import fs from 'node:fs';
import path from 'node:path';
import { act, cleanup, screen, within } from '@testing-library/react';
import { Suspense } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Namespace } from '../../../../shared/i18n/catalogues';
import type { MailQueuePage as Page, QueuedMail } from '../../../../shared/mail/mail-queue.schemas';
import { writeCachedSession } from '../../../app/session/profile-cache';
import { activate } from '../../../lib/i18n';
import { adminProfile, json, stubApi } from '../../../test/render-app';
import { renderWithProviders } from '../../../test/render-component';
import { MailQueuePage } from './mail-queue-page';

const LOCALES = path.resolve(import.meta.dirname, '../../../../shared/i18n/locales');
const NAMESPACES = fs.readdirSync(path.join(LOCALES, 'es')).map((file) => file.replace(/\.json$/, '')) as Namespace[];

const hourAgo = new Date(Date.now() - 3_600_000).toISOString();
const failed: QueuedMail = {
  id: '00000000-0000-4000-8000-000000000001',
  kind: 'invitation',
  toAddress: 'person1@example.org',
  subject: 'You are invited',
  status: 'failed',
  attempts: 2,
  lastError: 'EENVELOPE: 550 no such user here',
  nextAttemptAt: hourAgo,
  createdAt: hourAgo,
  messageId: '<m1@localhost>',
};

afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await act(() => activate('en', NAMESPACES));
});

describe('/admin-mail in Spanish (issue 30)', () => {
  it('lists a failed email in Spanish, with no English of the page left', async () => {
    localStorage.clear();
    writeCachedSession({ profile: adminProfile, isAdmin: true });
    const page: Page = { messages: [failed], nextCursor: null, counts: { failed: 1, waiting: 0 }, retentionDays: 90 };
    stubApi(adminProfile, {}, (url) => (url.startsWith('/api/admin/mail-messages?') ? json(page) : undefined));
    await act(() => activate('es', NAMESPACES));
    await act(async () => {
      renderWithProviders(
        <Suspense fallback={null}>
          <MailQueuePage />
        </Suspense>,
      );
    });

    expect(await screen.findByRole('heading', { level: 1, name: 'Correo' })).toBeTruthy();
    expect(screen.getByText(/se borran después de 90 días/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Fallidos (1)', pressed: true })).toBeTruthy();
    const item = await screen.findByRole('article', { name: 'You are invited para person1@example.org' });
    expect(within(item).getByText('Fallido')).toBeTruthy();
    expect(within(item).getByText(/^Invitación, en la cola desde /)).toBeTruthy();
    expect(within(item).getByText('Se intentó 2 veces')).toBeTruthy();
    expect(within(item).getByRole('button', { name: 'Reenviar ahora' })).toBeTruthy();
    for (const english of ['Mail', 'Failed', 'Send again now', 'Reason', 'Tries']) expect(screen.queryByText(english)).toBeNull();
  });
});
