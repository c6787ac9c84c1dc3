import fs from 'node:fs';
import path from 'node:path';
import { setupI18n } from '@lingui/core';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { compileCatalogue } from './compile';
import enValidation from './locales/en/validation.json';
import esValidation from './locales/es/validation.json';
import { validationWords } from './validation-words';

/**
 * Every message the shared schemas can give (src/shared/**\/*.schemas.ts) must be in the `validation` catalogue, so
 * a Spanish reader never gets an English field error. Two walks find them: the schemas themselves, at run time (every
 * message a check or a type carries, helpers' messages included, as they were built: "The weekly limit is at most 14"),
 * and the source, for the messages `superRefine` adds with `ctx.addIssue` (only known when the check fails).
 */

const SHARED = path.resolve(import.meta.dirname, '..');
const schemaFiles = (fs.readdirSync(SHARED, { recursive: true }) as string[])
  .filter((f) => f.endsWith('.schemas.ts'))
  .map((f) => path.join(SHARED, f))
  .sort();

const runtimes = Object.fromEntries(
  (['en', 'es'] as const).map((locale) => {
    const i18n = setupI18n();
    i18n.load(locale, compileCatalogue('validation', locale === 'en' ? enValidation : esValidation));
    i18n.activate(locale);
    return [locale, i18n];
  }),
);
const say = (locale: 'en' | 'es', key: string, params: Record<string, string>) => runtimes[locale]!._(`validation.${key}`, params);

// ---- the schemas at run time ----

/** Every message a zod schema carries: its own (a type's, an enum's, a format's) and its checks', walking its parts. */
function schemaMessages(value: unknown, found: Set<string>, seen = new WeakSet<object>()): void {
  if (!value || typeof value !== 'object' || seen.has(value)) return;
  seen.add(value);
  if (Array.isArray(value)) return value.forEach((v) => schemaMessages(v, found, seen));
  const zod = (value as { _zod?: { def: Record<string, unknown> } })._zod;
  if (!zod) {
    if (Object.getPrototypeOf(value) === Object.prototype) for (const v of Object.values(value)) schemaMessages(v, found, seen);
    return;
  }
  const def = zod.def;
  const take = (error: unknown) => {
    if (typeof error !== 'function') return;
    const message: unknown = (error as (issue: object) => unknown)({});
    if (typeof message === 'string') found.add(message);
  };
  take(def.error);
  for (const check of (def.checks as Array<{ _zod?: { def?: { error?: unknown } } }> | undefined) ?? []) take(check._zod?.def?.error);
  for (const [name, part] of Object.entries(def)) if (name !== 'checks' && name !== 'error') schemaMessages(part, found, seen);
}

async function runtimeMessages(): Promise<Map<string, string>> {
  const messages = new Map<string, string>();
  for (const file of schemaFiles) {
    const found = new Set<string>();
    schemaMessages(Object.values((await import(file)) as Record<string, unknown>), found);
    for (const m of found) if (!messages.has(m)) messages.set(m, path.relative(SHARED, file));
  }
  return messages;
}

// ---- ctx.addIssue in the source ----

/**
 * `ctx.addIssue({ message: problem })` where the words come from elsewhere: the function whose `message:` values and
 * returned strings are the messages. A new indirection fails the test until it is named here.
 */
const INDIRECT: Record<string, { file: string; fn: string }> = {
  'practice-requests/practice-requests.schemas.ts: p.message': { file: 'practice-requests/practice-request-rules.ts', fn: 'windowProblems' },
  'opening/opening.schemas.ts: problem': { file: 'opening/opening.schemas.ts', fn: 'divisionOpensProblem' },
};

const parse = (file: string) => ts.createSourceFile(file, fs.readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);

/** A literal's English, a template's with each `${…}` as "7" (any value matches a placeholder); null otherwise. */
function literal(node: ts.Expression): string | null {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
  if (ts.isTemplateExpression(node)) return node.head.text + node.templateSpans.map((s) => `7${s.literal.text}`).join('');
  if (ts.isParenthesizedExpression(node)) return literal(node.expression);
  return null;
}

/** A name's value when it is a constant of the same file (`const EXPIRES_AFTER_PUBLISH = '…'`). */
function constantOf(source: ts.SourceFile, name: string): string | null {
  let value: string | null = null;
  const visit = (n: ts.Node) => {
    if (ts.isVariableDeclaration(n) && ts.isIdentifier(n.name) && n.name.text === name && n.initializer) value ??= literal(n.initializer);
    ts.forEachChild(n, visit);
  };
  visit(source);
  return value;
}

