/**
 * What every API answer must look like, whoever calls and whatever they send (issue 10): an error is the one
 * shape `{ error: { code, message, details? } }` as JSON, and no answer shows the server's insides (stack
 * frames, source paths, SQL, driver error names). Used by the access matrix and the hostile-input run.
 */

/** Problems with an answer's error shape; none for a 2xx, a 204, a 3xx, or an answer to HEAD (no body). */
export function errorShapeProblems(answer: { method: string; status: number; contentType: string | undefined; body: string }): string[] {
  const { method, status, contentType, body } = answer;
  if (status < 400 || method === 'HEAD') return [];
  const problems: string[] = [];
  if (!/^application\/json\b/i.test(contentType ?? '')) problems.push(`error answer has content-type ${JSON.stringify(contentType ?? null)}, not application/json`);
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    problems.push('error answer is not JSON');
    return problems;
  }
  const error = (parsed as { error?: unknown } | null)?.error as Record<string, unknown> | undefined;
  const keys = parsed && typeof parsed === 'object' ? Object.keys(parsed) : [];
  if (!error || typeof error !== 'object' || keys.length !== 1) {
    problems.push('error answer is not { error: { code, message, details?, key?, params? } }');
    return problems;
  }
  if (typeof error.code !== 'string' || error.code === '') problems.push('error.code is not a string');
  if (typeof error.message !== 'string' || error.message === '') problems.push('error.message is not a string');
  const extra = Object.keys(error).filter((k) => !['code', 'message', 'details', 'key', 'params'].includes(k));
  if ('key' in error && (typeof error.key !== 'string' || error.key === '')) problems.push('error.key is not a string');
  if ('params' in error && (typeof error.params !== 'object' || error.params === null)) problems.push('error.params is not an object');
  if (extra.length > 0) problems.push(`error has other keys: ${extra.join(', ')}`);
  return problems;
}

/**
 * Signs of the server's insides in an answer. The SQL patterns are the shapes Drizzle and PostgreSQL write
 * (`select "id" from "teams"`, `insert into "…"`, `violates … constraint`), not English words a message may use.
 */
const LEAKS: Array<[string, RegExp]> = [
  ['a stack frame', /\n\s*at\s+\S/],
  ['a stack frame', /\bat\s+(?:async\s+)?[\w$.<>[\]]+\s+\((?:file:|node:|\/)[^)]*:\d+:\d+\)/],
  ['a source path', /\/src\/server\/|\/src\/shared\/|node_modules|\/work\/main|file:\/\//],
  ['a source file', /\.(?:ts|js|mjs|cjs):\d+(?::\d+)?/],
  ['SQL text', /\bselect\s+(?:"|\*|distinct\b|count\(|exists\b|1\b)/i],
  ['SQL text', /\b(?:insert\s+into|delete\s+from)\s+"/i],
  ['SQL text', /\bupdate\s+"\w+"\s+set\b/i],
  ['SQL text', /\bfrom\s+"\w+"\s*(?:where|inner|left|order|limit|$)/i],
  ['a database error', /violates\s+(?:\w+\s+)*constraint|duplicate key value|syntax error at or near|invalid input syntax for|relation "[^"]+" does not exist|column "[^"]+" (?:does not exist|of relation)|value too long for type|out of range for type|date\/time field value out of range/i],
  ['a driver or internal error name', /PostgresError|DrizzleQueryError|DrizzleError|Failed query|PGlite|ErrnoError|RangeError|TypeError|ReferenceError|ZodError|FST_ERR_|ERR_[A-Z_]{4,}/],
  ['a Fastify default error body', /"statusCode"\s*:\s*\d{3}/],
];

/** An admin's /diag names the database's own version on purpose ("PostgreSQL 18.6 (PGlite 0.5.16) on …"). */
const DATABASE_VERSION_FACT = /"version":"PostgreSQL [^"]*"/g;

export function leakProblems(answerBody: string): string[] {
  const body = answerBody.replace(DATABASE_VERSION_FACT, '"version":"PostgreSQL"');
  const found: string[] = [];
  for (const [what, pattern] of LEAKS) {
    const match = pattern.exec(body);
    if (match) found.push(`answer shows ${what}: ${JSON.stringify(excerpt(body, match.index, match[0].length))}`);
  }
  return [...new Set(found)];
}

function excerpt(text: string, index: number, length: number): string {
  const start = Math.max(0, index - 40);
  return `${start > 0 ? '…' : ''}${text.slice(start, index + length + 40)}${index + length + 40 < text.length ? '…' : ''}`;
}

/** A value for a failure message: long strings and arrays cut down so the report stays readable. */
export function preview(value: unknown, max = 300): string {
  const text = typeof value === 'string' ? value : safeJson(value);
  if (text.length <= max) return text;
  return `${text.slice(0, max)}… (${text.length} characters)`;
}

function safeJson(value: unknown): string {
  try {
    return JSON.stringify(value, (_k, v: unknown) => {
      if (typeof v === 'string' && v.length > 120) return `${v.slice(0, 60)}…(${v.length} chars)`;
      if (Array.isArray(v) && v.length > 20) return [...(v as unknown[]).slice(0, 5), `…(${v.length} items)`];
      if (typeof v === 'number' && !Number.isFinite(v)) return String(v);
      return v;
    }) ?? String(value);
  } catch {
    return String(value);
  }
}
