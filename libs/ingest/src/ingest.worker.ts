import { hostname } from 'node:os';
import { randomBytes } from 'node:crypto';
import { DomainError } from '@lectern/common';
import type { CatalogDb } from '@lectern/corpus';
import type { Embedder, EmbedderConfig } from '@lectern/embeddings';
import type { ObjectStore } from '@lectern/storage';
import type { CorpusRegistry } from './corpus-registry';
import { silentLogger, type IngestLogger } from './ingest.logger';
import type { IngestPool } from './ingest.pool';
import type { ParseServices } from './parse-services';
import type { ClaimedJob, JobQueue } from './queue/job-queue';
import { textsToEmbed, toArticleInput } from './run-ingest';

export interface IngestWorkerDeps {
  /** Documents only: their status and results. The job mechanics go through `queue`. */
  catalog: CatalogDb;
  queue: JobQueue;
  store: ObjectStore;
  corpora: CorpusRegistry;
  services: ParseServices;
  pool: IngestPool;
  /** The embedder the pool threads rebuild, and the model the corpus records. */
  embedder: { config: EmbedderConfig; instance: Embedder };
  maxTokens: number;
  logger?: IngestLogger;
}

export interface IngestWorkerOptions {
  pollMs?: number;
  /** Claims of one job (crashes included) before the document is marked failed. */
  maxAttempts?: number;
  /** Documents in flight at once; the next job is claimed only when one finishes (back-pressure). */
  concurrency?: number;
  embedBatchSize?: number;
}

/** The document itself is unusable (retrying cannot help) and the error says why in words for the user. */
const isDocumentFault = (error: unknown) => error instanceof DomainError && error.permanent && error.exposable;

/** Claims ingestion jobs from the job queue and runs them; several workers (processes) may share a queue. */
export class IngestWorker {
  readonly workerId = `${hostname()}-${process.pid}-${randomBytes(3).toString('hex')}`;
  private readonly pollMs: number;
  private readonly maxAttempts: number;
  private readonly concurrency: number;
  private readonly embedBatchSize: number;
  private readonly logger: IngestLogger;
  private readonly inFlight = new Set<Promise<void>>();
  private running = false;
  private loop: Promise<void> | null = null;
  private wakeUp: (() => void) | null = null;

  constructor(
    private readonly deps: IngestWorkerDeps,
    options: IngestWorkerOptions = {},
  ) {
    this.pollMs = options.pollMs ?? 1_000;
    this.maxAttempts = options.maxAttempts ?? 3;
    this.concurrency = options.concurrency ?? 2;
    this.embedBatchSize = options.embedBatchSize ?? 64;
    this.logger = deps.logger ?? silentLogger;
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    this.loop = this.run();
  }

  /** Stops claiming and waits for the documents in flight to finish. */
  async stop(): Promise<void> {
    this.running = false;
    this.wake();
    await this.loop;
    this.loop = null;
  }

  /** Called after a job is enqueued so it starts without waiting for the next poll. */
  wake(): void {
    this.wakeUp?.();
  }

  /** Processes jobs until none can be claimed; for the CLI, tests and benchmarks. */
  async drain(): Promise<number> {
    let processed = 0;
    for (;;) {
      while (this.inFlight.size < this.concurrency && (await this.claimOne())) processed++;
      if (this.inFlight.size === 0) return processed;
      await Promise.race(this.inFlight);
    }
  }

  private async run(): Promise<void> {
    while (this.running) {
      let claimed = false;
      if (this.inFlight.size < this.concurrency) {
        try {
          claimed = await this.claimOne();
        } catch (error) {
          this.logger.error(`could not claim a job: ${(error as Error).stack ?? error}`);
        }
      }
      if (!claimed && this.running) await this.sleep();
    }
    await Promise.all(this.inFlight);
  }

  /** Claims one job and starts it without waiting; false when the queue had none to give. */
  private async claimOne(): Promise<boolean> {
    const job = await this.deps.queue.claim(this.workerId);
    if (!job) return false;
    const work = this.process(job).finally(() => {
      this.inFlight.delete(work);
      this.wake();
    });
    this.inFlight.add(work);
    return true;
  }

