import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('configuration', () => {
  it('has safe defaults', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({ port: 3000, dataDir: './data', databaseUrl: undefined, publicUrl: 'http://localhost:3000', leagueTimezone: 'America/Chicago', demo: false });
    expect(c.trustedOrigins).toEqual(['http://localhost:3000']);
    expect(c).toMatchObject({ loginRateLimit: 5, signupRateLimit: 10 });
    expect(loadConfig({ SIGNUP_RATE_LIMIT: '250' }).signupRateLimit).toBe(250);
    expect(() => loadConfig({ SIGNUP_RATE_LIMIT: '0' })).toThrow(/SIGNUP_RATE_LIMIT=/);
  });

  it('names the variable of every bad value', () => {
    let error: unknown;
    try {
      loadConfig({ PORT: 'eighty', LEAGUE_TIMEZONE: 'Mars/Olympus', DATABASE_URL: 'mysql://x', AUTH_SECRET: 'short' });
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const text = (error as ConfigError).message;
    for (const name of ['PORT', 'LEAGUE_TIMEZONE', 'DATABASE_URL', 'AUTH_SECRET']) expect(text).toContain(`${name}=`);
    expect(text).toContain('IANA time zone');
  });

  it('treats empty values as unset and reads extra trusted origins', () => {
    const c = loadConfig({ DATABASE_URL: '', PUBLIC_URL: 'https://practice.example.org/', TRUSTED_ORIGINS: 'https://a.example, https://b.example' });
    expect(c.databaseUrl).toBeUndefined();
    expect(c.publicUrl).toBe('https://practice.example.org');
    expect(c.trustedOrigins).toEqual(['https://practice.example.org', 'https://a.example', 'https://b.example']);
  });

  it('TRUST_PROXY: off by default; true/false, a hop count, or proxy addresses and CIDR ranges', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '0' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1,::1, fd00::/8,loopback' }).trustProxy).toEqual(['10.0.0.0/8', '127.0.0.1', '::1', 'fd00::/8', 'loopback']);
    for (const bad of ['yes', '10.0.0.0/33', '10.0.0.300', 'proxy.example.org', '-1']) {
      expect(() => loadConfig({ TRUST_PROXY: bad }), bad).toThrow(/TRUST_PROXY=.*must be true, false, a number of proxies/);
    }
  });

  it('knows whether PUBLIC_URL was set (unset: the address a request was sent to is also trusted)', () => {
    expect(loadConfig({}).publicUrlExplicit).toBe(false);
    expect(loadConfig({ PUBLIC_URL: ' ' }).publicUrlExplicit).toBe(false);
    expect(loadConfig({ PUBLIC_URL: 'https://practice.example.org' }).publicUrlExplicit).toBe(true);
  });

  it('login throttling, session lifetime and live streams have defaults and can be set', () => {
    expect(loadConfig({})).toMatchObject({ loginAccountLimit: 10, loginAccountWindowMs: 15 * 60_000, sessionMaxAgeMs: 30 * 86_400_000, liveStreamsPerAddress: 20 });
    expect(loadConfig({ LOGIN_ACCOUNT_LIMIT: '3', LOGIN_ACCOUNT_WINDOW_MINUTES: '60', SESSION_MAX_AGE_DAYS: '7', LIVE_STREAMS_PER_ADDRESS: '5' })).toMatchObject({
      loginAccountLimit: 3,
      loginAccountWindowMs: 60 * 60_000,
      sessionMaxAgeMs: 7 * 86_400_000,
      liveStreamsPerAddress: 5,
    });
    expect(() => loadConfig({ SESSION_MAX_AGE_DAYS: '0' })).toThrow(/SESSION_MAX_AGE_DAYS="0": must be at least 1/);
  });
});

