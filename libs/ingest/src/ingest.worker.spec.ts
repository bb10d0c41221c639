import Database from 'better-sqlite3';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { DomainError } from '@lectern/common';
import { CatalogDb, type DocumentRow } from '@lectern/corpus';
import { EmbeddingProviderError, LexicalEmbedder } from '@lectern/embeddings';
import { LocalObjectStore } from '@lectern/storage';
import { corpusPdf } from '../../../test/support/paths';
import { CorpusCommitter, type ArticleCommitter } from './article-committer';
import { CorpusRegistry } from './corpus-registry';
import { InlinePool, type IngestPool } from './ingest.pool';
import { IngestWorker } from './ingest.worker';
import { ParseServices } from './parse-services';
import type {
  ClaimedJob,
  FailOutcome,
  JobEventListener,
  JobFailure,
  JobLease,
  JobProgress,
  JobQueue,
  JobTarget,
  QueuedJob,
} from './queue/job-queue';
import { SqliteJobQueue } from './queue/sqlite-job.queue';
import { resultObjectKey } from './result/article-result.codec';
import { commitArticleResult, ResultHandOff } from './result/result-handoff';
import type { EmbedTask, ParseResult, ParseTask } from './run-ingest';

const T0 = Date.parse('2025-01-01T00:00:00Z');
const LEASE_MS = 30_000;
const PAPER = 'arxiv-1211.2288.pdf';
const embedder = new LexicalEmbedder({ dimension: 64 });
const embedderConfig = { kind: 'lexical' as const, dimension: 64 };

class Deferred {
  resolve!: () => void;
  readonly promise = new Promise<void>((resolve) => (this.resolve = resolve));
}

let parsedPaper: Promise<ParseResult> | null = null;

/**
 * The real inline pool, with a gate before parsing (so a test decides when a worker's parse ends) and a fault to
 * throw instead of parsing. The paper is parsed once per file and handed out as copies.
 */
class GatedPool implements IngestPool {
  readonly threads = 0;
  private readonly inline = new InlinePool();
  parses = 0;
  embeds = 0;
  readonly entered = new Deferred();
  gate: Deferred | null = null;
  faults: Error[] = [];

  async parse(task: ParseTask): Promise<ParseResult> {
    this.parses++;
    this.entered.resolve();
    await this.gate?.promise;
    const fault = this.faults.shift();
    if (fault) throw fault;
    parsedPaper ??= this.inline.parse(task);
    return structuredClone(await parsedPaper);
  }

  embed(task: EmbedTask): Promise<Float32Array[]> {
    this.embeds++;
    return this.inline.embed(task);
  }

  async close(): Promise<void> {}
}

/** The real queue, with a hook before `complete` and renewals that can be made to throw (a busy database). */
class ObservedQueue implements JobQueue {
  readonly renewals: Array<boolean | Error> = [];
  renewFaults = 0;
  beforeComplete: (() => Promise<void>) | null = null;
  /** Runs once, after the next renewal or progress report succeeded, before its caller hears of it: a pause right there. */
  afterHeld: (() => Promise<void>) | null = null;

  constructor(private readonly inner: JobQueue) {}

