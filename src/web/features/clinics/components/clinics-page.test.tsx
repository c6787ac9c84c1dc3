import { act, cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Clinic } from '../../../../shared/clinics/clinics.schemas';
import { writeCachedSession } from '../../../app/session/profile-cache';
import { activate } from '../../../lib/i18n';
import { adminProfile, json, preloadPages, stubApi } from '../../../test/render-app';
import { renderWithProviders } from '../../../test/render-component';
import { setupUser } from '../../../test/user';
import { ClinicsPage } from './clinics-page';

const clinic: Clinic = {
  id: '22222222-2222-4222-8222-222222222222',
  title: 'Pitching clinic',
  description: null,
  startsAt: '2099-05-01T14:00:00.000Z',
  endsAt: '2099-05-01T16:00:00.000Z',
  facilityId: null,
  locationText: 'Lincoln gym',
  location: 'Lincoln gym',
  ageGroup: '10U',
  capacity: 12,
  registrationOpensAt: null,
  registrationClosesAt: null,
  published: false,
  cancelledAt: null,
  cancelReason: null,
  registeredCount: 5,
  waitlistCount: 0,
};

// What the first dialog loads lazily (Headless UI).
preloadPages(() => import('../../../components/ui/modal-dialog'));
afterEach(async () => {
  await act(() => activate('en', ['common', 'clinics']));
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('/clinics in Spanish', () => {
  it('writes the page, a clinic card and the new-clinic form in Spanish', async () => {
    await act(() => activate('es', ['common', 'clinics']));
    writeCachedSession({ profile: adminProfile, isAdmin: true });
    stubApi(adminProfile, { '/api/facilities?includeInactive=true': { facilities: [] } }, (url) => {
      if (url === '/api/clinics') return json({ clinics: [clinic] });
      if (url === '/api/clinics/mine') return json({ registrations: [] });
      return undefined;
    });
    renderWithProviders(<ClinicsPage />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Clínicas' })).toBeTruthy();
    const card = await screen.findByRole('article', { name: 'Pitching clinic' });
    expect(card.textContent).toContain('Sin publicar');
    expect(card.textContent).toContain('Quedan 7 de 12 lugares');
    expect(card.textContent).toContain('Sin publicar: solo los administradores ven esta clínica');
    expect(within(card).getByRole('button', { name: 'Participantes de Pitching clinic' })).toBeTruthy();
    expect(within(card).getByRole('button', { name: 'Cancelar la clínica Pitching clinic' })).toBeTruthy();
    expect(await screen.findByText('Todavía no has inscrito a nadie. Elige una clínica abajo y pulsa Inscribir.')).toBeTruthy();

    const user = setupUser();
    await user.click(screen.getByRole('button', { name: 'Nueva clínica' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nueva clínica' });
    expect(within(dialog).getByLabelText('Título')).toBeTruthy();
    expect(within(dialog).getByRole('combobox', { name: 'Lugar' })).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Crear clínica' })).toBeTruthy();
  });
});
