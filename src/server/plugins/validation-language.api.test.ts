import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, TEST_ORIGIN, type TestApp, type TestUser } from '../test/test-app';

/**
 * A request that fails its schema is answered in the language it asked for (Accept-Language, which the web app
 * sends): each problem's message and the summary, with the problem's key in the validation catalogue. English is
 * worded as it always was.
 */
let t: TestApp;
let person: TestUser;

beforeAll(async () => {
  t = await buildTestApp();
  person = await t.signUp({ email: 'validation-lang@example.org' });
}, 60_000);
afterAll(() => t.close());

const patchMe = (payload: unknown, language?: string) =>
  t.app.inject({
    method: 'PATCH',
    url: '/api/me',
    payload: payload as object,
    headers: { origin: TEST_ORIGIN, cookie: person.cookie, ...(language ? { 'accept-language': language } : {}) },
  });

describe('a validation error in the request’s language', () => {
  it('in Spanish: the message, the summary and the key', async () => {
    const res = await patchMe({ displayName: '' }, 'es-MX,es;q=0.9');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: {
        code: 'VALIDATION_FAILED',
        message: 'Revisa "displayName": Escribe tu nombre',
        details: [{ path: 'displayName', message: 'Escribe tu nombre', key: 'name.enterYours', params: {} }],
        key: 'server.validationField',
        params: { field: 'displayName', message: 'Escribe tu nombre' },
      },
    });
  });

  it('a message with a value keeps it: "Usa como máximo 100 caracteres"', async () => {
    const res = await patchMe({ displayName: 'x'.repeat(101) }, 'es');
    expect(res.statusCode).toBe(400);
    const detail = res.json().error.details[0];
    expect(detail).toMatchObject({ path: 'displayName', key: 'text.atMost', params: { max: '100' } });
    expect(detail.message).toMatch(/^Usa como máximo \d+ caracteres$/);
  });

  it("zod's own words for a problem the schema has no message for, in Spanish too", async () => {
    const res = await patchMe({ nickname: 'Bo' }, 'es');
    expect(res.statusCode).toBe(400);
    const error = res.json().error;
    expect(error.details[0].key).toBeUndefined();
    expect(error.details[0].message).toBe('Llave desconocida: "nickname"');
    expect(error.message).toBe('Revisa la solicitud: Llave desconocida: "nickname"');
  });

  it('in English (no Accept-Language, or one the app does not speak): as it always was', async () => {
    for (const language of [undefined, 'fr-FR', 'en-US']) {
      const res = await patchMe({ displayName: '' }, language);
      expect(res.statusCode).toBe(400);
      expect(res.json().error, language).toEqual({
        code: 'VALIDATION_FAILED',
        message: 'Please check "displayName": Enter your name',
        details: [{ path: 'displayName', message: 'Enter your name', key: 'name.enterYours', params: {} }],
        key: 'server.validationField',
        params: { field: 'displayName', message: 'Enter your name' },
      });
    }
    const unknown = await patchMe({ nickname: 'Bo' });
    expect(unknown.json().error.message).toBe('Please check the request: Unrecognized key: "nickname"');
  });
});
