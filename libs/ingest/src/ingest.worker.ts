import { hostname } from 'node:os';
import { randomBytes } from 'node:crypto';
import type { CatalogDb, JobRow } from '@lectern/corpus';
import type { TokenCounter } from '@lectern/chunking';
import type { Embedder } from '@lectern/embeddings';
import { CorruptPdfError, EncryptedPdfError, NoTextLayerError, UnsupportedFileError, type DocumentParser } from '@lectern/parsing';
import type { ObjectStore } from '@lectern/storage';
import type { CorpusRegistry } from './corpus-registry';
import { runIngest } from './run-ingest';

export interface IngestLogger {
  log(message: string): void;
  warn(message: string): void;
  error(message: string): void;
}

export interface IngestWorkerDeps {
  catalog: CatalogDb;
  store: ObjectStore;
  corpora: CorpusRegistry;
  embedder: Embedder;
  parser: DocumentParser;
  counter: TokenCounter;
  maxTokens: number;
  logger?: IngestLogger;
}

export interface IngestWorkerOptions {
  /** How long a claimed job stays ours without renewal; a crashed worker's job is retried after it. */
  leaseMs?: number;
  pollMs?: number;
  /** Claims of one job (crashes included) before the document is marked failed. */
  maxAttempts?: number;
}

/** Errors that say the file itself is unusable: retrying cannot help. */
const PERMANENT = [UnsupportedFileError, EncryptedPdfError, CorruptPdfError, NoTextLayerError];

const silent: IngestLogger = { log: () => undefined, warn: () => undefined, error: () => undefined };

/** Claims ingestion jobs from the catalog queue and runs them; several workers (processes) may share a queue. */
export class IngestWorker {
  readonly workerId = `${hostname()}-${process.pid}-${randomBytes(3).toString('hex')}`;
  private readonly leaseMs: number;
  private readonly pollMs: number;
  private readonly maxAttempts: number;
  private readonly logger: IngestLogger;
  private running = false;
  private loop: Promise<void> | null = null;
  private wakeUp: (() => void) | null = null;

  constructor(
    private readonly deps: IngestWorkerDeps,
    options: IngestWorkerOptions = {},
  ) {
    this.leaseMs = options.leaseMs ?? 30_000;
    this.pollMs = options.pollMs ?? 1_000;
    this.maxAttempts = options.maxAttempts ?? 3;
    this.logger = deps.logger ?? silent;
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    this.loop = this.run();
  }

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

  /** Processes jobs until none can be claimed; for the CLI and tests. */
  async drain(): Promise<number> {
    let processed = 0;
    while (await this.runOnce()) processed++;
    return processed;
  }

  /** Claims and processes one job; false when the queue had none to give. */
  async runOnce(): Promise<boolean> {
    const job = this.deps.catalog.jobs.claim(this.workerId, this.leaseMs);
    if (!job) return false;
    await this.process(job);
    return true;
  }

  private async run(): Promise<void> {
    while (this.running) {
      let worked = false;
      try {
        worked = await this.runOnce();
      } catch (error) {
        this.logger.error(`worker loop error: ${(error as Error).stack ?? error}`);
      }
      if (!worked && this.running) await this.sleep();
    }
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

  private async process(job: JobRow): Promise<void> {
    const { catalog } = this.deps;
    const tag = `document=${job.documentId} job=${job.id}`;
    const doc = catalog.documents.findById(job.documentId);
    if (!doc) {
      catalog.jobs.fail(job.id, this.workerId, 'document no longer exists');
      return;
    }
    if (job.attempts > this.maxAttempts) {
      const reason = `gave up after ${this.maxAttempts} attempts (the worker stopped while processing it each time)`;
      catalog.documents.updateStatus(doc.id, 'failed', { error: reason });
      catalog.jobs.fail(job.id, this.workerId, reason);
      this.logger.warn(`${tag} ${reason}`);
      return;
    }
    const renewal = setInterval(() => catalog.jobs.renew(job.id, this.workerId, this.leaseMs), this.leaseMs / 3);
    renewal.unref();
    const started = Date.now();
    try {
      this.logger.log(`${tag} ingest started (attempt ${job.attempts}) file=${JSON.stringify(doc.filename)}`);
      const corpus = this.deps.corpora.get(doc.projectId);
      // A crash between the corpus commit and the catalog update leaves an article behind: replace it.
      const leftover = corpus.findArticleByDocument(doc.id);
      if (leftover) corpus.deleteArticle(leftover.id);
      const data = await this.deps.store.get(doc.storageKey);
      const { article, parsers } = await runIngest({
        documentId: doc.id,
        data,
        parser: this.deps.parser,
        counter: this.deps.counter,
        embedder: this.deps.embedder,
        maxTokens: this.deps.maxTokens,
        onStage: (stage) => catalog.documents.updateStatus(doc.id, stage),
      });
      const { articleId } = corpus.insertArticle(article);
      catalog.transaction(() => {
        catalog.documents.updateStatus(doc.id, 'ready', { articleId, pageCount: article.pageCount, parsers, error: null });
        catalog.jobs.complete(job.id, this.workerId);
      });
      const contexts = article.sections.reduce((n, s) => n + s.contexts.length, 0);
      this.logger.log(
        `${tag} ready in ${Date.now() - started} ms: ${article.pageCount} pages, ${article.sections.length} sections, ${contexts} contexts`,
      );
    } catch (error) {
      const permanent = PERMANENT.some((kind) => error instanceof kind);
      const reason = permanent ? (error as Error).message : `internal error: ${(error as Error).message}`;
      catalog.documents.updateStatus(doc.id, 'failed', { error: reason });
      catalog.jobs.fail(job.id, this.workerId, reason);
      if (permanent) this.logger.warn(`${tag} failed: ${reason}`);
      else this.logger.error(`${tag} failed: ${(error as Error).stack ?? error}`);
    } finally {
      clearInterval(renewal);
    }
  }
}
