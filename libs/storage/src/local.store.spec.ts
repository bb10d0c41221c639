import { promises as fs } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { LocalObjectStore } from './local.store';
import { InvalidObjectKeyError, ObjectNotFoundError } from './object-store';

describe(LocalObjectStore.name, () => {
  let root: string;
  let store: LocalObjectStore;

  beforeEach(async () => {
    root = await fs.mkdtemp(path.join(os.tmpdir(), 'lectern-store-'));
    store = new LocalObjectStore(path.join(root, 'objects'));
  });
  afterEach(() => fs.rm(root, { recursive: true, force: true }));

  it('round-trips bytes under nested keys and leaves no temp files', async () => {
    await store.put('projects/p1/documents/abc.pdf', Buffer.from('%PDF-1.7 hello'));
    expect((await store.get('projects/p1/documents/abc.pdf')).toString()).toBe('%PDF-1.7 hello');
    expect(await store.exists('projects/p1/documents/abc.pdf')).toBe(true);
    expect(await fs.readdir(path.join(root, 'objects/projects/p1/documents'))).toEqual(['abc.pdf']);
  });

  it('accepts keys under project ids that start with - or _ (nanoid makes them)', async () => {
    for (const key of ['projects/-abc/documents/x.pdf', 'projects/_abc/documents/x.pdf']) {
      await store.put(key, Buffer.from('%PDF-1.7'));
      expect(await store.exists(key)).toBe(true);
    }
  });

  it('reports a missing object with a named error', async () => {
    await expect(store.get('projects/p1/none.pdf')).rejects.toBeInstanceOf(ObjectNotFoundError);
    expect(await store.exists('projects/p1/none.pdf')).toBe(false);
  });

  it.each(['../escape.pdf', 'projects/../../etc/passwd', '/abs/path', 'a//b', 'a/./b', ''])(
    'refuses the key %j so nothing is written outside the store',
    async (key) => {
      await expect(store.put(key, Buffer.from('x'))).rejects.toBeInstanceOf(InvalidObjectKeyError);
      expect(await fs.readdir(root)).toEqual([]);
    },
  );

  it('deletes objects and tolerates deleting twice', async () => {
    await store.put('k/x.pdf', Buffer.from('1'));
    await store.delete('k/x.pdf');
    await store.delete('k/x.pdf');
    expect(await store.exists('k/x.pdf')).toBe(false);
  });
});
