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

/** A value as an error message may show it: never the password of a URL. */
function shown(value: string | undefined): string {
  if (value === undefined) return '""';
  return JSON.stringify(value.replace(/^([a-z][a-z0-9+.-]*:\/\/[^:/@]*):[^@/]*@/i, '$1:***@'));
}

const optionalString = z
  .string()
  .optional()
  .transform((v) => (v === undefined || v.trim() === '' ? undefined : v.trim()));

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
  DEMO: z
    .enum(['0', '1', 'true', 'false', ''])
    .default('0')
    .transform((v) => v === '1' || v === 'true'),
  WEB_DIST_DIR: z.string().default('dist/web'),
  SMTP_URL: optionalString.pipe(
    z
      .string()
      .refine(isSmtpUrl, 'must look like smtp://user:password@mail.example.org:587 or smtps://user:password@mail.example.org:465')
      .optional(),
  ),
  MAIL_FROM: optionalString.pipe(z.string().regex(MAIL_FROM_PATTERN, 'must be an address, like "CGSL Practice Scheduler" <no-reply@example.org>').optional()),
  MAIL_CLAIM_TIMEOUT_SECONDS: z.coerce.number().int('must be a whole number').min(3, 'must be at least 3').max(3600, 'must be at most 3600').default(60),
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
  loginRateLimit: number;
  demo: boolean;
  webDistDir: string;
  /** Where mail goes: an SMTP server, or (unset) `.eml` files in DATA_DIR/outbox with the subject and link logged. */
  smtpUrl: string | undefined;
  /** The From of every email; unset: "<league short name> Practice Scheduler" <no-reply@host of PUBLIC_URL>. */
  mailFrom: string | undefined;
  /** A message claimed longer ago than this (its sender crashed mid-send) is taken again by any worker. */
  mailClaimTimeoutMs: number;
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
      parsed.error.issues.map((i) => `${i.path.join('.')}=${shown(env[String(i.path[0])])}: ${i.message}`),
    );
  }
  const e = parsed.data;
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
    authSecret: e.AUTH_SECRET,
    leagueTimezone: e.LEAGUE_TIMEZONE,
    logLevel: e.LOG_LEVEL,
    loginRateLimit: e.LOGIN_RATE_LIMIT,
    demo: e.DEMO,
    webDistDir: e.WEB_DIST_DIR,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    mailClaimTimeoutMs: e.MAIL_CLAIM_TIMEOUT_SECONDS * 1000,
  };
}
