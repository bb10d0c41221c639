import { backoffDelay, MAX_RETRY_WAIT_MS, sleep } from './retry-timing';

describe(backoffDelay.name, () => {
  it('doubles the wait with each retry', () => {
    expect([0, 1, 2, 3].map((retry) => backoffDelay(retry, 500))).toEqual([500, 1000, 2000, 4000]);
  });

  it('waits as long as Retry-After asks, within the cap', () => {
    expect(backoffDelay(0, 500, 2000)).toBe(2000);
    expect(backoffDelay(0, 500, 3_600_000)).toBe(MAX_RETRY_WAIT_MS);
    expect(backoffDelay(20, 500)).toBe(MAX_RETRY_WAIT_MS);
  });
});

describe(sleep.name, () => {
  it('rejects at once with the abort reason when the signal fires', async () => {
    const controller = new AbortController();
    const pending = sleep(60_000, controller.signal);
    controller.abort(new Error('stop'));
    await expect(pending).rejects.toThrow('stop');
  });
});
