import { act, cleanup, screen, within } from '@testing-library/react';
import toast from 'react-hot-toast';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { preloadPages, renderApp, stubApi } from '../../../test/render-app';

preloadPages(() => import('./login-page'), () => import('./signup-page'));
afterEach(() => {
  act(() => toast.remove());
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

const withProvider = { '/api/sign-in-options': { oidc: { providerName: 'Test League ID' }, passwordSignUp: true } };

describe('/login with the league’s identity provider', () => {
  it('offers "Log in with {provider}" as a link that keeps where the person was going, beside the email form', async () => {
    stubApi(null, withProvider);
    renderApp('/login?redirect=%2Fslots');
    const link = await screen.findByRole('link', { name: 'Log in with Test League ID' });
    expect(link.getAttribute('href')).toBe('/api/sign-in/oidc?redirect=%2Fslots');
    expect(screen.getByLabelText('Email')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Log in' })).toBeTruthy();
  });

  it('without a provider there is no such link', async () => {
    stubApi(null, { '/api/sign-in-options': { oidc: null, passwordSignUp: true } });
    renderApp('/login');
    await screen.findByLabelText('Email');
    expect(screen.queryByRole('link', { name: /Log in with/ })).toBeNull();
  });

  it('says in words why the provider did not sign the person in, never repeating text from the address', async () => {
    stubApi(null, withProvider);
    renderApp('/login?error=oidc_unavailable&error_description=Call%20555-0100%20to%20unlock');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('You are not logged in');
    await screen.findByRole('link', { name: 'Log in with Test League ID' });
    expect(alert.textContent).toContain('Test League ID is not answering right now, so you cannot log in with it.');
    expect(document.body.textContent).not.toContain('555-0100');
  });

  it('an unknown code still gets words, and the password form stays', async () => {
    stubApi(null, withProvider);
    renderApp('/login?error=something_new');
    expect((await screen.findByRole('alert')).textContent).toContain('did not work, so you were not logged in');
    expect(screen.getByRole('button', { name: 'Log in' })).toBeTruthy();
  });
});

describe('/signup', () => {
  it('with password sign-up off and no provider: no form, it says accounts are by invitation', async () => {
    stubApi(null, { '/api/sign-in-options': { oidc: null, passwordSignUp: false } });
    renderApp('/signup');
    const note = (await screen.findByText('Sign-up with a password is switched off')).closest('[role="status"]')!;
    expect(note.textContent).toContain('ask a league admin to invite you');
    expect(screen.queryByLabelText('Password')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Sign up' })).toBeNull();
  });

  it('with password sign-up off and a provider: only the provider’s button', async () => {
    stubApi(null, { '/api/sign-in-options': { oidc: { providerName: 'Test League ID' }, passwordSignUp: false } });
    renderApp('/signup?redirect=%2Fclinics');
    const link = await screen.findByRole('link', { name: 'Log in with Test League ID' });
    expect(link.getAttribute('href')).toBe('/api/sign-in/oidc?redirect=%2Fclinics');
    const note = (await screen.findByText('Sign-up with a password is switched off')).closest('[role="status"]')!;
    expect(within(note as HTMLElement).getByText(/New accounts come from Test League ID or from an invitation/)).toBeTruthy();
    expect(screen.queryByLabelText('Password')).toBeNull();
  });

  it('with both: the provider’s button and the form', async () => {
    stubApi(null, withProvider);
    renderApp('/signup');
    await screen.findByRole('link', { name: 'Log in with Test League ID' });
    expect(screen.getByLabelText('Password')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Sign up' })).toBeTruthy();
  });
});

describe('the words for a failed "Log in with …"', () => {
  it('are, in English, exactly shared/auth/sign-in.schemas.ts oidcErrorMessage for every code', async () => {
    const { oidcErrorMessage, OIDC_NOT_CONFIGURED, OIDC_UNAVAILABLE } = await import('../../../../shared/auth/sign-in.schemas');
    const { oidcErrorKey } = await import('./provider-sign-in');
    const { translate } = await import('../../../lib/i18n');
    const codes = [OIDC_UNAVAILABLE, OIDC_NOT_CONFIGURED, 'oauth_provider_not_found', 'invalid_code', 'server_error', 'temporarily_unavailable', 'access_denied', 'state_not_found', 'state_mismatch', 'state_invalid', 'invalid_callback_request', 'no_code', 'no_callback_url', 'unable_to_get_user_info', 'nonce_binding_missing', 'issuer_mismatch', 'issuer_missing', 'email_not_found', 'account_not_linked', 'unable_to_link_account', 'ACCOUNT_DISABLED', 'VALIDATION_FAILED', 'something_new'];
    for (const code of codes) expect(translate('auth', oidcErrorKey(code), { provider: 'Test League ID' }), code).toBe(oidcErrorMessage(code, 'Test League ID'));
  });
});

describe('/login in Spanish', () => {
  afterEach(async () => {
    const { activate } = await import('../../../lib/i18n');
    await act(() => activate('en', ['common']));
  });

  it('says why "Log in with …" did not work, in Spanish', async () => {
    const { activate } = await import('../../../lib/i18n');
    await act(() => activate('es', ['common', 'auth']));
    stubApi(null, withProvider);
    renderApp('/login?error=access_denied');
    expect(await screen.findByRole('link', { name: 'Iniciar sesión con Test League ID' })).toBeTruthy();
    const alert = screen.getByRole('alert');
    expect(within(alert).getByText('No iniciaste sesión')).toBeTruthy();
    expect(within(alert).getByText(/El inicio de sesión se canceló en Test League ID/)).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Iniciar sesión' })).toBeTruthy();
  });
});
