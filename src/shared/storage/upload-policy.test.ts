import { describe, expect, it } from 'vitest';
import {
  backoffFactor,
  decideRetry,
  DEFAULT_UPLOAD_RETRY_POLICY,
  DEFAULT_UPLOAD_RETRY_TIME_MS,
  isRetryableStatus,
  JITTER_MS,
  MAX_BACKOFF_FACTOR,
  NO_ANSWER,
  RETRY_BASE_MS,
  retryDelayMs,
  type RetryPolicy,
} from './upload-policy';

const policy = (over: Partial<RetryPolicy> = {}): RetryPolicy => ({ baseMs: 1_000, jitterMs: 1_000, maxRetryTimeMs: 120_000, random: () => 0, ...over });

describe('isRetryableStatus (spec §9: 408, 429 and every 5xx)', () => {
  it('retries 408, 429 and each status from 500 to 599', () => {
    expect(isRetryableStatus(408)).toBe(true);
    expect(isRetryableStatus(429)).toBe(true);
    for (let status = 500; status <= 599; status++) expect(isRetryableStatus(status), String(status)).toBe(true);
  });

  it('does not retry what a second try would not change', () => {
    for (const status of [400, 401, 402, 403, 404, 409, 413, 415, 422]) expect(isRetryableStatus(status), String(status)).toBe(false);
  });

  it('does not retry successes, redirects, or numbers outside the 5xx range', () => {
    for (const status of [0, 200, 201, 204, 301, 304, 407, 409, 428, 430, 499, 600, 601]) expect(isRetryableStatus(status), String(status)).toBe(false);
  });
});

describe('backoff', () => {
  it('doubles the factor from 1 up to 64, then stays at 64', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 7, 8, 20].map(backoffFactor)).toEqual([1, 2, 4, 8, 16, 32, 64, 64, 64, 64]);
    expect(MAX_BACKOFF_FACTOR).toBe(64);
  });

  it('refuses a retry number that is not a whole number from 0', () => {
    expect(() => backoffFactor(-1)).toThrow(RangeError);
    expect(() => backoffFactor(1.5)).toThrow(RangeError);
  });

  it('waits factor × base with no jitter when the dice give 0', () => {
    expect([0, 1, 2, 6, 9].map((r) => retryDelayMs(r, policy()))).toEqual([1_000, 2_000, 4_000, 64_000, 64_000]);
    expect(retryDelayMs(3, policy({ baseMs: 10 }))).toBe(80);
  });

  it('keeps each delay within [factor × base, factor × base + jitter) over the whole dice range', () => {
    for (let retry = 0; retry < 10; retry++) {
      const low = backoffFactor(retry) * 1_000;
      for (const draw of [0, 0.25, 0.5, 0.999999, 1 - Number.EPSILON]) {
        const delay = retryDelayMs(retry, policy({ random: () => draw }));
        expect(delay).toBeGreaterThanOrEqual(low);
        expect(delay).toBeLessThan(low + 1_000);
      }
    }
  });

  it('adds jitter in proportion to the dice, within the range given', () => {
    expect(retryDelayMs(0, policy({ random: () => 0.5 }))).toBe(1_500);
    expect(retryDelayMs(2, policy({ random: () => 0.25, jitterMs: 400 }))).toBe(4_100);
    expect(retryDelayMs(2, policy({ random: () => 0.9, jitterMs: 0 }))).toBe(4_000);
  });

  it('keeps jitter in range even when the random source misbehaves', () => {
    expect(retryDelayMs(0, policy({ random: () => 1 }))).toBeLessThan(2_000);
    expect(retryDelayMs(0, policy({ random: () => 7 }))).toBeLessThan(2_000);
    expect(retryDelayMs(0, policy({ random: () => -3 }))).toBe(1_000);
    expect(retryDelayMs(0, policy({ random: () => Number.NaN }))).toBe(1_000);
  });

  it('uses real randomness by default, spread within the jitter range', () => {
    const delays = Array.from({ length: 200 }, () => retryDelayMs(0, DEFAULT_UPLOAD_RETRY_POLICY));
    for (const d of delays) {
      expect(d).toBeGreaterThanOrEqual(RETRY_BASE_MS);
      expect(d).toBeLessThan(RETRY_BASE_MS + JITTER_MS);
    }
    expect(new Set(delays).size).toBeGreaterThan(1);
  });
});

describe('decideRetry: the give-up rule', () => {
  it('does not retry a status the policy does not retry', () => {
    expect(decideRetry(403, 0, 0, policy())).toEqual({ retry: false, reason: 'not-retryable' });
    expect(decideRetry(413, 0, 0, policy())).toEqual({ retry: false, reason: 'not-retryable' });
  });

  it('retries with the backoff delay while the total retry time allows', () => {
    expect(decideRetry(503, 0, 0, policy())).toEqual({ retry: true, delayMs: 1_000 });
    expect(decideRetry(NO_ANSWER, 0, 0, policy())).toEqual({ retry: true, delayMs: 1_000 });
    expect(decideRetry(429, 3, 10_000, policy({ random: () => 0.5 }))).toEqual({ retry: true, delayMs: 8_500 });
  });

  it('gives up when the next wait would end past the total retry time', () => {
    // 112 s spent; the 7th retry waits 64 s: 176 s > 120 s.
    expect(decideRetry(500, 6, 112_000, policy())).toEqual({ retry: false, reason: 'retry-limit-exceeded' });
    // Exactly at the limit still retries; one millisecond of jitter past it does not.
    expect(decideRetry(500, 0, 119_000, policy())).toEqual({ retry: true, delayMs: 1_000 });
    expect(decideRetry(500, 0, 119_000, policy({ random: () => 0.001 }))).toEqual({ retry: false, reason: 'retry-limit-exceeded' });
  });

  it('with the defaults, an upload that always gets 503 gives up after 6 retries and about a minute of waiting', () => {
    expect(DEFAULT_UPLOAD_RETRY_TIME_MS).toBe(120_000);
    let elapsed = 0;
    let retries = 0;
    for (;;) {
      elapsed += 100; // each attempt takes 0.1 s to fail
      const d = decideRetry(503, retries, elapsed, { ...DEFAULT_UPLOAD_RETRY_POLICY, random: () => 0.999 });
      if (!d.retry) {
        expect(d.reason).toBe('retry-limit-exceeded');
        break;
      }
      elapsed += d.delayMs;
      retries++;
    }
    expect(retries).toBe(6);
    expect(elapsed).toBeLessThanOrEqual(DEFAULT_UPLOAD_RETRY_TIME_MS);
  });
});
