import { createHash, randomBytes } from 'node:crypto';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Client } from 'minio';
import { startS3Server, S3TestServer } from '../../../test/support/s3-server';
import { InvalidObjectStoreUrlError, MinioObjectStore, ObjectChecksumMismatchError } from './minio.store';
import { InvalidObjectKeyError, ObjectNotFoundError } from './object-store';

// Runs against s3rver on loopback, or against a real MinIO when MINIO_TEST_URL=http://KEY:SECRET@host:port is set.
describe(MinioObjectStore.name, () => {
  let server: S3TestServer | undefined;
  let url: string;
  let raw: Client;
  const written = new Map<string, Set<string>>(); // bucket → keys, removed after the run

  beforeAll(async () => {
    const external = process.env.MINIO_TEST_URL?.trim();
    if (external) {
      url = external;
    } else {
      server = await startS3Server();
      url = server.url;
    }
    raw = rawClient(url);
  });

  afterAll(async () => {
    for (const [bucket, keys] of written) {
      if (!(await raw.bucketExists(bucket))) continue;
      for (const key of keys) await raw.removeObject(bucket, key);
      await raw.removeBucket(bucket);
    }
    await server?.close();
  });

  /** A store on a fresh bucket, so tests never see each other's objects. */
  function freshStore(): MinioObjectStore {
    const bucket = `lectern-test-${randomBytes(5).toString('hex')}`;
    written.set(bucket, new Set());
    return MinioObjectStore.fromUrl(url, bucket);
  }
  async function put(store: MinioObjectStore, key: string, data: Buffer, meta?: { contentType?: string }) {
    written.get(store.bucket)?.add(key);
    await store.put(key, data, meta);
  }

  it('creates its bucket on init, once, even when several stores race to create it', async () => {
    const store = freshStore();
    expect(await raw.bucketExists(store.bucket)).toBe(false);
    const rival = MinioObjectStore.fromUrl(url, store.bucket);
    await Promise.all([store.init(), store.init(), rival.init()]);
    expect(await raw.bucketExists(store.bucket)).toBe(true);
    await expect(MinioObjectStore.fromUrl(url, store.bucket).init()).resolves.toBeUndefined();
  });

  it('accepts losing the race to create its bucket to another process', async () => {
    const store = freshStore();
    // A loopback proxy that lets a rival create the bucket between our existence check and our create.
    const proxy = await startProxy(url, async (req) => {
      if (req.method === 'PUT' && req.url === `/${store.bucket}`) await raw.makeBucket(store.bucket, 'us-east-1');
    });
    try {
      const raced = MinioObjectStore.fromUrl(proxy.url, store.bucket);
      await expect(raced.init()).resolves.toBeUndefined();
      expect(proxy.seen).toContain(`PUT /${store.bucket}`);
      await raced.put('k/after-race.pdf', Buffer.from('ok'));
      written.get(store.bucket)?.add('k/after-race.pdf');
      expect((await store.get('k/after-race.pdf')).toString()).toBe('ok');
    } finally {
      await proxy.close();
    }
  });

  it('creates the bucket on first use when init was never called', async () => {
    const store = freshStore();
    await put(store, 'projects/p1/documents/a.pdf', Buffer.from('%PDF-1.7 first'));
    expect(await raw.bucketExists(store.bucket)).toBe(true);
  });

  it('round-trips bytes exactly, including a 5 MB buffer, and overwrites in place', async () => {
    const store = freshStore();
    const small = Buffer.from('%PDF-1.7 hello');
    const large = randomBytes(5 * 1024 * 1024);
    await put(store, 'projects/p1/documents/small.pdf', small);
    await put(store, 'projects/p1/documents/large.pdf', large);
    expect((await store.get('projects/p1/documents/small.pdf')).equals(small)).toBe(true);
    const back = await store.get('projects/p1/documents/large.pdf');
    expect(back.length).toBe(large.length);
    expect(back.equals(large)).toBe(true);

    await put(store, 'projects/p1/documents/small.pdf', Buffer.from('second'));
    expect((await store.get('projects/p1/documents/small.pdf')).toString()).toBe('second');
  });

  it('stores the content type and the sha256 of the bytes as object metadata', async () => {
    const store = freshStore();
    const data = Buffer.from('%PDF-1.4 metadata test');
    const sha256 = createHash('sha256').update(data).digest('hex');
    await put(store, 'projects/p2/documents/m.pdf', data, { contentType: 'application/pdf' });
    await put(store, 'projects/p2/blob.bin', Buffer.from([1, 2, 3]));

    const stat = await raw.statObject(store.bucket, 'projects/p2/documents/m.pdf');
    expect(stat.size).toBe(data.length);
    expect(stat.metaData['content-type']).toBe('application/pdf');
    expect(stat.metaData['sha256']).toBe(sha256);
    const blob = await raw.statObject(store.bucket, 'projects/p2/blob.bin');
    expect(blob.metaData['content-type']).toBe('application/octet-stream');
    expect(blob.metaData['sha256']).toBe(createHash('sha256').update(Buffer.from([1, 2, 3])).digest('hex'));
  });

  it('reports a missing object with ObjectNotFoundError and exists() false', async () => {
    const store = freshStore();
    await expect(store.get('projects/p1/none.pdf')).rejects.toBeInstanceOf(ObjectNotFoundError);
    expect(await store.exists('projects/p1/none.pdf')).toBe(false);
    await put(store, 'projects/p1/some.pdf', Buffer.from('x'));
    expect(await store.exists('projects/p1/some.pdf')).toBe(true);
  });

  it('deletes objects and tolerates deleting twice or deleting what never existed', async () => {
    const store = freshStore();
    await put(store, 'k/x.pdf', Buffer.from('1'));
    await store.delete('k/x.pdf');
    await store.delete('k/x.pdf');
    await store.delete('k/never.pdf');
    expect(await store.exists('k/x.pdf')).toBe(false);
    await expect(store.get('k/x.pdf')).rejects.toBeInstanceOf(ObjectNotFoundError);
  });

  it('reports unknown credentials as an error, never as a missing object', async () => {
    const store = freshStore();
    await store.init();
    const wrong = new URL(url);
    // An unknown access key: s3rver does not verify SigV4 signatures, but it does know its accounts.
    wrong.username = 'NOBODY';
    const intruder = MinioObjectStore.fromUrl(wrong.toString(), store.bucket);
    await expect(intruder.exists('projects/p1/a.pdf')).rejects.toMatchObject({ name: 'S3Error' });
    await expect(intruder.get('projects/p1/a.pdf')).rejects.not.toBeInstanceOf(ObjectNotFoundError);
  });

  describe('against a server that only records requests', () => {
    let recorder: http.Server;
    let requests: http.IncomingHttpHeaders[] = [];
    let port: number;
    let counterUrl: string;

    beforeAll(async () => {
      recorder = http.createServer((req, res) => {
        requests.push(req.headers);
        res.writeHead(403).end(); // not 5xx, which the client would retry
      });
      await new Promise<void>((resolve) => recorder.listen(0, '127.0.0.1', resolve));
      port = (recorder.address() as AddressInfo).port;
      counterUrl = `http://KEY:SECRET@127.0.0.1:${port}`;
    });
    beforeEach(() => {
      requests = [];
    });
    afterAll(() => {
      recorder.closeAllConnections();
      return new Promise<void>((resolve) => recorder.close(() => resolve()));
    });

    it.each(['../escape.pdf', 'projects/../../etc/passwd', '/abs/path', 'a//b', 'a/./b', '', 'a b/c.pdf', 'x'.repeat(513)])(
      'refuses the key %j without contacting the server',
      async (key) => {
        const store = MinioObjectStore.fromUrl(counterUrl, 'lectern');
        await expect(store.put(key, Buffer.from('x'))).rejects.toBeInstanceOf(InvalidObjectKeyError);
        await expect(store.get(key)).rejects.toBeInstanceOf(InvalidObjectKeyError);
        await expect(store.exists(key)).rejects.toBeInstanceOf(InvalidObjectKeyError);
        await expect(store.delete(key)).rejects.toBeInstanceOf(InvalidObjectKeyError);
        expect(requests).toEqual([]);
      },
    );

    it('refuses a sha256 that does not match the bytes', async () => {
      const store = MinioObjectStore.fromUrl(counterUrl, 'lectern');
      const wrong = createHash('sha256').update('other bytes').digest('hex');
      await expect(store.put('k/a.pdf', Buffer.from('these bytes'), { sha256: wrong })).rejects.toBeInstanceOf(
        ObjectChecksumMismatchError,
      );
      expect(requests).toEqual([]);
    });

    it('signs with percent-decoded credentials from the URL', async () => {
      const store = MinioObjectStore.fromUrl(`http://k%40y:s%2Fcret@127.0.0.1:${port}`, 'lectern');
      await expect(store.exists('k/a.pdf')).rejects.toBeDefined();
      expect(requests.length).toBeGreaterThan(0);
      expect(requests[0].authorization).toContain('Credential=k@y/');
    });
  });

  describe('fromUrl', () => {
    it.each([
      ['no credentials', 'http://127.0.0.1:9000'],
      ['an unsupported scheme', 'ftp://key:topsecret@127.0.0.1:9000'],
      ['a path', 'http://key:topsecret@127.0.0.1:9000/bucket'],
      ['garbage', 'not a url topsecret'],
    ])('refuses a URL with %s and never echoes the secret', (_what, bad) => {
      let error: unknown;
      try {
        MinioObjectStore.fromUrl(bad, 'lectern');
      } catch (e) {
        error = e;
      }
      expect(error).toBeInstanceOf(InvalidObjectStoreUrlError);
      expect((error as Error).message).not.toContain('topsecret');
    });
  });
});

/** Forwards every request to `target` after `before(req)` has run; records `METHOD /path` of each. */
async function startProxy(target: string, before: (req: http.IncomingMessage) => Promise<void>) {
  const upstream = new URL(target);
  const seen: string[] = [];
  const proxy = http.createServer(async (req, res) => {
    seen.push(`${req.method} ${req.url}`);
    await before(req);
    const forward = http.request(
      { host: upstream.hostname, port: upstream.port, method: req.method, path: req.url, headers: req.headers },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    req.pipe(forward);
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  const address = new URL(target);
  address.host = `127.0.0.1:${(proxy.address() as AddressInfo).port}`;
  return {
    url: address.toString().replace(/\/$/, ''),
    seen,
    close: () => {
      proxy.closeAllConnections();
      return new Promise<void>((resolve) => proxy.close(() => resolve()));
    },
  };
}

function rawClient(url: string): Client {
  const u = new URL(url);
  return new Client({
    endPoint: u.hostname,
    port: u.port === '' ? undefined : Number(u.port),
    useSSL: u.protocol === 'https:',
    accessKey: decodeURIComponent(u.username),
    secretKey: decodeURIComponent(u.password),
    region: 'us-east-1',
    pathStyle: true,
  });
}
