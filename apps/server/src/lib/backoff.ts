const MAX_RETRY_DELAY_MS = 60 * 60 * 1000;

/**
 * How long an outbox (mails, newsletter recipients, pushes) waits before the next try after `attempts` failures:
 * base × 2^(attempts-1), at most an hour.
 */
export const retryDelayMs = (attempts: number, baseMs: number) =>
  Math.min(baseMs * 2 ** Math.max(0, attempts - 1), MAX_RETRY_DELAY_MS);
