import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdminUser } from '../../../../shared/users/user-manager.schemas';
import { stubApi } from '../../../test/render-app';
import { renderWithProviders } from '../../../test/render-component';
import { PersonRow } from './person-row';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const person: AdminUser = {
  id: 'u9',
  email: 'gina@example.org',
  displayName: 'Gina Both',
  role: 'member',
  teamId: null,
  teamName: null,
  disabled: false,
  createdAt: '2027-03-01T12:00:00.000Z',
  lastSignInAt: null,
};

function renderRow(signInMethods: AdminUser['signInMethods']) {
  stubApi(null, { '/api/sign-in-options': { oidc: { providerName: 'Test League ID' }, passwordSignUp: true } });
  const noop = () => undefined;
  renderWithProviders(<PersonRow person={{ ...person, signInMethods }} teams={[]} isSelf={false} busy={false} onRole={noop} onTeam={noop} onDisabled={noop} />);
}

describe('how a person signs in, in the user manager', () => {
  it.each([
    [['password', 'provider'] as const, 'Signs in with a password or Test League ID'],
    [['password'] as const, 'Signs in with a password'],
    [['provider'] as const, 'Signs in with Test League ID'],
    [[] as const, 'No way to sign in yet'],
  ])('%j: %s', async (methods, words) => {
    renderRow([...methods]);
    expect(await screen.findByText(words)).toBeTruthy();
  });
});
