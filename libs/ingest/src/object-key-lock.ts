/**
 * Serialises work on one stored object within this process (issue 20 items 6 and 7): an upload and a removal of the
 * same bytes in one project share a storage key, and without this the removal's delete of the object could land
 * after the upload stored it again, leaving a live document without its PDF.
 */
const tails = new Map<string, Promise<unknown>>();

export async function withObjectKeyLock<T>(key: string, work: () => Promise<T>): Promise<T> {
  const before = tails.get(key) ?? Promise.resolve();
  const run = before.then(work, work);
  const tail = run.catch(() => undefined);
  tails.set(key, tail);
  try {
    return await run;
  } finally {
    if (tails.get(key) === tail) tails.delete(key);
  }
}
