import fs from 'node:fs';
import path from 'node:path';
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { Suspense } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AuditEntry } from '../../../../shared/audit/audit-log.schemas';
import type { Namespace } from '../../../../shared/i18n/catalogues';
import { activate } from '../../../lib/i18n';
import { adminProfile, json, stubApi } from '../../../test/render-app';
import { renderWithProviders } from '../../../test/render-component';
import { AuditLogPage } from './audit-log-page';

/* Issue 30: the audit log in Spanish, with none of its own English words left. */
const LOCALES = path.resolve(import.meta.dirname, '../../../../shared/i18n/locales');
const NAMESPACES = fs.readdirSync(path.join(LOCALES, 'es')).map((file) => file.replace(/\.json$/, '')) as Namespace[];
const read = (locale: string) => JSON.parse(fs.readFileSync(path.join(LOCALES, locale, 'audit-log.json'), 'utf8')) as Record<string, string>;
const en = read('en');
const es = read('es');
/** The feature's English messages with no placeholder, where Spanish says something else: none may be on the page. */
const englishWords = Object.entries(en)
  .filter(([key, message]) => !message.includes('{') && message !== es[key])
  .map(([, message]) => message);

/** Every text on the page and every accessible label, placeholder and title, whole. */
function shown(): Set<string> {
  const texts = new Set<string>();
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) texts.add((node.textContent ?? '').trim());
  for (const el of document.body.querySelectorAll('[aria-label], [title], [placeholder]')) {
    for (const name of ['aria-label', 'title', 'placeholder']) texts.add(el.getAttribute(name)?.trim() ?? '');
  }
  return texts;
}

const BOOKING = '0e2b7a8e-2a4f-4c55-9d2e-5f0c6c9b1a11';
const entries: AuditEntry[] = [
  {
    id: 'a2',
    at: '2027-03-03T00:04:05.000Z',
    actorId: 'u2',
    actorEmail: 'ada@example.org',
    action: 'booking.cancel',
    entityType: 'booking',
    entityId: BOOKING,
    entityLabel: null,
    summary: 'Cancelled the Blue Jays booking',
    before: { status: 'confirmed' },
    after: { status: 'cancelled' },
  },
  {
    id: 'a1',
    at: '2027-03-02T15:00:00.000Z',
    actorId: null,
    actorEmail: null,
    action: 'season.activate',
    entityType: 'season',
    entityId: 's1',
    entityLabel: null,
    summary: 'Spring 2027',
    before: null,
    after: null,
  },
];

afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await act(() => activate('en', NAMESPACES));
});

describe('the audit log in Spanish (issue 30)', () => {
  it('draws the page, an entry and its changes in Spanish, with no English of its own left', async () => {
    stubApi(adminProfile, {}, (url) => (url.startsWith('/api/admin/audit-log?') ? json({ entries, nextCursor: null }) : undefined));
    await act(() => activate('es', NAMESPACES));
    await act(async () => {
      renderWithProviders(
        <Suspense fallback={null}>
          <AuditLogPage />
        </Suspense>,
      );
    });

    expect(await screen.findByRole('heading', { level: 1, name: 'Registro de actividad' })).toBeTruthy();
    expect(await screen.findByText('Mostrando 2 entradas')).toBeTruthy();
    const list = screen.getByRole('list', { name: 'Entradas del registro, de la más reciente a la más antigua' });
    expect(within(list).getByText('Reserva')).toBeTruthy();
    expect(within(list).getByText('Sistema')).toBeTruthy();
    expect(within(list).getByRole('link', { name: 'Abrir en Gestionar reservas' })).toBeTruthy();
    expect(within(list).getByRole('article', { name: /^booking\.cancel el 2 mar 2027, / })).toBeTruthy();

    fireEvent.click(within(list).getByRole('button', { name: 'Ver cambios' }));
    const changes = within(list).getByRole('list', { name: 'Cambios' });
    expect(within(changes).getByText('Cambiado')).toBeTruthy();
    expect(within(changes).getByText('Antes')).toBeTruthy();

    expect(englishWords.filter((words) => shown().has(words))).toEqual([]);
    expect(screen.queryByText('Audit log')).toBeNull();
  });
});
