import { hostname } from 'node:os';
import { randomBytes } from 'node:crypto';
import { DomainError } from '@lectern/common';
import type { CatalogDb } from '@lectern/corpus';
import type { Embedder, EmbedderConfig } from '@lectern/embeddings';
import type { OcrSettings, ParseLimits } from '@lectern/parsing';
import type { ObjectStore } from '@lectern/storage';
import { ArticleBuilder, type BuiltArticle } from './article-builder';
import { CorpusCommitter, type ArticleCommitter, type CommitOutcome } from './article-committer';
import type { CorpusRegistry } from './corpus-registry';
import { HeldLease, LeaseLostError } from './held-lease';
import { PageReporter } from './page-reporter';
import { silentLogger, type IngestLogger } from './ingest.logger';
import type { IngestPool } from './ingest.pool';
import type { ParseServices } from './parse-services';
import type { ClaimedJob, JobFailure, JobQueue, JobTarget } from './queue/job-queue';

export interface IngestWorkerDeps {
  /**
   * Documents only: their status and results. The job mechanics go through `queue`. Null for a worker that cannot
   * reach the catalog (INGEST_COMMIT=handoff): the job carries the PDF's key, `committer` hands the result off, and
   * the corpora's owner mirrors the queue's progress and failures onto the documents.
   */
  catalog: CatalogDb | null;
  queue: JobQueue;
  store: ObjectStore;
  corpora: CorpusRegistry;
  services: ParseServices;
  pool: IngestPool;
  /** The embedder the pool threads rebuild, and the model the corpus records. */
  embedder: { config: EmbedderConfig; instance: Embedder };
  maxTokens: number;
  /** Caps on inflated content and text items per page (defaults: the parser's). */
  parseLimits?: ParseLimits;
  logger?: IngestLogger;
  /** Where built articles go: by default this process commits them into `corpora` (the embedded path). */
  committer?: ArticleCommitter;
}

export interface IngestWorkerOptions {
  pollMs?: number;
  /** Documents in flight at once; the next job is claimed only when one finishes (back-pressure). */
  concurrency?: number;
  embedBatchSize?: number;
  /** Which pages are read by OCR (config OCR, OCR_LANGS). */
  ocr?: OcrSettings;
  /** Least time between two page-progress reports of one document to the queue (default 250 ms). */
  pageReportMs?: number;
  /** On stop, how long documents in flight may take to finish before they are given back to the queue (SHUTDOWN_GRACE_SECONDS). */
  shutdownGraceMs?: number;
}

/** The worker stopped (SIGTERM) before this document was done: it goes back to the queue for the next process. */
export class WorkerStoppingError extends DomainError {
  override readonly name = 'WorkerStoppingError';
  override readonly status = 503;
  override readonly permanent = false;
  override readonly exposable = true;
  constructor() {
    super('the worker shut down before finishing this document; it is retried by the next worker');
  }
}

/**
 * Claims ingestion jobs from the job queue and runs them; several workers (processes) may share a queue. A job is
 * built (ArticleBuilder) while its lease is renewed, then committed (ArticleCommitter) only after the lease is
 * confirmed; a worker that lost the lease abandons the job and leaves its document to the job's new owner. How many
 * times a job is tried is the queue's business (its attempts, its backoff).
 */
export class IngestWorker {
  readonly workerId = `${hostname()}-${process.pid}-${randomBytes(3).toString('hex')}`;
  private readonly pollMs: number;
  private readonly concurrency: number;
  private readonly logger: IngestLogger;
  private readonly builder: ArticleBuilder;
  private readonly committer: ArticleCommitter;
  private readonly pageReportMs: number;
  private readonly inFlight = new Set<Promise<void>>();
  /** Aborted when the shutdown grace ends: documents still in flight stop and go back to the queue. */
  private stopping = new AbortController();
  private readonly shutdownGraceMs: number;
  private running = false;
  private loop: Promise<void> | null = null;
  private wakeUp: (() => void) | null = null;