  private sleep(): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(done, this.pollMs);
      function done() {
        clearTimeout(timer);
        resolve();
      }
      this.wakeUp = () => {
        this.wakeUp = null;
        done();
      };
    });
  }

  private async process(job: ClaimedJob): Promise<void> {
    const { catalog, queue } = this.deps;
    const tag = `document=${job.documentId} job=${job.id}`;
    const doc = catalog.documents.findById(job.documentId);
    if (!doc) {
      await queue.fail(job.lease, { reason: 'document no longer exists', permanent: true });
      return;
    }
    if (job.attempts > this.maxAttempts) {
      const reason = `gave up after ${this.maxAttempts} attempts (the worker stopped while processing it each time)`;
      catalog.documents.updateStatus(doc.id, 'failed', { error: reason });
      await queue.fail(job.lease, { reason, permanent: true });
      this.logger.warn(`${tag} ${reason}`);
      return;
    }
    const renewal = setInterval(() => void queue.renew(job.lease), queue.leaseMs / 3);
    renewal.unref();
    const started = Date.now();
    try {
      this.logger.log(`${tag} ingest started (attempt ${job.attempts}) file=${JSON.stringify(doc.filename)}`);
      catalog.documents.updateStatus(doc.id, 'parsing');
      const corpus = this.deps.corpora.get(doc.projectId);
      // A crash between the corpus commit and the catalog update leaves an article behind: replace it.
      const leftover = corpus.findArticleByDocument(doc.id);
      if (leftover) corpus.deleteArticle(leftover.id);
      const data = await this.deps.store.get(doc.storageKey);
      const { outputs, warnings: serviceWarnings } = await this.deps.services.collect(data, tag);
      const parsed = await this.deps.pool.parse({ data, outputs, maxTokens: this.deps.maxTokens });
      catalog.documents.updateStatus(doc.id, 'embedding');
      const vectors = await this.embed(textsToEmbed(parsed.article));
      const article = toArticleInput(doc.id, parsed.article, vectors, this.deps.embedder.instance.modelId);
      const { articleId } = corpus.insertArticle(article);
      const warnings = [...serviceWarnings, ...parsed.warnings];
      const ready = catalog.documents.updateStatus(doc.id, 'ready', {
        articleId,
        pageCount: article.pageCount,
        parsers: parsed.parsers,
        warnings,
        error: null,
      });
      // The document first: a crash between the two leaves a ready document whose job runs again (idempotent),
      // never a finished job whose document is stuck mid-ingest.
      if (ready) await queue.complete(job.lease);
      if (!ready) {
        // Removed while it was being parsed: what was just built belongs to nothing.
        corpus.deleteArticle(articleId);
        this.logger.log(`${tag} was removed while ingesting; its article was dropped`);
        return;
      }
      const contexts = vectors.length;
      this.logger.log(
        `${tag} ready in ${Date.now() - started} ms: ${article.pageCount} pages, ${article.sections.length} sections, ` +
          `${contexts} contexts, parsers ${parsed.parsers.join('+')}${warnings.length ? `, ${warnings.length} warnings` : ''}`,
      );
    } catch (error) {
      if (!catalog.documents.findById(doc.id)) {
        // Removed (or its project deleted) mid-ingest: the failure is the removal's doing, not the document's.
        this.logger.log(`${tag} was removed while ingesting (${(error as Error).message})`);
        return;
      }
      const permanent = isDocumentFault(error);
      const reason = permanent ? (error as Error).message : `internal error: ${(error as Error).message}`;
      const outcome = await queue.fail(job.lease, { reason, permanent });
      catalog.documents.updateStatus(doc.id, outcome === 'retrying' ? 'queued' : 'failed', { error: reason });
      if (permanent) this.logger.warn(`${tag} failed: ${reason}`);
      else this.logger.error(`${tag} failed: ${(error as Error).stack ?? error}`);
    } finally {
      clearInterval(renewal);
    }
  }

  private async embed(texts: string[]): Promise<Float32Array[]> {
    const batches: string[][] = [];
    for (let i = 0; i < texts.length; i += this.embedBatchSize) batches.push(texts.slice(i, i + this.embedBatchSize));
    const results = await Promise.all(batches.map((batch) => this.deps.pool.embed({ embedder: this.deps.embedder.config, texts: batch })));
    return results.flat();
  }
}
