/** Never wait longer than this between attempts, whatever `Retry-After` asks for. */
export const MAX_RETRY_WAIT_MS = 30_000;

/**
 * Wait before retry number `retry` (0-based): `Retry-After` when the server sent one, else exponential backoff,
 * both capped so a misconfigured server cannot park a worker for minutes.
 */
export function backoffDelay(retry: number, backoffMs: number, retryAfterMs?: number): number {
  const wait = retryAfterMs ?? backoffMs * 2 ** retry;
  return Math.min(Math.max(0, wait), MAX_RETRY_WAIT_MS);
}

/** A timer that ends early, rejecting with the signal's reason, when the caller aborts. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
