import { act, cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { emailSchema, passwordSchema } from '../../shared/users/users.schemas';
import { renderWithProviders } from '../test/render-component';
import { wordFieldErrors } from './form-errors';
import { activate } from './i18n';
import { useZodForm } from './use-zod-form';

const schema = z.object({ email: emailSchema, password: passwordSchema, note: z.string().max(3, 'Nothing the catalogue knows') });

function Probe() {
  const form = useZodForm(schema, { defaultValues: { email: '', password: 'short', note: 'long note' } });
  const { errors } = form.formState;
  return (
    <form onSubmit={form.submit(() => undefined)} noValidate>
      <input aria-label="email" {...form.register('email')} />
      <input aria-label="password" {...form.register('password')} />
      <input aria-label="note" {...form.register('note')} />
      <p data-testid="email-error">{errors.email?.message}</p>
      <p data-testid="password-error">{errors.password?.message}</p>
      <p data-testid="note-error">{errors.note?.message}</p>
      <button type="submit">save</button>
    </form>
  );
}

describe("a form's schema messages", () => {
  afterEach(async () => {
    cleanup();
    await act(() => activate('en', ['common', 'validation']));
  });

  it('shows them in English as the schemas write them', async () => {
    renderWithProviders(<Probe />);
    await userEvent.click(await screen.findByRole('button', { name: 'save' }));
    expect(await screen.findByText('Enter your email address')).toBeTruthy();
    expect(screen.getByTestId('password-error').textContent).toBe('Use at least 8 characters');
    expect(screen.getByTestId('note-error').textContent).toBe('Nothing the catalogue knows');
  });

  it('shows them in Spanish, values and all (the check loads the Spanish words); a message the catalogue lacks stays as written', async () => {
    await act(() => activate('es', ['common']));
    renderWithProviders(<Probe />);
    await userEvent.click(await screen.findByRole('button', { name: 'save' }));
    expect(await screen.findByText('Escribe tu correo electrónico')).toBeTruthy();
    expect(screen.getByTestId('password-error').textContent).toBe('Usa al menos 8 caracteres');
    expect(screen.getByTestId('note-error').textContent).toBe('Nothing the catalogue knows');
  });
});

describe('wordFieldErrors', () => {
  it('words nested fields, array items and collected types, and keeps each ref as it is', () => {
    const ref = { name: 'email' };
    const t = ((key: string, values?: Record<string, unknown>) => `${key}:${JSON.stringify(values ?? {})}`) as Parameters<typeof wordFieldErrors>[1];
    const worded = wordFieldErrors(
      {
        email: { type: 'too_small', message: 'Enter your email address', ref },
        dates: [undefined, { type: 'custom', message: 'You chose this date already: pick another one or remove it' }],
        window: { end: { type: 'custom', message: 'Use at most 80 characters', types: { too_big: 'Use at most 80 characters' } } },
      },
      t,
    );
    expect(worded.email.message).toBe('email.enterYours:{}');
    expect(worded.email.ref).toBe(ref);
    expect(worded.dates[1]!.message).toBe('request.dateTwice:{}');
    expect(worded.window.end.message).toBe('text.atMost:{"max":"80"}');
    expect(worded.window.end.types.too_big).toBe('text.atMost:{"max":"80"}');
  });
});
