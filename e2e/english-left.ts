import fs from 'node:fs';
import path from 'node:path';
import { expect, type Page } from '@playwright/test';
import { compileCatalogue } from '../src/shared/i18n/compile';

/**
 * Issue 30: a screen in Spanish has no English left. Every message of the English catalogue that Spanish writes
 * differently becomes a pattern (its placeholders match any text); every text node of the page, and every label a
 * person hears or reads (aria-label, title, placeholder, alt), is read against them. A match is English on a
 * Spanish screen: a string the code still writes itself, or a key the page never loaded.
 */
const LOCALES_DIR = path.resolve(import.meta.dirname, '../src/shared/i18n/locales');

interface EnglishMessage {
  id: string;
  english: string;
  pattern: RegExp;
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A compiled message as a regex source: literal text as itself, every argument (a value, a plural) as any text. */
function patternOf(parts: unknown): string {
  const list = typeof parts === 'string' ? [parts] : Array.isArray(parts) ? parts : [];
  return list
    .map((part) => (typeof part === 'string' ? escape(part.replace(/<\/?\d+\s*\/?>/g, '')).replace(/#/g, '\\d+') : '.+?'))
    .join('');
}

function englishMessages(): EnglishMessage[] {
  const out: EnglishMessage[] = [];
  for (const file of fs.readdirSync(path.join(LOCALES_DIR, 'en'))) {
    if (!file.endsWith('.json')) continue;
    const ns = file.slice(0, -'.json'.length);
    const en = JSON.parse(fs.readFileSync(path.join(LOCALES_DIR, 'en', file), 'utf8')) as Record<string, string>;
    const es = JSON.parse(fs.readFileSync(path.join(LOCALES_DIR, 'es', file), 'utf8')) as Record<string, string>;
    const compiled = compileCatalogue(ns, en);
    for (const [key, english] of Object.entries(en)) {
      // The same in both languages ("12U", "CGSL", "Email" where Spanish keeps it): not English left over.
      if (es[key] === english) continue;
      const source = patternOf(compiled[`${ns}.${key}`]);
      // Only messages with words of their own: a bare placeholder or punctuation matches anything.
      const literal = source.replace(/\.\+\?|\\d\+|\\./g, ' ');
      if (!/[A-Za-z]{2,}/.test(literal)) continue;
      out.push({ id: `${ns}.${key}`, english, pattern: new RegExp(`^${source}$`, 's') });
    }
  }
  return out;
}

let cache: EnglishMessage[] | undefined;

/** The texts a person reads or hears on the page now: text nodes and accessible labels, trimmed, each once. */
async function textsOf(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const texts = new Set<string>();
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (!parent || parent.closest('script, style, noscript, [aria-hidden="true"]')) continue;
      const text = (node.textContent ?? '').replace(/\s+/g, ' ').trim();
      if (text) texts.add(text);
    }
    for (const el of document.body.querySelectorAll('[aria-label], [title], [placeholder], img[alt]')) {
      for (const name of ['aria-label', 'title', 'placeholder', 'alt']) {
        const value = el.getAttribute(name)?.replace(/\s+/g, ' ').trim();
        if (value) texts.add(value);
      }
    }
    return [...texts];
  });
}

/**
 * Fails, naming each text and the English message it is, when the page shows English words of the catalogue.
 * `leagueData`: texts the league wrote that may happen to equal an English example (a season's name).
 */
export async function expectNoEnglishLeft(page: Page, where: string, options: { leagueData?: string[] } = {}): Promise<void> {
  cache ??= englishMessages();
  const texts = await textsOf(page);
  const found: string[] = [];
  // What the league wrote itself (a season called "Spring 2027", like the catalogue's example name) is its data, not
  // the app's words: the journey names each such text, read from the API.
  const data = new Set(options.leagueData ?? []);
  for (const text of texts.filter((t) => !data.has(t))) {
    const hit = cache.find((m) => m.pattern.test(text));
    if (hit) found.push(`"${text}" is ${hit.id} ("${hit.english}")`);
  }
  expect(found, `English left on ${where}`).toEqual([]);
  // The check reads the page it means to: Spanish is on it.
  expect(await page.evaluate(() => document.documentElement.lang)).toBe('es');
}
