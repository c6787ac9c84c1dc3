/**
 * When a storage call is tried again, and for how long (spec §9): on HTTP 408, 429 and every 5xx, after an
 * exponential backoff whose factor doubles up to 64, plus random jitter, until the total retry time is spent.
 * Pure functions: the upload client (web/lib/storage/upload-file.ts) brings the clock, the sleep and the dice.
 */

/** One backoff unit: the first retry waits 1 s (plus jitter), the second 2 s, … up to 64 s. */
export const RETRY_BASE_MS = 1_000;

/** The backoff factor stops doubling here (spec §9: "factor doubling up to 64"). */
export const MAX_BACKOFF_FACTOR = 64;

/** Each wait gets a random extra in [0, JITTER_MS), so clients that failed together do not retry together. */
export const JITTER_MS = 1_000;

/**
 * How long an upload keeps retrying, counted from its first attempt: 2 minutes. The spec leaves the default open;
 * a person watching a progress bar gives up on a silent server long before that, and a photo is small. With 1 s,
 * 2 s, 4 s, … that is 6 retries (1 + 2 + 4 + 8 + 16 + 32 = 63 s of waiting plus jitter, the next would wait 64 s).
 */
export const DEFAULT_UPLOAD_RETRY_TIME_MS = 120_000;

export interface RetryPolicy {
  baseMs: number;
  /** Jitter is drawn from [0, jitterMs). */
  jitterMs: number;
  /** No retry starts once waiting for it would end after this long since the first attempt began. */
  maxRetryTimeMs: number;
  /** A number in [0, 1), as Math.random gives; tests pass their own to bound the jitter. */
  random: () => number;
}

export const DEFAULT_UPLOAD_RETRY_POLICY: RetryPolicy = {
  baseMs: RETRY_BASE_MS,
  jitterMs: JITTER_MS,
  maxRetryTimeMs: DEFAULT_UPLOAD_RETRY_TIME_MS,
  random: Math.random,
};

/**
 * Whether an HTTP answer is worth trying again: 408 (the request timed out), 429 (too many requests) and every
 * 5xx (the server failed or is overloaded). Every other 4xx says something about the request itself, which a
 * second try would not change (401, 402, 403, 404, 413, 415…). Status 0 (no answer: the network) is the caller's
 * own decision.
 */
export function isRetryableStatus(status: number): boolean {
  return status === 408 || status === 429 || (status >= 500 && status <= 599);
}

/** The backoff factor before retry number `retry` (0 for the first retry): 1, 2, 4, 8, 16, 32, 64, 64, 64… */
export function backoffFactor(retry: number): number {
  if (!Number.isInteger(retry) || retry < 0) throw new RangeError(`retry must be a whole number from 0, not ${retry}`);
  return retry >= 6 ? MAX_BACKOFF_FACTOR : 2 ** retry;
}

/** How long to wait before retry number `retry`: factor × base + jitter, in [factor × base, factor × base + jitterMs). */
export function retryDelayMs(retry: number, policy: Pick<RetryPolicy, 'baseMs' | 'jitterMs' | 'random'>): number {
  const draw = policy.random();
  // A random source outside [0, 1) would stretch the jitter beyond what the policy promises.
  const unit = Number.isFinite(draw) ? Math.min(Math.max(draw, 0), 1 - Number.EPSILON) : 0;
  return backoffFactor(retry) * policy.baseMs + Math.floor(unit * policy.jitterMs);
}

/** The status an attempt gets when no answer came at all (the connection failed or dropped). */
export const NO_ANSWER = 0;

export type RetryDecision = { retry: true; delayMs: number } | { retry: false; reason: 'not-retryable' | 'retry-limit-exceeded' };

/**
 * What to do after a failed attempt: `status` is its HTTP status (NO_ANSWER when the connection failed, which is
 * retried too: a phone between cell towers loses a request as a busy server does), `retriesSoFar` how many retries already ran,
 * `elapsedMs` the time since the first attempt began. A retry whose wait would end past the total retry time is
 * not started: that is the 'retry-limit-exceeded' end (spec §8: "Max retry time for operation exceeded").
 */
export function decideRetry(status: number, retriesSoFar: number, elapsedMs: number, policy: RetryPolicy = DEFAULT_UPLOAD_RETRY_POLICY): RetryDecision {
  if (status !== NO_ANSWER && !isRetryableStatus(status)) return { retry: false, reason: 'not-retryable' };
  const delayMs = retryDelayMs(retriesSoFar, policy);
  if (elapsedMs + delayMs > policy.maxRetryTimeMs) return { retry: false, reason: 'retry-limit-exceeded' };
  return { retry: true, delayMs };
}