  constructor(
    private readonly deps: IngestWorkerDeps,
    options: IngestWorkerOptions = {},
  ) {
    this.pollMs = options.pollMs ?? 1_000;
    this.pageReportMs = options.pageReportMs ?? 250;
    this.concurrency = options.concurrency ?? 2;
    this.shutdownGraceMs = options.shutdownGraceMs ?? Infinity;
    this.logger = deps.logger ?? silentLogger;
    const { store, services, pool, embedder, maxTokens, parseLimits } = deps;
    this.builder = new ArticleBuilder({
      store,
      services,
      pool,
      embedder,
      maxTokens,
      parseLimits,
      embedBatchSize: options.embedBatchSize ?? 64,
      ocr: options.ocr,
    });
    if (!deps.committer && !deps.catalog) throw new Error('a worker without the catalog must hand its results off (committer)');
    this.committer = deps.committer ?? new CorpusCommitter(deps.catalog as CatalogDb, deps.corpora);
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    this.stopping = new AbortController();
    this.loop = this.run();
  }

  /**
   * Stops claiming and waits for the documents in flight to finish; those still running after the shutdown grace
   * are stopped and handed back to the queue (a passing failure: retried by the next worker).
   */
  async stop(): Promise<void> {
    this.running = false;
    this.wake();
    let timer: NodeJS.Timeout | undefined;
    if (Number.isFinite(this.shutdownGraceMs)) {
      timer = setTimeout(() => this.stopping.abort(), this.shutdownGraceMs);
      if (this.inFlight.size > 0)
        this.logger.log(`stopping: ${this.inFlight.size} documents in flight get ${this.shutdownGraceMs} ms to finish`);
    }
    try {
      await this.loop;
    } finally {
      clearTimeout(timer);
    }
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
    const tag = `document=${job.documentId} job=${job.id}`;
    const held = new HeldLease(this.deps.queue, job.lease, this.logger, tag);
    try {
      await this.ingest(job, held, tag);
    } catch (error) {
      // Only the queue itself can fail here (fail or complete threw): the lease then expires and the job runs again.
      this.logger.error(`${tag} could not report to the job queue: ${(error as Error).stack ?? error}`);
    } finally {
      held.release();
    }
  }

  private async ingest(job: ClaimedJob, held: HeldLease, tag: string): Promise<void> {
    const { catalog, queue } = this.deps;
    const target: JobTarget = { documentId: job.documentId, projectId: job.projectId };
    const doc = catalog ? catalog.documents.findById(job.documentId) : fromJob(job);
    if (!doc) {
      await queue.fail(job.lease, { reason: 'document no longer exists', permanent: true });
      return;
    }
    if (await this.committer.isCommitted(target)) {
      // An earlier claim committed the document, then stopped (crashed, or lost its lease) before completing the job.
      this.logger.log(`${tag} was committed by an earlier attempt; completing its job`);
      await this.complete(job, tag);
      return;
    }
    held.keepAlive(queue.leaseMs / 3);
    // A lost lease shows in `held.progress` (false), which aborts the build through `held.signal`.
    const pages = new PageReporter(
      (page, total, step) => held.progress({ stage: 'parsing', page, pages: total, step }),
      (error) => this.logger.warn(`${tag} could not report its page progress: ${(error as Error).message}`),
      this.pageReportMs,
    );
    const started = Date.now();
    let outcome: CommitOutcome;
    let built: BuiltArticle;
    const stopping = this.stopping.signal;
    const signal = AbortSignal.any([held.signal, stopping]);
    try {
      this.logger.log(`${tag} ingest started (attempt ${job.attempts}) file=${JSON.stringify(doc.filename)}`);
      built = await this.builder.build(
        { documentId: doc.id, storageKey: doc.storageKey },
        {
          tag,
          signal,
          guard: (work) => held.race(stoppable(work, stopping)),
          // Through the queue, which checks the lease in the same step: a worker that lost it cannot set a document back.
          onStage: async (stage) => {
            // A page report still on its way must not land after (and so over) the next stage.
            if (stage !== 'parsing') await pages.stop();
            if (!(await held.progress({ stage }))) throw new LeaseLostError(job.id);
          },
          onPage: (page, total, step) => pages.report(page, total, step),
        },
      );
      // The lease is renewed right before the commit, which grants a whole lease to make it in; the in-process commit
      // is synchronous. Should a commit outlast the lease, the next claimer finds the document committed.
      if (!(await held.confirm())) throw new LeaseLostError(job.id);
      outcome = await this.committer.commit(target, built);
    } catch (error) {
      await pages.stop();
      await this.failed(job, held, error, tag);
      return;
    }
    await this.complete(job, tag);
    if (outcome === 'removed') {
      this.logger.log(`${tag} was removed while ingesting; its article was dropped`);
    } else if (outcome === 'already-committed') {
      this.logger.log(`${tag} was committed meanwhile by an earlier attempt; this attempt's article was dropped`);
    } else if (outcome === 'handed-off') {
      this.logger.log(`${tag} built in ${Date.now() - started} ms and handed to the corpus owner to commit`);
    } else {
      const { article, parsers, warnings } = built;
      const contexts = article.sections.reduce((n, s) => n + s.contexts.length, 0);
      this.logger.log(
        `${tag} ready in ${Date.now() - started} ms: ${article.pageCount} pages, ${article.sections.length} sections, ` +
          `${contexts} contexts, parsers ${parsers.join('+')}${warnings.length ? `, ${warnings.length} warnings` : ''}`,
      );
    }
  }

