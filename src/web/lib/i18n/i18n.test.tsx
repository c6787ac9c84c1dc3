import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test/render-component';
import { activate, RichText, translate, useLocale, useT } from './index';

function Probe() {
  const { t } = useT('common');
  const { setLocale } = useLocale();
  return (
    <div>
      <p>{t('loading')}</p>
      <button type="button" onClick={() => void setLocale('es')}>
        es
      </button>
    </div>
  );
}

describe('the words of the web app', () => {
  afterEach(async () => {
    await act(() => activate('en', ['common']));
    localStorage.clear();
  });

  it('draws English first, then the same screen in Spanish once the Spanish words are loaded', async () => {
    renderWithProviders(<Probe />);
    expect(await screen.findByText('Loading…')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'es' }));
    expect(await screen.findByText('Cargando…')).toBeTruthy();
    expect(document.documentElement.lang).toBe('es');
    expect(localStorage.getItem('cgsl.locale')).toBe('es');
    expect(translate('common', 'language.label')).toBe('Idioma');
  });

  it('puts markup from the page inside a translated sentence', async () => {
    renderWithProviders(<RichText ns="common" k="loading" components={{ 0: <strong /> }} />);
    expect(await screen.findByText('Loading…')).toBeTruthy();
  });
});
