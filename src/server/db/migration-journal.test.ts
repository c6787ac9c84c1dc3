import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Drizzle applies a migration only if its journal time (`when`) is later than the last one the database applied. A new
 * migration generated today behind an earlier one dated in the future would be skipped on every existing database
 * (and /diag would name the wrong latest migration): each must come after the one before, and each file must be listed.
 */
const dir = path.join(import.meta.dirname, 'migrations');
const journal = JSON.parse(fs.readFileSync(path.join(dir, 'meta', '_journal.json'), 'utf8')) as { entries: Array<{ idx: number; when: number; tag: string }> };

describe('the migration journal', () => {
  it('lists every migration file once, in order, each later than the one before', () => {
    const files = fs.readdirSync(dir).filter((f) => f.endsWith('.sql')).sort();
    expect(journal.entries.map((e) => `${e.tag}.sql`)).toEqual(files);
    journal.entries.forEach((e, i) => expect(e.idx).toBe(i));
    for (let i = 1; i < journal.entries.length; i++) {
      expect(journal.entries[i]!.when, `${journal.entries[i]!.tag} must be later than ${journal.entries[i - 1]!.tag}`).toBeGreaterThan(journal.entries[i - 1]!.when);
    }
  });
});
