import fs from 'node:fs';
import path from 'node:path';
import { act, cleanup, screen, within } from '@testing-library/react';
import { Suspense } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Block } from '../../../../shared/blocks/blocks.schemas';
import type { Facility } from '../../../../shared/facilities/facilities.schemas';
import type { Namespace } from '../../../../shared/i18n/catalogues';
import { writeCachedSession } from '../../../app/session/profile-cache';
import { activate } from '../../../lib/i18n';
import { adminProfile, json, stubApi } from '../../../test/render-app';
import { renderWithProviders } from '../../../test/render-component';
import { BlockSlotsPage } from './block-slots-page';

const LOCALES = path.resolve(import.meta.dirname, '../../../../shared/i18n/locales');
const NAMESPACES = fs.readdirSync(path.join(LOCALES, 'es')).map((file) => file.replace(/\.json$/, '')) as Namespace[];

const PARK = '11111111-1111-4111-8111-111111111111';
const FIELD = '33333333-3333-4333-8333-000000000001';
const riverside: Facility = {
  id: PARK,
  name: 'Riverside Park',
  address: null,
  mapUrl: null,
  notes: null,
  active: true,
  fields: [{ id: FIELD, facilityId: PARK, name: 'Field 1', surface: 'dirt', lights: false, color: '#1e40af', active: true, divisionIds: [] }],
};
const block: Block = {
  id: 'b1',
  scope: 'field',
  slotId: null,
  fieldId: FIELD,
  facilityId: null,
  targetName: 'Riverside Park · Field 1',
  startsAt: '2026-11-24T23:00:00.000Z',
  endsAt: '2026-11-25T03:00:00.000Z',
  category: 'weather',
  reason: 'Field flooded',
  createdAt: '2026-11-20T12:00:00.000Z',
  liftedAt: null,
  slotsBlocked: 3,
};

afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await act(() => activate('en', NAMESPACES));
});

describe('Block slots in Spanish (issue 30)', () => {
  it('draws the form and the active blocks in Spanish, with no English of the page left', async () => {
    localStorage.clear();
    writeCachedSession({ profile: adminProfile, isAdmin: true });
    stubApi(adminProfile, { '/api/blocks': { blocks: [block] } }, (url) => {
      if (url.startsWith('/api/facilities')) return json({ facilities: [riverside] });
      if (url.startsWith('/api/slots')) return json({ slots: [] });
      return undefined;
    });
    await act(() => activate('es', NAMESPACES));
    await act(async () => {
      renderWithProviders(
        <Suspense fallback={null}>
          <BlockSlotsPage />
        </Suspense>,
      );
    });

    expect(await screen.findByRole('heading', { level: 1, name: 'Cierres' })).toBeTruthy();
    expect(await screen.findByRole('heading', { level: 2, name: 'Nuevo cierre' })).toBeTruthy();
    expect(screen.getByRole('group', { name: 'Qué cerrar' })).toBeTruthy();
    expect(screen.getByRole('radio', { name: 'Una instalación entera' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Crear cierre' })).toBeTruthy();
    const active = await screen.findByRole('region', { name: 'Cierres vigentes' });
    expect(await within(active).findByText('Motivo: Field flooded · 3 horarios cerrados')).toBeTruthy();
    expect(within(active).getByText('Clima')).toBeTruthy();
    expect(within(active).getByRole('button', { name: /^Reabrir Riverside Park · Field 1, / })).toBeTruthy();
    for (const english of ['Block slots', 'Active blocks', 'What to block', 'Weather', 'Unblock']) expect(screen.queryByText(english)).toBeNull();
  });
});
