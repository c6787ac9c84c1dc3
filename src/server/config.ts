import net from 'node:net';
import { z } from 'zod';
import { DEFAULT_LEAGUE_TIMEZONE } from '../shared/constants';

function isTimeZone(tz: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}

function isSmtpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'smtp:' || url.protocol === 'smtps:') && url.hostname !== '';
  } catch {
    return false;
  }
}

/** `name <address>` or a bare address; nodemailer quotes the name when it needs to. */
const MAIL_FROM_PATTERN = /^(?:[^<>]*<[^\s@<>]+@[^\s@<>]+>|[^\s@<>]+@[^\s@<>]+)$/;

/** Variables whose whole value is a secret: an error names them and says what is wrong, never what they hold. */
const SECRET_VARIABLES = new Set(['AUTH_SECRET']);
/** Variables that are URLs which may carry a password: shown only when the password can be cut out for sure. */
const URL_VARIABLES = new Set(['DATABASE_URL', 'SMTP_URL', 'PUBLIC_URL']);

/** The name of a variable that holds a secret by its name alone (S3_SECRET_KEY, SMTP_PASSWORD, …). */
const SECRET_NAME = /SECRET|PASSWORD|PASSWD|TOKEN|(^|_)KEY($|_)|CREDENTIAL/i;

/**
 * A value as an error message may show it. A secret is never shown (only its length); a URL only with its
 * password replaced by ***, and not at all when it cannot be read as a URL (a mistyped one may still hold a
 * password somewhere we cannot tell).
 */
function shown(name: string, value: string | undefined): string {
  if (value === undefined) return '""';
  if (SECRET_VARIABLES.has(name) || SECRET_NAME.test(name)) return `[hidden, ${value.length} characters]`;
  if (URL_VARIABLES.has(name)) {
    const trimmed = value.trim();
    let url: URL;
    try {
      url = new URL(trimmed);
    } catch {
      return /[@:]/.test(trimmed) ? '[hidden: not a URL, and it may hold a password]' : JSON.stringify(value);
    }
    // A password in the query (?password=…) or an @ that is not the one before the host: show nothing.
    if ([...url.searchParams.keys()].some((k) => /pass|secret|token|key/i.test(k))) return '[hidden: it may hold a password]';
    if (/@/.test(trimmed) && !url.username && !url.password) return '[hidden: it may hold a password]';
    if (url.password) url.password = '***';
    const rebuilt = url.href.replace(/\/$/, '');
    return JSON.stringify(trimmed.endsWith('/') ? `${rebuilt}/` : rebuilt);
  }
  return JSON.stringify(value);
}

/**
 * TRUST_PROXY as Fastify's `trustProxy` takes it: `false` (the default: the address of the connection is the
 * client's), `true` (every proxy, only behind one that overwrites X-Forwarded-For), a hop count, or the
 * proxies' addresses and CIDR ranges.
 */
export type TrustProxy = boolean | number | string[];

const PROXY_ADDRESS_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isProxyAddress(entry: string): boolean {
  if (PROXY_ADDRESS_NAMES.has(entry)) return true;
  const [address, prefix, ...rest] = entry.split('/');
  if (rest.length > 0 || !address) return false;
  const family = net.isIP(address);
  if (family === 0) return false;
  if (prefix === undefined) return true;
  if (!/^\d{1,3}$/.test(prefix)) return false;
  return Number(prefix) <= (family === 4 ? 32 : 128);
}

const trustProxySchema = z
  .string()
  .optional()
  .transform((raw, ctx): TrustProxy => {
    const v = (raw ?? '').trim();
    if (v === '' || v === 'false' || v === '0') return false;
    if (v === 'true') return true;
    if (/^\d+$/.test(v)) return Number(v);
    const entries = v.split(',').map((e) => e.trim()).filter(Boolean);
    const bad = entries.filter((e) => !isProxyAddress(e));
    if (bad.length > 0) {
      ctx.addIssue({
        code: 'custom',
        message: `must be true, false, a number of proxies, or proxy addresses/CIDR ranges separated by commas (not understood: ${bad.join(', ')})`,
      });
      return z.NEVER;
    }
    return entries;
  });

const optionalString = z
  .string()
  .optional()
  .transform((v) => (v === undefined || v.trim() === '' ? undefined : v.trim()));

