/** One difference between an audit entry's `before` and `after`, at a dotted path ("rules.maxPerWeek"). */
export type AuditChange =
  | { path: string; kind: 'changed'; before: unknown; after: unknown }
  | { path: string; kind: 'added'; after: unknown }
  | { path: string; kind: 'removed'; before: unknown };

const isPlainObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Nested objects become dotted paths; arrays and scalars are leaf values. The root scalar is the path "(value)". */
function flatten(value: unknown, prefix: string, out: Map<string, unknown>): void {
  if (isPlainObject(value)) {
    const keys = Object.keys(value);
    // An empty object is a value of its own (otherwise `{}` → `{ a: 1 }` would hide that the object existed).
    if (keys.length === 0 && prefix) out.set(prefix, {});
    for (const key of keys) flatten(value[key], prefix ? `${prefix}.${key}` : key, out);
    return;
  }
  out.set(prefix || '(value)', value);
}

/** Equal as JSON values (key order ignored), which is how the database stores them. */
function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((v, i) => sameValue(v, b[i]));
  if (isPlainObject(a) && isPlainObject(b)) {
    const keys = Object.keys(a);
    return keys.length === Object.keys(b).length && keys.every((k) => k in b && sameValue(a[k], b[k]));
  }
  return false;
}

/**
 * What an audit entry changed: every path whose value differs between `before` and `after`, in path order. Null or
 * missing on one side means the entry only says what was there (a creation: all added; a deletion: all removed).
 */
export function auditDiff(before: unknown, after: unknown): AuditChange[] {
  const a = new Map<string, unknown>();
  const b = new Map<string, unknown>();
  if (before !== null && before !== undefined) flatten(before, '', a);
  if (after !== null && after !== undefined) flatten(after, '', b);
  const paths = [...new Set([...a.keys(), ...b.keys()])].sort();
  const changes: AuditChange[] = [];
  for (const path of paths) {
    const inBefore = a.has(path);
    const inAfter = b.has(path);
    if (inBefore && inAfter) {
      if (!sameValue(a.get(path), b.get(path))) changes.push({ path, kind: 'changed', before: a.get(path), after: b.get(path) });
    } else if (inAfter) changes.push({ path, kind: 'added', after: b.get(path) });
    else changes.push({ path, kind: 'removed', before: a.get(path) });
  }
  return changes;
}

/** A value as the diff shows it: JSON, so a string keeps its quotes and null reads as null. */
export function auditValueText(value: unknown): string {
  return value === undefined ? '' : JSON.stringify(value);
}