describe('demo accounts on a production server', () => {
  it('PGLITE_WORKER: on unless 0 or false, and nothing else', () => {
    expect(loadConfig({}).pgliteWorker).toBe(true);
    expect(loadConfig({ PGLITE_WORKER: '1' }).pgliteWorker).toBe(true);
    expect(loadConfig({ PGLITE_WORKER: '0' }).pgliteWorker).toBe(false);
    expect(loadConfig({ PGLITE_WORKER: 'false' }).pgliteWorker).toBe(false);
    expect(() => loadConfig({ PGLITE_WORKER: 'yes' })).toThrow(/PGLITE_WORKER.*must be 1/);
  });

  it('PGLITE_SHARED_BUFFERS: 32MB unless set, and only a PostgreSQL memory size', () => {
    expect(loadConfig({}).pgliteSharedBuffers).toBe('32MB');
    expect(loadConfig({ PGLITE_SHARED_BUFFERS: '128MB' }).pgliteSharedBuffers).toBe('128MB');
    expect(() => loadConfig({ PGLITE_SHARED_BUFFERS: '32MB; drop table' })).toThrow(/PGLITE_SHARED_BUFFERS.*memory size/);
  });

  it('DEMO=1 with NODE_ENV=production is refused with a message that says why and what to do', () => {
    let error: unknown;
    try {
      loadConfig({ DEMO: '1', NODE_ENV: 'production' });
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).message).toContain('DEMO=1 with NODE_ENV=production');
    expect((error as ConfigError).message).toContain('DEMO_IN_PRODUCTION=1');
    expect(() => loadConfig({ DEMO: 'true', NODE_ENV: 'production' })).toThrow(ConfigError);
  });

  it('is allowed when asked for explicitly, outside production, and when DEMO is off', () => {
    expect(loadConfig({ DEMO: '1', NODE_ENV: 'production', DEMO_IN_PRODUCTION: '1' }).demo).toBe(true);
    expect(loadConfig({ DEMO: '1', NODE_ENV: 'development' }).demo).toBe(true);
    expect(loadConfig({ DEMO: '1', NODE_ENV: 'test' }).demo).toBe(true);
    expect(loadConfig({ DEMO: '0', NODE_ENV: 'production' }).demo).toBe(false);
    // NODE_ENV unset (its default is production) is how `npm run demo` and the browser journeys start the demo.
    expect(loadConfig({ DEMO: '1' }).demo).toBe(true);
  });
});

describe('configuration errors never show a secret', () => {
  const messageOf = (env: Record<string, string>): string => {
    try {
      loadConfig(env);
    } catch (err) {
      expect(err).toBeInstanceOf(ConfigError);
      return (err as ConfigError).message;
    }
    throw new Error('expected a ConfigError');
  };

  it('a bad DATABASE_URL with a password in it: named, explained, without the password', () => {
    for (const url of [
      'mysql://app:hunter2-db@db.example.org/league',
      'postgres//app:hunter2-db@db.example.org/league',
      'postgres:/app:hunter2-db@db.example.org',
      'app:hunter2-db@db.example.org',
      'http://db.example.org/league?password=hunter2-db',
      'mysql://app:hun/ter2-db@db.example.org',
      'mysql://app:hunter2-db@@db.example.org',
    ]) {
      const text = messageOf({ DATABASE_URL: url });
      expect(text, url).toContain('DATABASE_URL=');
      expect(text, url).toContain('must start with postgres://');
      expect(text, url).not.toMatch(/hunter2|hun\/ter2|ter2-db/);
    }
    expect(messageOf({ DATABASE_URL: 'mysql://app:hunter2-db@db.example.org/league' })).toContain('DATABASE_URL="mysql://app:***@db.example.org/league"');
  });

  it('a bad SMTP_URL or AUTH_SECRET: named, without the value', () => {
    const smtp = messageOf({ SMTP_URL: 'smtp//user:hunter3-mail@mail.example.org' });
    expect(smtp).toContain('SMTP_URL=');
    expect(smtp).not.toContain('hunter3');
    const secret = messageOf({ AUTH_SECRET: 'short-secret-value' });
    expect(secret).toContain('AUTH_SECRET=[hidden, 18 characters]: must be at least 32 characters');
    expect(secret).not.toContain('short-secret-value');
  });
});