const flag = z
  .enum(['0', '1', 'true', 'false', ''])
  .default('0')
  .transform((v) => v === '1' || v === 'true');

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: z.coerce.number().int('must be a whole number').min(0).max(65535, 'must be a port number (0-65535)').default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: optionalString.pipe(
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
      .optional(),
  ),
  PUBLIC_URL: optionalString.pipe(z.url('must be a full URL such as https://practice.example.org').optional()),
  TRUSTED_ORIGINS: optionalString,
  AUTH_SECRET: optionalString.pipe(z.string().min(32, 'must be at least 32 characters').optional()),
  LEAGUE_TIMEZONE: z
    .string()
    .default(DEFAULT_LEAGUE_TIMEZONE)
    .refine(isTimeZone, 'must be an IANA time zone such as America/Chicago'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  LOGIN_RATE_LIMIT: z.coerce.number().int().min(1, 'must be at least 1').default(5),
  SIGNUP_RATE_LIMIT: z.coerce.number().int('must be a whole number').min(1, 'must be at least 1').default(10),
  LOGIN_ACCOUNT_LIMIT: z.coerce.number().int('must be a whole number').min(1, 'must be at least 1').default(10),
  LOGIN_ACCOUNT_WINDOW_MINUTES: z.coerce.number().int('must be a whole number').min(1, 'must be at least 1').max(1440, 'must be at most 1440').default(15),
  SESSION_MAX_AGE_DAYS: z.coerce.number().int('must be a whole number').min(1, 'must be at least 1').max(365, 'must be at most 365').default(30),
  LIVE_STREAMS_PER_ADDRESS: z.coerce.number().int('must be a whole number').min(1, 'must be at least 1').default(20),
  PGLITE_SHARED_BUFFERS: z
    .string()
    .regex(/^[1-9]\d*(kB|MB|GB)$/, 'must be a PostgreSQL memory size such as 32MB')
    .default('32MB'),
  PGLITE_WORKER: z
    .enum(['0', '1', 'true', 'false', ''], 'must be 1 (the embedded database in a thread of its own) or 0 (in the server\'s thread)')
    .default('1')
    .transform((v) => v !== '0' && v !== 'false'),
  TRUST_PROXY: trustProxySchema,
  DEMO: flag,
  DEMO_IN_PRODUCTION: flag,
  WEB_DIST_DIR: z.string().default('dist/web'),
  SMTP_URL: optionalString.pipe(
    z
      .string()
      .refine(isSmtpUrl, 'must look like smtp://user:password@mail.example.org:587 or smtps://user:password@mail.example.org:465')
      .optional(),
  ),
  MAIL_FROM: optionalString.pipe(z.string().regex(MAIL_FROM_PATTERN, 'must be an address, like "CGSL Practice Scheduler" <no-reply@example.org>').optional()),
  DATABASE_CONNECT_TIMEOUT_SECONDS: z.coerce.number().min(0.5, 'must be at least 0.5').max(60, 'must be at most 60').default(3),
  DATABASE_QUERY_TIMEOUT_SECONDS: z.coerce.number().min(0, 'must be 0 (no limit) or more').max(300, 'must be at most 300').default(4),
  MAIL_CLAIM_TIMEOUT_SECONDS: z.coerce.number().int('must be a whole number').min(3, 'must be at least 3').max(3600, 'must be at most 3600').default(60),
  MAIL_RETENTION_DAYS: z.coerce.number().int('must be a whole number of days').min(1, 'must be at least 1').max(3650, 'must be at most 3650').default(90),
  STORAGE: z.enum(['local', 's3'], 'must be local (files under DATA_DIR) or s3 (an S3-compatible bucket)').default('local'),
  STORAGE_BUCKET: optionalString.pipe(
    z
      .string()
      .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be a bucket name: 3-63 lowercase letters, digits, dots and hyphens')
      .optional(),
  ),
  STORAGE_QUOTA_MB: z.coerce.number().min(1, 'must be at least 1').max(100_000, 'must be at most 100000').default(25),
  UPLOAD_MAX_MB: z.coerce.number().min(1, 'must be at least 1').max(1024, 'must be at most 1024').default(10),
  S3_ENDPOINT: optionalString.pipe(z.url('must be a full URL such as https://s3.us-east-1.amazonaws.com').optional()),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ACCESS_KEY_ID: optionalString,
  S3_SECRET_ACCESS_KEY: optionalString,
  S3_FORCE_PATH_STYLE: flag,
  OIDC_ISSUER: optionalString.pipe(z.url('must be the provider\'s issuer URL, such as https://accounts.google.com').optional()),
  OIDC_CLIENT_ID: optionalString,
  OIDC_CLIENT_SECRET: optionalString,
  OIDC_SCOPES: z.string().default('openid email profile'),
  OIDC_PROVIDER_NAME: z.string().trim().min(1).max(40, 'must be at most 40 characters').default('your league account'),
  OIDC_ADMIN_CLAIM: z.string().trim().min(1).default('admin'),
  BUILD_COMMIT: optionalString,
});

