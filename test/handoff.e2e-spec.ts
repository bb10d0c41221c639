import { promises as fs } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { resultObjectKey } from '@lectern/ingest';
import { MinioObjectStore } from '@lectern/storage';
import { buildImageOnlyPdf } from './fixtures/pdf-fixtures';
import { corpusPdf } from './support/paths';
import { expectOneArticlePerReadyDocument } from './support/ingested-corpus';
import { assertWorkerBuilt, killFirstMidDocument, startWorkerProcess, stopWorkers, type WorkerProcess } from './support/worker-process';
import { startRedisServer, type RedisServer } from './support/redis-server';
import { startS3Server, type S3TestServer } from './support/s3-server';
import { startTestApp, type DocumentState, type TestApp } from './support/test-app';

const PAPERS = ['thinkos-0.7.4.pdf', 'acl-N18-3011.pdf', 'arxiv-1211.2288.pdf', 'dpr-2004.04906-2p.pdf'];

/** Every file under a directory, relative to it. */
async function filesUnder(dir: string): Promise<string[]> {
  const entries = await fs.readdir(dir, { recursive: true, withFileTypes: true });
  return entries.filter((e) => e.isFile()).map((e) => path.relative(dir, path.join(e.parentPath, e.name)));
}

/**
 * INGEST_COMMIT=handoff (docs/scaling.md): the API owns the catalog and the corpora (data dir A) and only enqueues;
 * two worker processes on an empty data dir B (another machine, as far as they can tell) fetch the PDFs from an
 * S3-compatible store, build, and hand the results back through the store and the commit queue; the API's
 * coordinator commits them. Progress and failures reach the documents through BullMQ's events.
 */
describe('Hand-off: workers without the catalog or the corpus (e2e)', () => {
  let redis: RedisServer;
  let s3: S3TestServer;
  let t: TestApp;
  let workerDir: string;
  const workers: WorkerProcess[] = [];

  beforeAll(async () => {
    await assertWorkerBuilt();
    redis = await startRedisServer();
    s3 = await startS3Server();
    workerDir = await fs.mkdtemp(path.join(os.tmpdir(), 'lectern-handoff-worker-'));
  });
  afterAll(async () => {
    await stopWorkers(workers);
    await t?.close();
    await s3?.close();
    await redis?.stop();
    if (workerDir) await fs.rm(workerDir, { recursive: true, force: true });
  });

  it('builds on the workers (one killed mid-job), commits once in the API, and leaves the workers’ data directory empty', async () => {
    const s3Url = new URL(s3.url);
    const shared = {
      QUEUE: 'redis',
      REDIS_URL: redis.url,
      INGEST_COMMIT: 'handoff',
      EMBEDDINGS: 'lexical',
      MINIO_ENDPOINT: s3Url.hostname,
      MINIO_PORT: s3Url.port,
      MINIO_ACCESS_KEY: decodeURIComponent(s3Url.username),
      MINIO_SECRET_KEY: decodeURIComponent(s3Url.password),
      MINIO_BUCKET: 'lectern-handoff',
      JOB_LEASE_SECONDS: '2',
    };
    t = await startTestApp({ ...shared, INGEST_WORKER: 'off' });
    const workerEnv = { ...shared, LECTERN_DATA_DIR: workerDir, WORKERS: '1', MAX_CONCURRENT_DOCUMENTS: '2' };
    workers.push(startWorkerProcess(workerEnv), startWorkerProcess(workerEnv));

    const projectId = (await t.http().post('/projects').send({ name: 'hand-off' }).expect(201)).body.id as string;
    const req = t.http().post(`/projects/${projectId}/documents`);
    for (const name of PAPERS) req.attach('files', await fs.readFile(corpusPdf(name)), { filename: name, contentType: 'application/pdf' });
    req.attach('files', buildImageOnlyPdf(), { filename: 'scan.pdf', contentType: 'application/pdf' });
    const accepted = (await req.expect(202)).body.documents as Array<{ id: string; filename: string }>;
    expect(accepted).toHaveLength(PAPERS.length + 1);

    // kill -9 the first worker seen in the middle of a document: BullMQ's stall check gives the job to the other.
    const killed = await killFirstMidDocument(workers, 'built in|failed');
    expect(killed).not.toBeNull();
    const survivor = workers.find((w) => w !== killed!.worker)!;

    // Poll every document to the end, noting each status seen: the stages come from the workers through the queue.
    const seen = new Map<string, Set<string>>(accepted.map((d) => [d.id, new Set<string>()]));
    const final = new Map<string, DocumentState>();
    const deadline = Date.now() + 45_000;
    while (final.size < accepted.length) {
      if (Date.now() > deadline) {
        throw new Error(
          `not finished in time: ${JSON.stringify([...seen].map(([id, s]) => [id, [...s]]))}\n${workers.map((w) => w.log).join('\n')}`,
        );
      }
      for (const { id } of accepted) {
        if (final.has(id)) continue;
        const doc = (await t.http().get(`/documents/${id}`).expect(200)).body as DocumentState;
        seen.get(id)!.add(doc.status);
        if (doc.status === 'ready' || doc.status === 'failed') final.set(id, doc);
      }
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    const byName = Object.fromEntries([...final.values()].map((d) => [d.filename, d]));
    for (const name of PAPERS) expect(byName[name]).toMatchObject({ status: 'ready', error: null, articleId: expect.any(String) });
    // A permanent failure on a worker reaches the document through BullMQ's `failed` event.
    expect(byName['scan.pdf']).toMatchObject({ status: 'failed', error: expect.stringMatching(/no text layer/) });
    // The book takes long enough to parse that its stage, reported by a worker, shows on the document.
    const bookId = byName['thinkos-0.7.4.pdf'].id;
    expect([...seen.get(bookId)!].some((s) => s === 'parsing' || s === 'embedding')).toBe(true);

    // Built on the workers, committed by the API; the killed worker's document by the survivor.
    const log = workers.map((w) => w.log).join('\n');
    for (const name of PAPERS) expect(log).toMatch(new RegExp(`document=${byName[name].id} job=\\S+ built in \\d+ ms and handed`));
    expect(survivor.log).toMatch(new RegExp(`document=${killed!.documentId} job=\\S+ (built in|failed)`));
    // The coordinator deleted every result object once committed.
    const store = MinioObjectStore.fromUrl(s3.url, 'lectern-handoff');
    for (const { id } of accepted) expect(await store.exists(resultObjectKey(projectId, id))).toBe(false);

    const res = await t
      .http()
      .post(`/projects/${projectId}/search`)
      .send({ query: 'entity linking of mentions to the knowledge base', mode: 'keyword', k: 5 })
      .expect(200);
    expect(res.body.results.length).toBeGreaterThan(0);
    expect(res.body.results[0].article.id).toBe(byName['acl-N18-3011.pdf'].articleId);

    expectOneArticlePerReadyDocument(
      t.dataDir,
      projectId,
      PAPERS.map((name) => byName[name]),
    );

    // The survivor shuts down cleanly, and no worker wrote into its data directory (no catalog, no corpus).
    survivor.child.kill('SIGTERM');
    await survivor.exited;
    expect(survivor.child.exitCode).toBe(0);
    expect(await filesUnder(workerDir)).toEqual([]);
  }, 60_000);
});
