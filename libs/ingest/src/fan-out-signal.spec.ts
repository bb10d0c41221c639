import { getMaxListeners } from 'node:events';
import { fanOutSignal } from './fan-out-signal';

describe(fanOutSignal.name, () => {
  const listenAll = (signal: AbortSignal, n: number) => {
    const heard: number[] = [];
    for (let i = 0; i < n; i++) signal.addEventListener('abort', () => heard.push(i), { once: true });
    return heard;
  };

  it('lets every task listen without passing the listener limit, and aborts them all with the source', () => {
    const source = new AbortController();
    const { signal } = fanOutSignal(source.signal, 40);
    // Past this limit Node prints a MaxListenersExceededWarning (jest's sandboxed process does not relay it).
    expect(getMaxListeners(signal)).toBeGreaterThan(40);
    const heard = listenAll(signal, 40);
    source.abort(new Error('lease lost'));
    expect(heard).toHaveLength(40);
    expect((signal.reason as Error).message).toBe('lease lost');
    expect(getMaxListeners(source.signal)).toBe(10);
  });

  it('is aborted at once when the source already is', () => {
    const source = new AbortController();
    source.abort('stopping');
    expect(fanOutSignal(source.signal, 3).signal.aborted).toBe(true);
  });

  it('stops following the source once released', () => {
    const source = new AbortController();
    const { signal, release } = fanOutSignal(source.signal, 3);
    release();
    source.abort();
    expect(signal.aborted).toBe(false);
  });
});