export interface Config {
  nodeEnv: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  publicUrl: string;
  trustedOrigins: string[];
  authSecret: string | undefined;
  leagueTimezone: string;
  logLevel: string;
  /** Whether PUBLIC_URL was set: unset, a request from the page it was sent to is also accepted (any host name). */
  publicUrlExplicit: boolean;
  /** Who may set the client's address through X-Forwarded-For (Fastify's trustProxy). */
  trustProxy: TrustProxy;
  loginRateLimit: number;
  /** Password sign-ups per minute from one address. */
  signupRateLimit: number;
  /** Failed sign-ins to one account, from any address, before it is refused for a while. */
  loginAccountLimit: number;
  loginAccountWindowMs: number;
  /** A session ends this long after sign-in, however active it is. */
  sessionMaxAgeMs: number;
  /** Open live-update streams (/api/events) one client address may hold. */
  liveStreamsPerAddress: number;
  /** PostgreSQL's shared_buffers for the embedded database (its memory, held in this process). */
  pgliteSharedBuffers: string;
  /** The embedded database runs in a worker thread (default), so its statements never hold the event loop. */
  pgliteWorker: boolean;
  demo: boolean;
  webDistDir: string;
  /** Where mail goes: an SMTP server, or (unset) `.eml` files in DATA_DIR/outbox with the subject and link logged. */
  smtpUrl: string | undefined;
  /** The From of every email; unset: "<league short name> Practice Scheduler" <no-reply@host of PUBLIC_URL>. */
  mailFrom: string | undefined;
  /** A message claimed longer ago than this (its sender crashed mid-send) is taken again by any worker. */
  /** PostgreSQL: a connection not made within this long fails; a statement not answered within the second (0: no limit). */
  databaseConnectTimeoutMs: number;
  databaseQueryTimeoutMs: number;
  mailClaimTimeoutMs: number;
  /** Sent messages older than this many days are deleted by the mail worker (failed and waiting ones stay). */
  mailRetentionDays: number;
  /** Where files go (decision 023): local disk under DATA_DIR/storage, or an S3-compatible bucket. */
  storage: StorageConfig;
  /** Sign-in with the league's OpenID Connect provider (issue 16); undefined when OIDC_ISSUER is unset. */
  oidc: OidcConfig | undefined;
  /** The commit this build was made from (BUILD_COMMIT, or read from git at start); null when unknown. */
  buildCommit: string | undefined;
}

export interface StorageConfig {
  backend: 'local' | 's3';
  /** The default bucket (spec §7's bucket in the object endpoint). */
  bucket: string;
  quotaBytes: number;
  uploadMaxBytes: number;
  s3: { endpoint: string | undefined; region: string; accessKeyId: string | undefined; secretAccessKey: string | undefined; forcePathStyle: boolean } | undefined;
}

export interface OidcConfig {
  issuer: string;
  clientId: string;
  clientSecret: string;
  scopes: string[];
  /** Shown as "Log in with {providerName}". */
  providerName: string;
  /** The claim whose true value makes a person an admin (spec §6). */
  adminClaim: string;
}

