import { mapBounded } from './bounded-parallel';

/** A promise resolved from outside, so tests decide when each task ends. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => ((resolve = res), (reject = rej)));
  return { promise, resolve, reject };
}

const flush = () => new Promise((resolve) => setImmediate(resolve));

describe(mapBounded.name, () => {
  it('never runs more than `concurrency` tasks at once and keeps input order', async () => {
    const gates = Array.from({ length: 7 }, () => deferred<number>());
    let running = 0;
    let peak = 0;
    const mapped = mapBounded(
      gates.map((_, i) => i),
      async (i) => {
        running += 1;
        peak = Math.max(peak, running);
        try {
          return await gates[i].promise;
        } finally {
          running -= 1;
        }
      },
      { concurrency: 3, budgetMs: 60_000 },
    );
    await flush();
    expect(running).toBe(3);
    // Finish out of order: results still come back in input order.
    for (const i of [2, 0, 1, 6, 5, 4, 3]) {
      gates[i].resolve(i * 10);
      await flush();
    }
    expect(await mapped).toEqual([0, 10, 20, 30, 40, 50, 60].map((value) => ({ status: 'done', value })));
    expect(peak).toBe(3);
  });

  it('reports a failing task without stopping the others', async () => {
    const outcomes = await mapBounded(
      [1, 2, 3],
      async (n) => {
        if (n === 2) throw new Error('judge broke');
        return n;
      },
      { concurrency: 2, budgetMs: 60_000 },
    );
    expect(outcomes[0]).toEqual({ status: 'done', value: 1 });
    expect(outcomes[1]).toMatchObject({ status: 'failed', error: new Error('judge broke') });
    expect(outcomes[2]).toEqual({ status: 'done', value: 3 });
  });

  it('when the budget runs out, aborts running tasks, abandons stuck ones and skips the rest', async () => {
    const signals: AbortSignal[] = [];
    const outcomes = await mapBounded(
      ['quick', 'stuck', 'ignores-abort', 'queued'],
      (name, signal) => {
        signals.push(signal);
        if (name === 'quick') return Promise.resolve(name);
        if (name === 'ignores-abort') return new Promise<string>(() => undefined);
        return new Promise<string>((_, reject) => signal.addEventListener('abort', () => reject(signal.reason)));
      },
      { concurrency: 2, budgetMs: 50 },
    );
    expect(outcomes[0]).toEqual({ status: 'done', value: 'quick' });
    expect(outcomes[1]).toMatchObject({ status: 'failed', error: new Error('time budget of 50 ms spent') });
    expect(outcomes[2]).toMatchObject({ status: 'failed' });
    expect(outcomes[3]).toEqual({ status: 'skipped' });
    expect(signals.every((signal) => signal.aborted)).toBe(true);
  });

  it('stops when the caller aborts', async () => {
    const outer = new AbortController();
    const mapped = mapBounded(
      [1, 2, 3],
      (_, signal) => new Promise<number>((_, reject) => signal.addEventListener('abort', () => reject(signal.reason))),
      {
        concurrency: 1,
        budgetMs: 60_000,
        signal: outer.signal,
      },
    );
    outer.abort(new Error('client went away'));
    const outcomes = await mapped;
    expect(outcomes[0]).toMatchObject({ status: 'failed', error: new Error('client went away') });
    expect(outcomes.slice(1)).toEqual([{ status: 'skipped' }, { status: 'skipped' }]);
  });

  it('returns at once for no items', async () => {
    expect(await mapBounded([], async () => 1, { concurrency: 4, budgetMs: 10 })).toEqual([]);
  });
});
