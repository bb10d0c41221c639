import * as path from 'node:path';
import { CatalogDb } from '@lectern/corpus';
import { LocalObjectStore } from '@lectern/storage';
import { startRedisServer, type RedisServer } from '../../../../test/support/redis-server';
import { articleFromTei, TEST_EMBEDDING } from '../../../corpus/src/testing/corpus.fixture';
import { useTempDir } from '../../../corpus/src/testing/temp-dir.fixture';
import type { BuiltArticle } from '../article-builder';
import { CorpusRegistry } from '../corpus-registry';
import { jobTargetOf } from '../document-intake';
import { BullJobQueue } from '../queue/bull-job.queue';
import type { JobTarget } from '../queue/job-queue';
import { resultObjectKey } from './article-result.codec';
import { CommitCoordinator } from './commit-coordinator';
import { ResultHandOff } from './result-handoff';

// A real redis-server; each test gets queues (and keys) of its own.
let redis: RedisServer;
beforeAll(async () => {
  redis = await startRedisServer();
});
afterAll(() => redis?.stop());

let queues = 0;

/** Polls until `check` holds (BullMQ's events arrive asynchronously); fails after two seconds. */
async function eventually(check: () => boolean): Promise<void> {
  const deadline = Date.now() + 2_000;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('condition not met within 2 s');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe('CommitCoordinator (INGEST_COMMIT=handoff)', () => {
  const tempDir = useTempDir('lectern-coordinator-');
  let catalog: CatalogDb;
  let corpora: CorpusRegistry;
  let store: LocalObjectStore;
  let ingestQueue: BullJobQueue;
  let commitQueue: BullJobQueue;
  let coordinator: CommitCoordinator;
  let target: JobTarget;
  let ingestQueueName: string;
  let built: BuiltArticle;

  beforeEach(() => {
    catalog = CatalogDb.open(tempDir());
    corpora = new CorpusRegistry(tempDir(), TEST_EMBEDDING);
    store = new LocalObjectStore(path.join(tempDir(), 'objects'));
    const n = ++queues;
    const onExhausted = () => undefined;
    ingestQueueName = `ingest-${n}`;
    ingestQueue = new BullJobQueue({ url: redis.url, queueName: ingestQueueName, leaseMs: 5_000, onExhausted });
    // A short wait before a commit job is tried again (BullMQ keeps the time), so a test sees it delayed first.
    commitQueue = new BullJobQueue({ url: redis.url, queueName: `commit-${n}`, leaseMs: 5_000, retryBackoffMs: () => 300, onExhausted });
    coordinator = new CommitCoordinator({ catalog, store, corpora, ingestQueue, commitQueue });
    const projectId = catalog.projects.create('hand-off').id;
    const doc = catalog.documents.create({ projectId, sha256: 'a'.repeat(64), filename: 'acl.pdf', sizeBytes: 1, storageKey: 'k/acl.pdf' });
    target = jobTargetOf(doc);
    built = { article: { ...articleFromTei('acl-N18-3011'), documentId: doc.id }, parsers: ['pdfjs'], warnings: [] };
  });
  afterEach(async () => {
    await coordinator.stop();
    await ingestQueue.close();
    await commitQueue.close();
    corpora.closeAll();
    catalog.close();
  });

  it('commits what a worker handed off, once, and deletes the result object', async () => {
    const handOff = new ResultHandOff(store, (t) => commitQueue.retry(t));
    expect(await handOff.commit(target, built)).toBe('handed-off');

    expect(await coordinator.drain()).toBe(1);
    const doc = catalog.documents.findById(target.documentId)!;
    expect(doc).toMatchObject({ status: 'ready', error: null });
    expect(
      corpora
        .get(target.projectId)
        .listArticles()
        .map((a) => a.id),
    ).toEqual([doc.articleId]);
    expect(await store.exists(resultObjectKey(target.projectId, target.documentId))).toBe(false);
    expect(await commitQueue.counts()).toEqual({ queued: 0, running: 0, done: 1, failed: 0 });
    expect(await coordinator.drain()).toBe(0);
  });

  it.each([
    ['missing', async () => undefined],
    ['corrupt', async () => void (await store.put(resultObjectKey(target.projectId, target.documentId), Buffer.from('LECTRES1 torn')))],
  ])('builds the document again when its result is %s', async (_, damage) => {
    // The worker built and completed its ingest job; then the result object was lost or damaged.
    await ingestQueue.enqueue(target);
    const claimed = (await ingestQueue.claim('worker'))!;
    await damage();
    await commitQueue.retry(target);
    await ingestQueue.complete(claimed.lease);

    expect(await coordinator.drain()).toBe(1);
    expect(catalog.documents.findById(target.documentId)).toMatchObject({ status: 'queued', articleId: null });
    expect(await commitQueue.counts()).toMatchObject({ queued: 0, running: 0, failed: 0 });
    // The ingest job is queued again, still carrying where the PDF is for a worker without the catalog.
    const again = (await ingestQueue.claim('worker'))!;
    expect(again).toMatchObject({ documentId: target.documentId, storageKey: 'k/acl.pdf', filename: 'acl.pdf' });
  });

  it('looks again later when the result is unreadable while the ingest job is still running', async () => {
    // The worker queued the commit but has not completed its ingest job yet.
    await ingestQueue.enqueue(target);
    const claimed = (await ingestQueue.claim('worker'))!;
    await commitQueue.retry(target);

    expect(await coordinator.drain()).toBe(1);
    expect(catalog.documents.findById(target.documentId)!.status).toBe('queued');
    expect(await commitQueue.counts()).toMatchObject({ queued: 1, running: 0, failed: 0 });

    // Once the ingest job is completed, the next look (after the backoff) queues it again.
    await ingestQueue.complete(claimed.lease);
    const deadline = Date.now() + 3_000;
    let looked = 0;
    while (looked === 0 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      looked = await coordinator.drain();
    }
    expect(looked).toBe(1);
    expect(await commitQueue.counts()).toMatchObject({ queued: 0, running: 0, failed: 0, done: 1 });
    expect(await ingestQueue.claim('worker')).toMatchObject({ documentId: target.documentId, storageKey: 'k/acl.pdf' });
  });

  it('mirrors the stages and failures workers report through the queue onto the documents', async () => {
    await coordinator.start();
    // A worker elsewhere: its own connection to the same queue, no catalog.
    const remote = new BullJobQueue({ url: redis.url, queueName: ingestQueueName, leaseMs: 5_000, onExhausted: () => undefined });
    try {
      await remote.enqueue(target);
      const job = (await remote.claim('remote'))!;
      expect(await remote.progress(job.lease, { stage: 'embedding' })).toBe(true);
      await eventually(() => catalog.documents.findById(target.documentId)!.status === 'embedding');

      expect(await remote.fail(job.lease, { reason: 'not a PDF', permanent: true })).toBe('failed');
      await eventually(() => catalog.documents.findById(target.documentId)!.status === 'failed');
      expect(catalog.documents.findById(target.documentId)!.error).toBe('not a PDF');
    } finally {
      await remote.close();
    }
  });
});