export class ConfigError extends Error {
  constructor(public readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Reads and validates the environment; a bad value throws a ConfigError naming the variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((i) => `${i.path.join('.')}=${shown(String(i.path[0]), env[String(i.path[0])])}: ${i.message}`),
    );
  }
  const e = parsed.data;
  // The demo accounts share a published password: never on a production server by accident.
  if (e.DEMO && env.NODE_ENV === 'production' && !e.DEMO_IN_PRODUCTION) {
    throw new ConfigError([
      'DEMO=1 with NODE_ENV=production: the demo accounts all share a published password, so they are refused on a production server. Unset DEMO, or set DEMO_IN_PRODUCTION=1 if this really is a demonstration server.',
    ]);
  }
  const problems: string[] = [];
  if (e.STORAGE === 's3' && !e.STORAGE_BUCKET) problems.push('STORAGE_BUCKET="": must name the bucket when STORAGE=s3');
  if (e.OIDC_ISSUER && (!e.OIDC_CLIENT_ID || !e.OIDC_CLIENT_SECRET)) {
    problems.push(`OIDC_CLIENT_ID and OIDC_CLIENT_SECRET: both are needed with OIDC_ISSUER (the client registered at the provider)`);
  }
  if (problems.length > 0) throw new ConfigError(problems);
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, '');
  const trustedOrigins = [
    new URL(publicUrl).origin,
    ...(e.TRUSTED_ORIGINS ?? '')
      .split(',')
      .map((o) => o.trim())
      .filter(Boolean),
  ];
  return {
    nodeEnv: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir: e.DATA_DIR,
    databaseUrl: e.DATABASE_URL,
    publicUrl,
    trustedOrigins,
    publicUrlExplicit: e.PUBLIC_URL !== undefined,
    trustProxy: e.TRUST_PROXY,
    authSecret: e.AUTH_SECRET,
    leagueTimezone: e.LEAGUE_TIMEZONE,
    logLevel: e.LOG_LEVEL,
    loginRateLimit: e.LOGIN_RATE_LIMIT,
    signupRateLimit: e.SIGNUP_RATE_LIMIT,
    loginAccountLimit: e.LOGIN_ACCOUNT_LIMIT,
    loginAccountWindowMs: e.LOGIN_ACCOUNT_WINDOW_MINUTES * 60_000,
    sessionMaxAgeMs: e.SESSION_MAX_AGE_DAYS * 24 * 60 * 60_000,
    liveStreamsPerAddress: e.LIVE_STREAMS_PER_ADDRESS,
    pgliteSharedBuffers: e.PGLITE_SHARED_BUFFERS,
    pgliteWorker: e.PGLITE_WORKER,
    demo: e.DEMO,
    webDistDir: e.WEB_DIST_DIR,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    databaseConnectTimeoutMs: e.DATABASE_CONNECT_TIMEOUT_SECONDS * 1000,
    databaseQueryTimeoutMs: e.DATABASE_QUERY_TIMEOUT_SECONDS * 1000,
    mailClaimTimeoutMs: e.MAIL_CLAIM_TIMEOUT_SECONDS * 1000,
    mailRetentionDays: e.MAIL_RETENTION_DAYS,
    storage: {
      backend: e.STORAGE,
      bucket: e.STORAGE_BUCKET ?? 'cgsl-files',
      quotaBytes: Math.round(e.STORAGE_QUOTA_MB * 1024 * 1024),
      uploadMaxBytes: Math.round(e.UPLOAD_MAX_MB * 1024 * 1024),
      s3:
        e.STORAGE === 's3'
          ? {
              endpoint: e.S3_ENDPOINT,
              region: e.S3_REGION,
              accessKeyId: e.S3_ACCESS_KEY_ID,
              secretAccessKey: e.S3_SECRET_ACCESS_KEY,
              forcePathStyle: e.S3_FORCE_PATH_STYLE,
            }
          : undefined,
    },
    oidc:
      e.OIDC_ISSUER && e.OIDC_CLIENT_ID && e.OIDC_CLIENT_SECRET
        ? {
            issuer: e.OIDC_ISSUER.replace(/\/$/, ''),
            clientId: e.OIDC_CLIENT_ID,
            clientSecret: e.OIDC_CLIENT_SECRET,
            scopes: e.OIDC_SCOPES.split(/[\s,]+/).filter(Boolean),
            providerName: e.OIDC_PROVIDER_NAME,
            adminClaim: e.OIDC_ADMIN_CLAIM,
          }
        : undefined,
    buildCommit: e.BUILD_COMMIT,
  };
}
