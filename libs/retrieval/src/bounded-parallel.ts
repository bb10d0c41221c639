/** What one task of `mapBounded` came to: its value, its error, or `skipped` when the time budget ran out first. */
export type BoundedOutcome<R> = { status: 'done'; value: R } | { status: 'failed'; error: unknown } | { status: 'skipped' };

export interface BoundedOptions {
  /** Tasks in flight at once. */
  concurrency: number;
  /** Wall time for the whole batch; when it runs out, running tasks are aborted and queued ones skipped. */
  budgetMs: number;
  /** An outer abort (the request went away) stops the batch the same way. */
  signal?: AbortSignal;
}

/**
 * Maps `items` through `task` with at most `concurrency` in flight and one time budget for all of them.
 * Never rejects: each item gets an outcome, in input order, so callers decide what a failure means (the relevance
 * filter keeps a candidate whose judge failed). A task that ignores its abort signal is abandoned, not awaited.
 */
export async function mapBounded<T, R>(
  items: readonly T[],
  task: (item: T, signal: AbortSignal) => Promise<R>,
  options: BoundedOptions,
): Promise<Array<BoundedOutcome<R>>> {
  const outcomes: Array<BoundedOutcome<R>> = items.map(() => ({ status: 'skipped' }));
  if (items.length === 0) return outcomes;
  const concurrency = Math.max(1, Math.floor(options.concurrency));
  const controller = new AbortController();
  const onOuterAbort = () => controller.abort(options.signal?.reason);
  if (options.signal?.aborted) return outcomes;
  options.signal?.addEventListener('abort', onOuterAbort, { once: true });

  let expired!: () => void;
  const budget = new Promise<void>((resolve) => (expired = resolve));
  const timer = setTimeout(() => {
    controller.abort(new Error(`time budget of ${options.budgetMs} ms spent`));
    expired();
  }, options.budgetMs);
  controller.signal.addEventListener('abort', () => expired(), { once: true });

  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < items.length && !controller.signal.aborted) {
      const index = next++;
      try {
        const value = await Promise.race([task(items[index], controller.signal), budget.then(() => abandoned)]);
        if (value === abandoned) {
          outcomes[index] = { status: 'failed', error: controller.signal.reason };
          return;
        }
        outcomes[index] = { status: 'done', value: value as R };
      } catch (error) {
        outcomes[index] = { status: 'failed', error };
      }
    }
  };
  try {
    await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, worker));
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', onOuterAbort);
  }
  return outcomes;
}

const abandoned = Symbol('abandoned');
