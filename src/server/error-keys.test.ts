import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import enErrors from '../shared/i18n/locales/en/errors.json';
import esErrors from '../shared/i18n/locales/es/errors.json';
import { AppError, paramsIn, wordsIn } from './errors';
import { hasWords } from './i18n/words';

/**
 * Every error the server sends a person is worded by key in the errors catalogue (decision 038): each key the
 * server's source names exists there, in English and Spanish, and no AppError is made with English text of its own.
 */
const SERVER = import.meta.dirname;
const SHARED = path.join(SERVER, '..', 'shared');

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'test' || entry.name === 'migrations' ? [] : sourceFiles(full);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

const files = [...sourceFiles(SERVER), ...sourceFiles(SHARED)].map((file) => ({ file: path.relative(SERVER, file), text: fs.readFileSync(file, 'utf8') }));

/**
 * The keys of the errors catalogue the source names: the string literals of each `key:` (a ternary's two included),
 * and of the key maps that feed one (`{ book: 'bookings.noTeamToBook', … } as const`).
 */
function keysIn(text: string): string[] {
  const found: string[] = [];
  for (const m of text.matchAll(/\bkey:\s*([^,}\n]*(?:\?[^:\n]*:[^,}\n]*)?)/g)) {
    for (const lit of m[1]!.matchAll(/'([A-Za-z][\w]*(?:\.[\w]+)*)'/g)) found.push(lit[1]!);
  }
  for (const m of text.matchAll(/^const [A-Z_]+_WORDS\b[^=]*=\s*\{([\s\S]*?)\n?\}(?: as const)?;/gm)) {
    for (const lit of m[1]!.matchAll(/'([a-z][\w]*\.[\w.]+)'/g)) found.push(lit[1]!);
  }
  return found;
}

describe('the errors the server words by key', () => {
  const used = files.flatMap(({ file, text }) => keysIn(text).map((key) => ({ file, key })));
  // Keys of other catalogues the server also names (`key:` of a validation problem, a mail's words).
  const errorKeys = used.filter(({ key }) => key in enErrors || /^(refusal|server|auth|bookings|swaps|waitlist|opening|clinics|storage|images|users|slots)\./.test(key));

  it('finds the keys (the scan is not empty)', () => {
    expect(errorKeys.length).toBeGreaterThan(300);
  });

  it('every key an error names exists in the errors catalogue, in English and Spanish', () => {
    const missing = errorKeys.filter(({ key }) => !(key in enErrors) || !(key in esErrors) || !hasWords('errors', key));
    expect(missing).toEqual([]);
  });

  it('every `new AppError(code, { key })` names a key of the catalogue', () => {
    const sites = files.flatMap(({ file, text }) => [...text.matchAll(/new AppError\(\s*'[A-Z_]+',\s*\{\s*key:\s*'([^']+)'\s*[,}]/g)].map((m) => ({ file, key: m[1]! })));
    expect(sites.length).toBeGreaterThan(150);
    expect(sites.filter(({ key }) => !(key in enErrors))).toEqual([]);
  });

  it('no AppError is made with English text of its own, but in the mail and calendar-feed modules (worded by another change)', () => {
    const literal = /new AppError\(\s*[^,()]+,\s*(['"`])/;
    const left = files.filter(({ file, text }) => literal.test(text) && !/modules[/\\](mail|calendar)[/\\]/.test(file)).map(({ file }) => file);
    expect(left).toEqual([]);
  });

  it('words an error in each language, with its values worded there too', () => {
    const err = new AppError('RULE_VIOLATION', {
      key: 'swaps.refusedFor',
      params: { team: 'Wrens', reason: { key: 'refusal.tooSoon', params: { hours: 2 } } },
    });
    expect(err.message).toBe('Swap refused for Wrens: Practices must be booked at least 2 hours ahead.');
    expect(err.messageIn('es')).toBe('Intercambio rechazado para Wrens: Las prácticas se deben reservar con al menos 2 horas de anticipación.');
    expect(paramsIn('es', err.words!.params)).toEqual({ team: 'Wrens', reason: 'Las prácticas se deben reservar con al menos 2 horas de anticipación.' });
    expect(wordsIn('es', { key: 'bookings.openingRound', params: { drawAt: (locale) => (locale === 'es' ? 'sáb 28 nov' : 'Sat Nov 28') } })).toContain('el sorteo es el sáb 28 nov');
  });
});
