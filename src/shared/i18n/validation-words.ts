import type { MessageKey } from './catalogues';
import english from './locales/en/validation.json';

/**
 * The shared zod schemas write their messages in English ('Enter your email address', `Use at most ${max} characters`):
 * one set of schemas checks a form in the browser and a request on the server. This finds a message's key in the
 * `validation` catalogue by its English words, and the values its placeholders took ("Use at most 200 characters" is
 * `text.atMost` with `{ max: '200' }`), so the server's VALIDATION_FAILED answer and the web's forms can say it in the
 * person's language. validation-words.test.ts walks every schema's messages and fails on one the catalogue lacks.
 *
 * The English catalogue arrives as written on the server (ICU source: "Use at most {max} characters") and compiled
 * in the web build (scripts/vite-catalogues.ts: ["Use at most ", ["max"], " characters"], its keys prefixed with
 * "validation."): both are read here. Its messages use plain `{name}` placeholders only, no plural or select.
 */

export type ValidationKey = MessageKey<'validation'>;

export interface ValidationWords {
  key: ValidationKey;
  /** The placeholders' values, as the English message wrote them ("200", "2,000", "field"). */
  params: Record<string, string>;
}

type Piece = string | { name: string };

/** A message's text and placeholders, from its ICU source or its compiled form; null for anything richer. */
function piecesOf(message: unknown): Piece[] | null {
  if (typeof message === 'string') {
    const pieces: Piece[] = [];
    let last = 0;
    for (const m of message.matchAll(/\{\s*(\w+)\s*\}/g)) {
      pieces.push(message.slice(last, m.index), { name: m[1]! });
      last = m.index + m[0].length;
    }
    pieces.push(message.slice(last));
    return pieces.some((p) => typeof p === 'string' && /[{}]/.test(p)) ? null : pieces;
  }
  if (Array.isArray(message)) {
    const pieces: Piece[] = [];
    for (const part of message as unknown[]) {
      if (typeof part === 'string') pieces.push(part);
      else if (Array.isArray(part) && part.length === 1 && typeof part[0] === 'string') pieces.push({ name: part[0] });
      else return null;
    }
    return pieces;
  }
  return null;
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

interface Pattern {
  key: ValidationKey;
  names: string[];
  regex: RegExp;
  /** How much fixed text the message has: the most specific pattern is tried first. */
  fixed: number;
}

let exact: Map<string, ValidationKey> | null = null;
let patterns: Pattern[] = [];

function build(): Map<string, ValidationKey> {
  const byText = new Map<string, ValidationKey>();
  const list: Pattern[] = [];
  for (const [id, message] of Object.entries(english as Record<string, unknown>)) {
    const key = id.replace(/^validation\./, '') as ValidationKey;
    const pieces = piecesOf(message);
    if (!pieces) continue;
    const names = pieces.filter((p): p is { name: string } => typeof p !== 'string').map((p) => p.name);
    if (names.length === 0) {
      byText.set(pieces.filter((p): p is string => typeof p === 'string').join(''), key);
      continue;
    }
    const source = pieces.map((p) => (typeof p === 'string' ? escapeRegExp(p) : '(.+?)')).join('');
    list.push({ key, names, regex: new RegExp(`^${source}$`, 's'), fixed: pieces.filter((p) => typeof p === 'string').join('').length });
  }
  patterns = list.sort((a, b) => b.fixed - a.fixed);
  return byText;
}

/** The key and values of a schema's English message, or null when the catalogue has none (then show it as it is). */
export function validationWords(message: string): ValidationWords | null {
  exact ??= build();
  const key = exact.get(message);
  if (key) return { key, params: {} };
  for (const p of patterns) {
    const m = p.regex.exec(message);
    if (m) return { key: p.key, params: Object.fromEntries(p.names.map((name, i) => [name, m[i + 1]!])) };
  }
  return null;
}
