import fs from 'node:fs';
import path from 'node:path';
import { act, cleanup, screen, within } from '@testing-library/react';
import { Suspense } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Namespace } from '../../../../shared/i18n/catalogues';
import type { Report } from '../../../../shared/reports/reports.schemas';
import { writeCachedSession } from '../../../app/session/profile-cache';
import { activate } from '../../../lib/i18n';
import { adminProfile, stubApi } from '../../../test/render-app';
import { renderWithProviders } from '../../../test/render-component';
import { ReportsPage } from './reports-page';

/* Issue 30: the admins' reports in Spanish, with its figures' sentences and labels from the catalogue. */
const LOCALES = path.resolve(import.meta.dirname, '../../../../shared/i18n/locales');
const NAMESPACES = fs.readdirSync(path.join(LOCALES, 'es')).map((file) => file.replace(/\.json$/, '')) as Namespace[];

const SEASON = { id: '11111111-1111-4111-8111-111111111111', name: 'Primavera 2027', startsOn: '2027-03-01', endsOn: '2027-05-31', active: true };
const TEAM = '3f1c1a2e-1111-4a2b-9c3d-000000000001';
const zeros = { rainedOut: 0, rainOutRestored: 0, creditsGranted: 0, creditsUsed: 0, creditsExpired: 0, creditsRemoved: 0 };
const waitlist = { waitsTaken: 2, waitsPassed: 1, waitsExpired: 1, waitsRefused: 0 };
const report: Report = {
  range: { from: '2027-03-01', to: '2027-05-31', timeZone: 'America/Chicago', seasonId: SEASON.id, seasonName: SEASON.name, facilityId: null, facilityName: null },
  teams: [
    {
      teamId: TEAM,
      teamName: 'Blue Jays',
      active: false,
      bookings: 2,
      bookedMinutes: 150,
      cancellations: 0,
      lateCancellations: 0,
      bumped: 0,
      requestsFiled: 0,
      requestsApproved: 0,
      requestsApprovedCancelled: 0,
      requestsDeclined: 0,
      ...zeros,
      ...waitlist,
    },
  ],
  fields: [],
  facilities: [],
  weeks: [],
  fairness: { activeTeams: 1, equalShare: 1, bookedMinutes: 150, primeMinutes: 0, teams: [] },
  rainOuts: { rainOuts: 1, practicesCancelled: 3, practicesRestored: 0, creditsGranted: 1, creditsUsed: 0, creditsExpired: 0, creditsRemoved: 0 },
  waitlist,
};

afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await act(() => activate('en', NAMESPACES));
});

describe('Reports in Spanish (issue 30)', { timeout: 20_000 }, () => {
  it('draws the report in Spanish', async () => {
    localStorage.clear();
    writeCachedSession({ profile: adminProfile, isAdmin: true });
    stubApi(adminProfile, {
      '/api/seasons': { seasons: [SEASON] },
      '/api/facilities?includeInactive=true': { facilities: [] },
      [`/api/admin/reports?seasonId=${SEASON.id}`]: report,
    });
    await act(() => activate('es', NAMESPACES));
    await act(async () => {
      renderWithProviders(
        <Suspense fallback={null}>
          <ReportsPage />
        </Suspense>,
      );
    });

    expect(await screen.findByRole('heading', { level: 1, name: 'Informes' })).toBeTruthy();
    expect(screen.getByRole('combobox', { name: 'Temporada o fechas' })).toBeTruthy();
    const rain = await screen.findByRole('region', { name: 'Suspensiones por lluvia' });
    expect(within(rain).getByText(/^1 suspensión por lluvia; 3 prácticas canceladas por lluvia/)).toBeTruthy();
    const wait = screen.getByRole('region', { name: 'Lista de espera' });
    expect(within(wait).getByRole('link', { name: 'Exportar CSV de lista de espera' })).toBeTruthy();
    expect(within(wait).getByText(/^2 horarios tomados de la lista de espera; 1 que se dejaron pasar, 1 apartado que venció/)).toBeTruthy();
    const teams = screen.getByRole('region', { name: 'Por equipo' });
    expect(within(teams).getByRole('row', { name: /Blue Jays \(inactivo\)/ })).toBeTruthy();
    expect(within(teams).getAllByRole('cell')[1]!.textContent).toBe('2.5 h');
    expect(screen.getByRole('status').textContent).toMatch(/^Mostrando Primavera 2027 \(1 mar 2027 – 31 may 2027\), todas las instalaciones\./);
    // No English of the page's own left.
    expect(document.body.textContent).not.toMatch(/Reports|Per team|Waitlist|Export CSV|rain-out|every facility/);
  });
});