  get leaseMs() {
    return this.inner.leaseMs;
  }
  enqueue(target: JobTarget): Promise<QueuedJob> {
    return this.inner.enqueue(target);
  }
  claim(workerId: string): Promise<ClaimedJob | null> {
    return this.inner.claim(workerId);
  }
  async renew(lease: JobLease): Promise<boolean> {
    if (this.renewFaults > 0) {
      this.renewFaults--;
      const busy = new Database.SqliteError('database is locked', 'SQLITE_BUSY');
      this.renewals.push(busy);
      throw busy;
    }
    const held = await this.inner.renew(lease);
    this.renewals.push(held);
    if (held) await this.runAfterHeld();
    return held;
  }
  watch(listener: JobEventListener): Promise<void> {
    return this.inner.watch(listener);
  }
  open(): Promise<void> {
    return this.inner.open();
  }
  close(): Promise<void> {
    return this.inner.close();
  }
  async progress(lease: JobLease, progress: JobProgress): Promise<boolean> {
    const held = await this.inner.progress(lease, progress);
    if (held) await this.runAfterHeld();
    return held;
  }
  private async runAfterHeld(): Promise<void> {
    const hook = this.afterHeld;
    this.afterHeld = null;
    await hook?.();
  }
  async complete(lease: JobLease): Promise<boolean> {
    const hook = this.beforeComplete;
    this.beforeComplete = null;
    await hook?.();
    return this.inner.complete(lease);
  }
  fail(lease: JobLease, failure: JobFailure): Promise<FailOutcome> {
    return this.inner.fail(lease, failure);
  }
  retry(target: JobTarget): Promise<QueuedJob> {
    return this.inner.retry(target);
  }
  counts() {
    return this.inner.counts();
  }
}

/** A permanent fault that is not the document's (a broken invariant): not exposable, not worth retrying. */
class BrokenInvariantError extends DomainError {
  override readonly name = 'BrokenInvariantError';
}

async function until(condition: () => boolean, what: string): Promise<void> {
  for (let i = 0; i < 2_000 && !condition(); i++) await new Promise((resolve) => setTimeout(resolve, 5));
  if (!condition()) throw new Error(`timed out waiting for ${what}`);
}