/** The messages a function gives: its `message:` values and the strings it returns. */
function messagesOfFunction(file: string, fn: string): string[] {
  const out: string[] = [];
  const visitBody = (n: ts.Node) => {
    if (ts.isPropertyAssignment(n) && n.name.getText() === 'message') {
      const text = literal(n.initializer);
      if (text !== null) out.push(text);
    }
    if (ts.isReturnStatement(n) && n.expression) {
      const text = literal(n.expression);
      if (text !== null) out.push(text);
    }
    ts.forEachChild(n, visitBody);
  };
  const visit = (n: ts.Node) => {
    if (ts.isFunctionDeclaration(n) && n.name?.text === fn) visitBody(n);
    ts.forEachChild(n, visit);
  };
  visit(parse(path.join(SHARED, file)));
  return out;
}

function issueMessages(): { messages: Map<string, string>; unresolved: string[] } {
  const messages = new Map<string, string>();
  const unresolved: string[] = [];
  for (const file of schemaFiles) {
    const source = parse(file);
    const where = path.relative(SHARED, file);
    const visit = (n: ts.Node) => {
      if (ts.isCallExpression(n) && ts.isPropertyAccessExpression(n.expression) && n.expression.name.text === 'addIssue') {
        const arg = n.arguments[0];
        const message = arg && ts.isObjectLiteralExpression(arg) ? arg.properties.find((p) => ts.isPropertyAssignment(p) && p.name.getText() === 'message') : undefined;
        if (message && ts.isPropertyAssignment(message)) {
          const expr = message.initializer;
          const text = literal(expr) ?? (ts.isIdentifier(expr) ? constantOf(source, expr.text) : null);
          const indirect = INDIRECT[`${where}: ${expr.getText()}`];
          if (text !== null) messages.set(text, where);
          else if (indirect) for (const m of messagesOfFunction(indirect.file, indirect.fn)) messages.set(m, indirect.file);
          else unresolved.push(`${where}: ${expr.getText()}`);
        }
      }
      ts.forEachChild(n, visit);
    };
    visit(source);
  }
  return { messages, unresolved };
}

describe('the validation catalogue covers every schema message', () => {
  it('finds the schema files and their messages', async () => {
    expect(schemaFiles.length).toBeGreaterThan(20);
    const messages = await runtimeMessages();
    expect(messages.size).toBeGreaterThan(150);
    expect([...messages.keys()]).toEqual(expect.arrayContaining(['Enter your email address', 'Use at least 8 characters', 'The weekly limit is at most 14']));
  });

  it('has a key for every message a schema carries, whose English is the message, word for word', async () => {
    const missing: string[] = [];
    for (const [message, file] of await runtimeMessages()) {
      const found = validationWords(message);
      if (!found) missing.push(`${file}: ${JSON.stringify(message)}`);
      else expect(say('en', found.key, found.params), `${file}: ${found.key}`).toBe(message);
    }
    expect(missing, 'add these to src/shared/i18n/locales/{en,es}/validation.json').toEqual([]);
  });

  it("has a key for every message a schema's superRefine adds", () => {
    const { messages, unresolved } = issueMessages();
    expect(unresolved, 'a message from elsewhere: name its function in INDIRECT').toEqual([]);
    expect(messages.size).toBeGreaterThan(20);
    const missing: string[] = [];
    for (const [message, file] of messages) {
      const found = validationWords(message);
      if (!found) missing.push(`${file}: ${JSON.stringify(message)}`);
      else expect(say('en', found.key, found.params), `${file}: ${found.key}`).toBe(message);
    }
    expect(missing, 'add these to src/shared/i18n/locales/{en,es}/validation.json').toEqual([]);
  });

  it('knows no message it was not given, and reads the values a message took', () => {
    expect(validationWords('Use at least eight sparkly characters, please')).toBeNull();
    expect(validationWords('Use at most 5,000 characters')).toEqual({ key: 'text.atMost', params: { max: '5,000' } });
    expect(validationWords('Use at most 254 characters for the actor')).toEqual({ key: 'text.atMostActor', params: { max: '254' } });
    expect(validationWords('Enter your email address')).toEqual({ key: 'email.enterYours', params: {} });
  });

  it('says them in Spanish', () => {
    const words = (m: string) => {
      const found = validationWords(m)!;
      return say('es', found.key, found.params);
    };
    expect(words('Enter your email address')).toBe('Escribe tu correo electrónico');
    expect(words('Use at least 8 characters')).toBe('Usa al menos 8 caracteres');
    expect(words('Choose the field to block')).toBe('Elige el campo que vas a cerrar');
    expect(words('Slot s-1 is listed twice')).toBe('El horario s-1 aparece dos veces');
  });

  it('writes the English catalogue with plain placeholders only (the web reads its compiled form)', () => {
    for (const [key, message] of Object.entries(enValidation)) {
      expect(message, key).not.toMatch(/\{\s*\w+\s*,/);
      expect(validationWords(message.replace(/\{(\w+)\}/g, '7')), key).not.toBeNull();
    }
  });
});
