import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('configuration', () => {
  it('has safe defaults', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({ port: 3000, dataDir: './data', databaseUrl: undefined, publicUrl: 'http://localhost:3000', leagueTimezone: 'America/Chicago', demo: false });
    expect(c.trustedOrigins).toEqual(['http://localhost:3000']);
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
});
