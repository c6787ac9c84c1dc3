import fs from 'node:fs';
import path from 'node:path';
import { act, cleanup, screen, within } from '@testing-library/react';
import { Suspense, type ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Namespace } from '../../../../shared/i18n/catalogues';
import type { ContactMessage } from '../../../../shared/contact/contact.schemas';
import { writeCachedSession } from '../../../app/session/profile-cache';
import { activate } from '../../../lib/i18n';
import { adminProfile, leagueSettings, stubApi } from '../../../test/render-app';
import { renderWithProviders } from '../../../test/render-component';
import { ContactInbox } from './contact-inbox';
import { ContactPage } from './contact-page';

/* Issue 30: the Contact page and the admins' inbox in Spanish. */
const LOCALES = path.resolve(import.meta.dirname, '../../../../shared/i18n/locales');
const NAMESPACES = fs.readdirSync(path.join(LOCALES, 'es')).map((file) => file.replace(/\.json$/, '')) as Namespace[];

const message: ContactMessage = {
  id: 'm1',
  name: 'Dana Diaz',
  email: 'dana@example.org',
  subject: 'Luces del campo 3',
  body: 'Las luces no se encendieron el martes.',
  status: 'new',
  signedIn: true,
  createdAt: '2027-03-02T15:00:00.000Z',
};

async function inSpanish(ui: ReactNode) {
  localStorage.clear();
  writeCachedSession({ profile: adminProfile, isAdmin: true });
  stubApi(adminProfile, {
    '/api/league': { ...leagueSettings, contactEmail: 'liga@example.org' },
    '/api/admin/contact-messages?status=new': { messages: [message], counts: { new: 1, read: 4, archived: 0 } },
  });
  await act(() => activate('es', NAMESPACES));
  await act(async () => {
    renderWithProviders(<Suspense fallback={null}>{ui}</Suspense>);
  });
}

afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await act(() => activate('en', NAMESPACES));
});

describe('Contact in Spanish (issue 30)', { timeout: 20_000 }, () => {
  it('draws the contact form in Spanish', async () => {
    await inSpanish(<ContactPage />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Contacta a la liga' })).toBeTruthy();
    expect(await screen.findByRole('textbox', { name: /^Tu nombre/ })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Enviar mensaje' })).toBeTruthy();
    expect(await screen.findByRole('link', { name: 'liga@example.org' })).toBeTruthy();
    expect(document.body.textContent).toContain('¿Prefieres el correo? Escribe a liga@example.org.');
    expect(document.body.textContent).not.toMatch(/Contact the league|Send message|Your name/);
  });

  it('lists the inbox in Spanish', async () => {
    await inSpanish(<ContactInbox />);
    const inbox = await screen.findByRole('region', { name: 'Mensajes a la liga' });
    expect(await within(inbox).findByRole('button', { name: 'Leídos (4)' })).toBeTruthy();
    expect(within(inbox).getByText('Nuevo')).toBeTruthy();
    expect(within(inbox).getByText(/\(con sesión iniciada\)/)).toBeTruthy();
    expect(within(inbox).getByRole('button', { name: 'Marcar como leído' })).toBeTruthy();
    expect(within(inbox).getByRole('link', { name: 'Responder por correo' }).getAttribute('href')).toContain('subject=Re%3A%20Luces');
    expect(document.body.textContent).not.toMatch(/Messages to the league|Mark as read|Reply by email/);
  });
});
