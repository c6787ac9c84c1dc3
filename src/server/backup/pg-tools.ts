import { spawn } from 'node:child_process';

/**
 * Running pg_dump and pg_restore on DATABASE_URL without ever showing its password: the tools get the URL with the
 * password taken out (and only the parameters libpq knows), and the password through PGPASSWORD.
 */

/** Query parameters libpq understands; postgres-js-only ones are dropped (`ssl=true` becomes sslmode=require). */
const LIBPQ_PARAMS = new Set([
  'sslmode',
  'sslrootcert',
  'sslcert',
  'sslkey',
  'sslcrl',
  'sslpassword',
  'sslnegotiation',
  'channel_binding',
  'gssencmode',
  'connect_timeout',
  'application_name',
  'options',
  'target_session_attrs',
  'host',
  'hostaddr',
  'port',
  'user',
  'passfile',
]);

export interface PgTarget {
  /** For libpq, without the password. */
  url: string;
  env: NodeJS.ProcessEnv;
  /** `name on host:port`, for messages. */
  label: string;
  /** The password as written in the URL (decoded), so messages can be scrubbed of it. */
  password: string;
}

export function pgTarget(databaseUrl: string): PgTarget {
  const u = new URL(databaseUrl);
  const password = decodeURIComponent(u.password);
  u.password = '';
  const params = new URLSearchParams();
  for (const [key, value] of u.searchParams) {
    if (LIBPQ_PARAMS.has(key)) params.set(key, value);
    else if (key === 'ssl' && value !== 'false' && value !== '0' && !u.searchParams.has('sslmode')) params.set('sslmode', value === 'true' || value === '1' ? 'require' : value);
  }
  u.search = params.toString();
  const env: NodeJS.ProcessEnv = { ...process.env, PGAPPNAME: 'cgsl-backup' };
  if (password) env.PGPASSWORD = password;
  else delete env.PGPASSWORD;
  const name = decodeURIComponent(u.pathname.replace(/^\//, '')) || '(default)';
  return { url: u.toString(), env, label: `"${name}" on ${u.hostname}${u.port ? `:${u.port}` : ''}`, password };
}

/** A message from a tool or a driver, with the password (raw and URL-encoded) blanked out. */
export function scrub(text: string, password: string): string {
  if (!password) return text;
  let out = text;
  for (const secret of new Set([password, encodeURIComponent(password)])) out = out.split(secret).join('***');
  return out.replace(/(postgres(?:ql)?:\/\/[^:/@\s]*):[^@\s/]*@/gi, '$1:***@');
}

export interface ToolResult {
  code: number;
  stdout: string;
  stderr: string;
}

export class ToolMissingError extends Error {
  constructor(tool: string) {
    super(`${tool} was not found. Install the PostgreSQL client tools (the same major version as the server or newer), or set ${tool === 'pg_dump' ? 'PG_DUMP' : 'PG_RESTORE'} to its path.`);
    this.name = 'ToolMissingError';
  }
}

/** Runs pg_dump or pg_restore (PG_DUMP / PG_RESTORE override the path) and collects its output. */
export function runTool(tool: 'pg_dump' | 'pg_restore', args: string[], env: NodeJS.ProcessEnv): Promise<ToolResult> {
  const command = (tool === 'pg_dump' ? process.env.PG_DUMP : process.env.PG_RESTORE) || tool;
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('error', (err: NodeJS.ErrnoException) => reject(err.code === 'ENOENT' ? new ToolMissingError(tool) : err));
    child.on('close', (code) => resolve({ code: code ?? 1, stdout, stderr }));
  });
}