  /** Hands a failure to the queue, which fails the job or retries it later; the document follows unless the job is lost. */
  private async failed(job: ClaimedJob, held: HeldLease, error: unknown, tag: string): Promise<void> {
    const { catalog, queue } = this.deps;
    if (error instanceof LeaseLostError || held.lost) {
      // Another worker owns the job now: the document is its to update, whatever this attempt ran into.
      this.logger.warn(`${tag} abandoned: ${(error as Error).message}`);
      return;
    }
    if (catalog && !catalog.documents.findById(job.documentId)) {
      // Removed (or its project deleted) mid-ingest: the failure is the removal's doing, not the document's.
      this.logger.log(`${tag} was removed while ingesting (${(error as Error).message})`);
      await queue.fail(job.lease, { reason: 'document removed while ingesting', permanent: true });
      return;
    }
    const failure = failureOf(error);
    const outcome = await queue.fail(job.lease, failure);
    if (outcome === 'lost') {
      this.logger.warn(`${tag} failed after its lease was lost (${failure.reason}); the job's new owner decides`);
      return;
    }
    // Never over a ready document: another worker finished it if this one was paused past its lease after `fail`.
    // Without the catalog, the corpora's owner mirrors the queue's failure onto the document.
    catalog?.documents.updateStatusUnlessReady(job.documentId, outcome === 'retrying' ? 'queued' : 'failed', { error: failure.reason });
    const message = `${tag} failed${outcome === 'retrying' ? ' (will be retried)' : ''}: `;
    if (failure.permanent) this.logger.warn(message + failure.reason);
    else this.logger.error(message + ((error as Error).stack ?? String(error)));
  }

  /** Completes the job; a lost lease or a queue error leaves the job to expire and its next claim to complete it. */
  private async complete(job: ClaimedJob, tag: string): Promise<void> {
    let completed: boolean;
    try {
      completed = await this.deps.queue.complete(job.lease);
    } catch (error) {
      this.logger.warn(`${tag} could not complete its job (${(error as Error).message}); it will be claimed and completed again`);
      return;
    }
    if (!completed && (!this.deps.catalog || this.deps.catalog.documents.findById(job.documentId))) {
      this.logger.warn(`${tag} lost its lease before completing its job; the next claim finds the document committed`);
    }
  }
}

/** `work`'s outcome, or a WorkerStoppingError once the shutdown grace is over (the work is left to settle unobserved). */
function stoppable<T>(work: Promise<T>, stopping: AbortSignal): Promise<T> {
  if (stopping.aborted) return Promise.reject(new WorkerStoppingError());
  return new Promise<T>((resolve, reject) => {
    const onStop = () => reject(new WorkerStoppingError());
    stopping.addEventListener('abort', onStop, { once: true });
    work.then(resolve, reject).finally(() => stopping.removeEventListener('abort', onStop));
  });
}

/**
 * The failure as the queue needs it. Permanence is the error's own (retrying cannot help); an error that is not a
 * DomainError is unknown (a dropped connection, a busy database) and retried within the queue's attempts. Only an
 * exposable message is shown to the user as the document's error.
 */
function failureOf(error: unknown): JobFailure {
  const message = error instanceof Error ? error.message : String(error);
  const known = error instanceof DomainError;
  return { reason: known && error.exposable ? message : `internal error: ${message}`, permanent: known ? error.permanent : false };
}

/** The document as a job carries it, for a worker without the catalog; null when the job does not say where the PDF is. */
function fromJob(job: ClaimedJob): { id: string; storageKey: string; filename: string } | null {
  return job.storageKey ? { id: job.documentId, storageKey: job.storageKey, filename: job.filename ?? job.documentId } : null;
}
