import { setMaxListeners } from 'node:events';

/**
 * One signal for `consumers` tasks started at once from `source` (a job's embedding batches, each queued in the
 * thread pool with its own abort listener). Listening on the source directly would put more than Node's default ten
 * listeners on it and print a MaxListenersExceededWarning for what is no leak; this signal carries the listeners and
 * follows the source through a single one, which `release` removes once the tasks are settled.
 */
export function fanOutSignal(source: AbortSignal, consumers: number): { signal: AbortSignal; release: () => void } {
  const controller = new AbortController();
  setMaxListeners(Math.max(10, consumers + 1), controller.signal);
  if (source.aborted) {
    controller.abort(source.reason);
    return { signal: controller.signal, release: () => {} };
  }
  const follow = () => controller.abort(source.reason);
  source.addEventListener('abort', follow, { once: true });
  return { signal: controller.signal, release: () => source.removeEventListener('abort', follow) };
}
