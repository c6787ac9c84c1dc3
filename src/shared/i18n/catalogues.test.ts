import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { compileCatalogue } from './compile';
import { LOCALES } from './locales';

const dir = path.join(import.meta.dirname, 'locales');
const namespaces = fs
  .readdirSync(path.join(dir, 'en'))
  .filter((f) => f.endsWith('.json'))
  .map((f) => f.slice(0, -'.json'.length));
const read = (locale: string, ns: string) => JSON.parse(fs.readFileSync(path.join(dir, locale, `${ns}.json`), 'utf8')) as Record<string, string>;

/**
 * What a message needs from the code: its placeholders ({field}, {count, plural, …}, the # of a plural) and its
 * markup tags (<0>…</0>), from the compiled form, so a translation that drops or renames one is caught.
 */
export function placeholdersOf(message: string): string[] {
  const found = new Set<string>();
  // A compiled message is a list of parts: a string is literal text, a list is an argument [name, type?, options?]
  // whose options (a plural's or a select's branches) are messages again.
  const walkMessage = (parts: unknown): void => {
    for (const part of typeof parts === 'string' ? [parts] : Array.isArray(parts) ? parts : []) {
      if (typeof part === 'string') {
        for (const tag of part.matchAll(/<\/?(\d+)\s*\/?>/g)) found.add(`<${tag[1]}>`);
      } else if (Array.isArray(part) && typeof part[0] === 'string') {
        found.add(`{${part[0]}}`);
        const options: unknown = part[2];
        if (options && typeof options === 'object') for (const branch of Object.values(options)) walkMessage(branch);
      }
    }
  };
  walkMessage(compileCatalogue('x', { m: message })['x.m']);
  return [...found].sort();
}

describe('the catalogues', () => {
  it('has at least the namespaces the app is built on', () => {
    expect(namespaces).toEqual(expect.arrayContaining(['common', 'errors', 'mail', 'feeds']));
  });

  it.each(namespaces)('%s: every language has the same keys as English, with the same placeholders and tags', (ns) => {
    const en = read('en', ns);
    for (const locale of LOCALES.filter((l) => l !== 'en')) {
      const other = read(locale, ns);
      expect(Object.keys(other).sort(), `${locale}/${ns}.json keys`).toEqual(Object.keys(en).sort());
      for (const [key, message] of Object.entries(en)) {
        expect(other[key]!.trim(), `${locale}/${ns}.json: ${key} is empty`).not.toBe('');
        expect(placeholdersOf(other[key]!), `${locale}/${ns}.json: ${key}`).toEqual(placeholdersOf(message));
      }
    }
  });

  it.each(namespaces)('%s: every message is valid ICU in every language', (ns) => {
    for (const locale of LOCALES) expect(() => compileCatalogue(ns, read(locale, ns))).not.toThrow();
  });

  it('names every namespace in catalogues.ts, so its keys are typed', () => {
    const registry = fs.readFileSync(path.join(import.meta.dirname, 'catalogues.ts'), 'utf8');
    for (const ns of namespaces) expect(registry, ns).toContain(`./locales/en/${ns}.json'`);
  });

  it('finds a dropped placeholder, a renamed one and a lost tag', () => {
    expect(placeholdersOf('{count, plural, one {# práctica} other {# prácticas}} en {field}')).toEqual(['{count}', '{field}']);
    expect(placeholdersOf('Lee las <0>reglas</0> de {league}')).toEqual(['<0>', '{league}']);
    expect(placeholdersOf('{n, plural, one {un {team}} other {# equipos}}')).toEqual(['{n}', '{team}']);
    expect(placeholdersOf('sin nada')).toEqual([]);
  });
});
