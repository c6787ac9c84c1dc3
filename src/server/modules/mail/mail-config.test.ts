import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config';

describe('mail settings', () => {
  it('default to .eml files, the league name as sender, a 60 s claim timeout and 90 days of sent mail', () => {
    expect(loadConfig({})).toMatchObject({ smtpUrl: undefined, mailFrom: undefined, mailClaimTimeoutMs: 60_000, mailRetentionDays: 90 });
    expect(loadConfig({ MAIL_RETENTION_DAYS: '30' }).mailRetentionDays).toBe(30);
    expect(() => loadConfig({ MAIL_RETENTION_DAYS: '0' })).toThrow('MAIL_RETENTION_DAYS="0": must be at least 1');
  });

  it('accept smtp:// and smtps:// URLs and an address with or without a name', () => {
    const c = loadConfig({ SMTP_URL: 'smtps://user:p%40ss@mail.example.org:465', MAIL_FROM: '"Cedar Grove" <no-reply@example.org>', MAIL_CLAIM_TIMEOUT_SECONDS: '120' });
    expect(c).toMatchObject({ smtpUrl: 'smtps://user:p%40ss@mail.example.org:465', mailFrom: '"Cedar Grove" <no-reply@example.org>', mailClaimTimeoutMs: 120_000 });
    expect(loadConfig({ MAIL_FROM: 'league@example.org', SMTP_URL: 'smtp://127.0.0.1:2525' }).mailFrom).toBe('league@example.org');
  });

  it('name each bad value without printing an SMTP password', () => {
    let error: unknown;
    try {
      loadConfig({ SMTP_URL: 'http://user:hunter2@mail.example.org', MAIL_FROM: 'nobody', MAIL_CLAIM_TIMEOUT_SECONDS: '1' });
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const text = (error as ConfigError).message;
    expect(text).toContain('SMTP_URL="http://user:***@mail.example.org": must look like smtp://');
    expect(text).not.toContain('hunter2');
    expect(text).toContain('MAIL_FROM="nobody"');
    expect(text).toContain('MAIL_CLAIM_TIMEOUT_SECONDS="1": must be at least 3');
  });
});
