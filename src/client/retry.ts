import { UsageError } from '../bcs/index.js';

// Retry policy: only idempotent GETs, only on 503 or no response at all, exponential backoff with
// full jitter (a random wait in [0, min(max, base·2^attempt)]) so clients retrying after one outage
// do not return in lockstep. Off unless `retries` > 0.

export interface RetryPolicy {
  /** Extra attempts after the first (default 0: no retries). */
  retries: number;
  /** First backoff ceiling in milliseconds (default 200). */
  baseDelayMs: number;
  /** Largest backoff ceiling in milliseconds (default 5000). */
  maxDelayMs: number;
}

export function backoffMs(policy: RetryPolicy, attempt: number, random: () => number = Math.random): number {
  const ceiling = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** attempt);
  return Math.floor(random() * ceiling);
}

/** Waits `ms`, or rejects with the signal's reason when it aborts first. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    if (ms <= 0) return resolve();
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal!.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

export function validRetryPolicy(retries: unknown, baseDelayMs: unknown, maxDelayMs: unknown): RetryPolicy {
  const count = (v: unknown, name: string, dflt: number, max: number): number => {
    if (v === undefined) return dflt;
    if (typeof v !== 'number' || !Number.isInteger(v) || v < 0 || v > max) throw new UsageError('invalid_option', `${name} must be an integer from 0 to ${max}`);
    return v;
  };
  return {
    retries: count(retries, 'retries', 0, 100),
    baseDelayMs: count(baseDelayMs, 'retryBaseDelayMs', 200, 3_600_000),
    maxDelayMs: count(maxDelayMs, 'retryMaxDelayMs', 5000, 3_600_000),
  };
}