describe(IngestWorker.name, () => {
  let dir: string;
  let clock: number;
  let catalog: CatalogDb;
  let corpora: CorpusRegistry;
  let store: LocalObjectStore;
  let projectId: string;
  const unhandled: unknown[] = [];
  const onUnhandled = (reason: unknown) => void unhandled.push(reason);

  beforeAll(() => process.on('unhandledRejection', onUnhandled));
  afterAll(() => void process.off('unhandledRejection', onUnhandled));

  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lectern-worker-'));
    clock = T0;
    unhandled.length = 0;
    catalog = CatalogDb.open(dir);
    corpora = new CorpusRegistry(dir, { modelId: embedder.modelId, dimension: embedder.dimension });
    store = new LocalObjectStore(path.join(dir, 'objects'));
    projectId = catalog.projects.create('worker').id;
  });
  afterEach(() => {
    corpora.closeAll();
    catalog.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  function newQueue(options: { leaseMs?: number; retryBackoffMs?: (attempt: number) => number } = {}): ObservedQueue {
    return new ObservedQueue(new SqliteJobQueue(catalog.jobs, { leaseMs: LEASE_MS, now: () => clock, ...options }));
  }

  function newWorker(queue: JobQueue, pool: IngestPool = new GatedPool(), committer?: ArticleCommitter): IngestWorker {
    return new IngestWorker(
      {
        catalog,
        queue,
        store,
        corpora,
        services: new ParseServices({ timeoutMs: 1_000 }),
        pool,
        embedder: { config: embedderConfig, instance: embedder },
        maxTokens: 256,
        committer,
      },
      { concurrency: 1 },
    );
  }

  async function upload(queue: JobQueue): Promise<DocumentRow> {
    const data = fs.readFileSync(corpusPdf(PAPER));
    const storageKey = `projects/${projectId}/documents/paper.pdf`;
    await store.put(storageKey, data);
    const document = catalog.documents.create({ projectId, sha256: '1'.repeat(64), filename: PAPER, sizeBytes: data.length, storageKey });
    await queue.enqueue({ documentId: document.id, projectId });
    return document;
  }

  const documentOf = (id: string) => catalog.documents.findById(id)!;
  const articlesOf = () => corpora.get(projectId).listArticles();

  it('drops the work of a worker whose lease expired: the document ends ready with the new owner’s one article', async () => {
    const queue = newQueue();
    const doc = await upload(queue);
    const slowPool = new GatedPool();
    slowPool.gate = new Deferred();
    const slow = newWorker(queue, slowPool);
    const fast = newWorker(queue);

    const slowRun = slow.drain();
    await slowPool.entered.promise;
    clock += LEASE_MS; // its event loop was blocked past the lease (WORKERS=0, a huge PDF)
    expect(await fast.drain()).toBe(1);
    const ready = documentOf(doc.id);
    expect(ready).toMatchObject({ status: 'ready', error: null });

    slowPool.gate.resolve();
    await slowRun;
    expect(documentOf(doc.id)).toEqual(ready);
    expect(articlesOf().map((a) => a.id)).toEqual([ready.articleId]);
    expect(await queue.counts()).toEqual({ queued: 0, running: 0, done: 1, failed: 0 });
  });

  it('leaves the document alone when its work fails after the lease was lost', async () => {
    const queue = newQueue();
    const doc = await upload(queue);
    const slowPool = new GatedPool();
    slowPool.gate = new Deferred();
    slowPool.faults.push(new Error('ECONNRESET while reading the parse result'));
    const slow = newWorker(queue, slowPool);

    const slowRun = slow.drain();
    await slowPool.entered.promise;
    clock += LEASE_MS;
    await newWorker(queue).drain();
    const ready = documentOf(doc.id);
    slowPool.gate.resolve();
    await slowRun;

    expect(ready.status).toBe('ready');
    expect(documentOf(doc.id)).toEqual(ready);
    expect(articlesOf()).toHaveLength(1);
  });

  it('stops the work and commits nothing once a renewal reports the lease lost', async () => {
    // A 60 ms lease renews every 20 ms of real time; the queue's clock stands still unless the test moves it.
    const queue = newQueue({ leaseMs: 60 });
    const doc = await upload(queue);
    const pool = new GatedPool();
    pool.gate = new Deferred();
    const run = newWorker(queue, pool).drain();
    await pool.entered.promise;
    clock += 60;
    const thief = await queue.claim('another-worker');
    expect(thief?.documentId).toBe(doc.id);
    await until(() => queue.renewals.includes(false), 'a renewal that finds the lease lost');

    pool.gate.resolve();
    await run;
    expect(pool.embeds).toBe(0);
    expect(articlesOf()).toHaveLength(0);
    expect(documentOf(doc.id).status).toBe('parsing');
    // The job is the other claimer's to finish.
    expect(await queue.complete(thief!.lease)).toBe(true);
  });

  it('does not set back a document that another worker finished while this one was paused after confirming its lease', async () => {
    const queue = newQueue();
    const doc = await upload(queue);
    const pool = new GatedPool();
    queue.afterHeld = async () => {
      clock += LEASE_MS;
      expect(await newWorker(queue).drain()).toBe(1);
    };
    await newWorker(queue, pool).drain();

    const { status, articleId } = documentOf(doc.id);
    expect(status).toBe('ready');
    expect(articlesOf().map((a) => a.id)).toEqual([articleId]);
    expect(pool.embeds).toBe(0);
  });

  it('keeps working through renewals that throw (SQLITE_BUSY) and finishes the document', async () => {
    const queue = newQueue({ leaseMs: 60 });
    const doc = await upload(queue);
    const pool = new GatedPool();
    pool.gate = new Deferred();
    const run = newWorker(queue, pool).drain();
    await pool.entered.promise;
    const before = queue.renewals.length;
    queue.renewFaults = 2;
    await until(() => queue.renewals.length >= before + 3, 'three background renewals');
    pool.gate.resolve();
    await run;

    const background = queue.renewals.slice(before, before + 3);
    expect(background.map((r) => (r instanceof Error ? (r as Error & { code: string }).code : r))).toEqual([
      'SQLITE_BUSY',
      'SQLITE_BUSY',
      true,
    ]);
    expect(unhandled).toEqual([]);
    expect(documentOf(doc.id).status).toBe('ready');
    expect(articlesOf()).toHaveLength(1);
  });

  it('keeps the committed article when the lease is lost at complete time; the next claimer only completes the job', async () => {
    const queue = newQueue();
    const doc = await upload(queue);
    const nextPool = new GatedPool();
    const next = newWorker(queue, nextPool);
    queue.beforeComplete = async () => {
      clock += LEASE_MS; // the commit outlasted the lease, and another worker claimed the job meanwhile
      expect(await next.drain()).toBe(1);
    };
    expect(await newWorker(queue).drain()).toBe(1);

    const ready = documentOf(doc.id);
    expect(ready.status).toBe('ready');
    expect(articlesOf().map((a) => a.id)).toEqual([ready.articleId]);
    expect(nextPool.parses).toBe(0);
    expect(await queue.counts()).toEqual({ queued: 0, running: 0, done: 1, failed: 0 });
  });

  it('hands a transient failure back to the queue, which retries it after its backoff', async () => {
    const queue = newQueue({ retryBackoffMs: () => 5_000 });
    const doc = await upload(queue);
    const pool = new GatedPool();
    pool.faults.push(new EmbeddingProviderError('the embeddings endpoint answered 503', 503));
    const worker = newWorker(queue, pool);

    expect(await worker.drain()).toBe(1);
    expect(documentOf(doc.id)).toMatchObject({ status: 'queued', error: 'internal error: the embeddings endpoint answered 503' });
    expect(await worker.drain()).toBe(0);
    clock += 5_000;
    expect(await worker.drain()).toBe(1);
    expect(documentOf(doc.id)).toMatchObject({ status: 'ready', error: null });
    expect(pool.parses).toBe(2);
  });

  it('fails a permanent fault at once, even when its message is not for the user', async () => {
    const queue = newQueue({ retryBackoffMs: () => 5_000 });
    const doc = await upload(queue);
    const pool = new GatedPool();
    pool.faults.push(new BrokenInvariantError('section numbering went backwards'));

    expect(await newWorker(queue, pool).drain()).toBe(1);
    expect(documentOf(doc.id)).toMatchObject({ status: 'failed', error: 'internal error: section numbering went backwards' });
    expect(await queue.counts()).toEqual({ queued: 0, running: 0, done: 0, failed: 1 });
  });

  it('is never handed a job whose worker died on every attempt: the queue fails it with its document', async () => {
    const queue = newQueue();
    const doc = await upload(queue);
    for (let attempt = 1; attempt <= 3; attempt++) {
      expect(await queue.claim(`crashed-${attempt}`)).toMatchObject({ documentId: doc.id, attempts: attempt });
      clock += LEASE_MS;
    }
    const pool = new GatedPool();
    expect(await newWorker(queue, pool).drain()).toBe(0);
    expect(pool.parses).toBe(0);
    expect(documentOf(doc.id)).toMatchObject({
      status: 'failed',
      error: 'the worker stopped (crashed or timed out) on each of 3 attempts',
    });
  });

  it('hands the built article to the corpus owner instead of committing it, and the owner commits it', async () => {
    const queue = newQueue();
    const doc = await upload(queue);
    const target = { documentId: doc.id, projectId };
    const requested: JobTarget[] = [];
    const worker = newWorker(queue, new GatedPool(), new ResultHandOff(store, async (t) => void requested.push(t)));

    expect(await worker.drain()).toBe(1);
    expect(requested).toEqual([target]);
    expect(await store.exists(resultObjectKey(projectId, doc.id))).toBe(true);
    expect(articlesOf()).toHaveLength(0);
    expect(documentOf(doc.id).status).toBe('embedding');
    expect(await queue.counts()).toEqual({ queued: 0, running: 0, done: 1, failed: 0 });

    expect(await commitArticleResult(store, new CorpusCommitter(catalog, corpora), target)).toBe('committed');
    const ready = documentOf(doc.id);
    expect(ready).toMatchObject({ status: 'ready', parsers: ['pdfjs'], error: null });
    expect(articlesOf().map((a) => a.id)).toEqual([ready.articleId]);
    expect(await store.exists(resultObjectKey(projectId, doc.id))).toBe(false);
  });
});
