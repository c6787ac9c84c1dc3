import { act, cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { activate } from '../../../lib/i18n';
import { stubApi } from '../../../test/render-app';
import { renderWithProviders } from '../../../test/render-component';
import { ScheduleSyncPage } from './schedule-sync-page';

afterEach(async () => {
  await act(() => activate('en', ['common', 'schedule-sync']));
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('/schedule-sync', () => {
  it('offers the league’s link and the steps, in English', async () => {
    stubApi(null, { '/api/facilities': { facilities: [] } });
    renderWithProviders(<ScheduleSyncPage />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Schedule sync' })).toBeTruthy();
    const league = await screen.findByRole('region', { name: 'The whole league' });
    expect(within(league).getByRole('button', { name: 'Copy link' })).toBeTruthy();
    const howTo = screen.getByRole('region', { name: 'How to subscribe' });
    expect(howTo.textContent).toContain('choose Other calendars → + → From URL, paste the link and press “Add calendar”.');
  });

  it('is written in Spanish for a visitor who chose it', async () => {
    await act(() => activate('es', ['common', 'schedule-sync']));
    stubApi(null, { '/api/facilities': { facilities: [] } });
    renderWithProviders(<ScheduleSyncPage />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Sincronizar calendario' })).toBeTruthy();
    const team = await screen.findByRole('region', { name: 'El calendario de tu equipo' });
    expect(team.textContent).toContain('Inicia sesión para ver el tuyo.');
    const league = screen.getByRole('region', { name: 'Toda la liga' });
    expect(within(league).getByRole('button', { name: 'Copiar enlace' })).toBeTruthy();
    expect(within(league).getByRole('link', { name: 'Abrir en la app de calendario' })).toBeTruthy();
    expect(await screen.findByText('La liga todavía no tiene campos abiertos. Cada campo tendrá aquí su enlace cuando un administrador de la liga lo agregue.')).toBeTruthy();
    const howTo = screen.getByRole('region', { name: 'Cómo suscribirse' });
    expect(within(howTo).getByText('Otros calendarios → + → Desde URL')).toBeTruthy();
  });
});
