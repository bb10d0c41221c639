import { hostname } from 'node:os';
import { randomBytes } from 'node:crypto';
import { DomainError } from '@lectern/common';
import type { CatalogDb } from '@lectern/corpus';
import { ObjectNotFoundError, type ObjectStore } from '@lectern/storage';
import { CorpusCommitter } from '../article-committer';
import type { CorpusRegistry } from '../corpus-registry';
import { jobTargetOf } from '../document-intake';
import { silentLogger, type IngestLogger } from '../ingest.logger';
import { pageProgress, type ClaimedJob, type JobQueue } from '../queue/job-queue';
import { InvalidArticleResultError } from './article-result.codec';
import { commitArticleResult } from './result-handoff';

export interface CommitCoordinatorDeps {
  catalog: CatalogDb;
  store: ObjectStore;
  corpora: CorpusRegistry;
  /** The ingest queue: its workers' progress and failures are mirrored onto the documents; a lost result is rebuilt through it. */
  ingestQueue: JobQueue;
  /** One commit job per handed-off document (`ResultHandOff` queues it). */
  commitQueue: JobQueue;
  logger?: IngestLogger;
  /** How long to wait before looking again when no commit is waiting. */
  pollMs?: number;
}

/**
 * The corpora's owner in hand-off mode (INGEST_COMMIT=handoff, docs/scaling.md): claims commit jobs one at a time
 * and commits each handed-off result (`commitArticleResult`: one corpus transaction, then ready), and writes what
 * workers without the catalog report through the queue (stages, failures) onto the documents. Exactly one process
 * runs it: the one that owns the catalog and the corpus files.
 */
export class CommitCoordinator {
  readonly coordinatorId = `${hostname()}-${process.pid}-commit-${randomBytes(3).toString('hex')}`;
  private readonly committer: CorpusCommitter;
  private readonly logger: IngestLogger;
  private running = false;
  private loop: Promise<void> | null = null;
  private wakeUp: (() => void) | null = null;

  constructor(private readonly deps: CommitCoordinatorDeps) {
    this.committer = new CorpusCommitter(deps.catalog, deps.corpora);
    this.logger = deps.logger ?? silentLogger;
  }

  /** Starts mirroring the ingest queue's events and committing; resolves once the events are watched. */
  async start(): Promise<void> {
    if (this.running) return;
    this.running = true;
    const documents = this.deps.catalog.documents;
    await this.deps.ingestQueue.watch({
      progress: (documentId, progress) =>
        void documents.updateStatusUnlessReady(documentId, progress.stage, { progress: pageProgress(progress) }),
      retrying: (documentId, reason) => void documents.updateStatusUnlessReady(documentId, 'queued', { error: reason }),
      failed: (documentId, reason) => void documents.updateStatusUnlessReady(documentId, 'failed', { error: reason }),
    });
    this.loop = this.run();
  }

  /** Stops claiming and waits for the commit in progress. */
  async stop(): Promise<void> {
    this.running = false;
    this.wakeUp?.();
    await this.loop;
    this.loop = null;
  }

  /** Commits until no commit job is waiting; for tests. */
  async drain(): Promise<number> {
    let committed = 0;
    while (await this.commitOne()) committed++;
    return committed;
  }

  private async run(): Promise<void> {
    while (this.running) {
      let claimed = false;
      try {
        claimed = await this.commitOne();
      } catch (error) {
        this.logger.error(`could not claim a commit job: ${(error as Error).stack ?? error}`);
      }
      if (!claimed && this.running) await this.sleep();
    }
  }

  private sleep(): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(done, this.deps.pollMs ?? 250);
      const wake = () => done();
      this.wakeUp = wake;
      function done() {
        clearTimeout(timer);
        resolve();
      }
    });
  }

  /** Claims one commit job and commits its result; false when none was waiting. */
  private async commitOne(): Promise<boolean> {
    const job = await this.deps.commitQueue.claim(this.coordinatorId);
    if (!job) return false;
    const tag = `document=${job.documentId} commit`;
    try {
      const outcome = await commitArticleResult(this.deps.store, this.committer, job);
      await this.deps.commitQueue.complete(job.lease);
      this.logger.log(`${tag}: ${outcome}`);
    } catch (error) {
      await this.failed(job, error, tag);
    }
    return true;
  }

  private async failed(job: ClaimedJob, error: unknown, tag: string): Promise<void> {
    const { catalog, commitQueue, ingestQueue } = this.deps;
    const doc = catalog.documents.findById(job.documentId);
    if (error instanceof ObjectNotFoundError || error instanceof InvalidArticleResultError) {
      // The result is gone or damaged (a crash, a lifecycle rule, a bad disk): the document is built again.
      if (!doc || doc.status === 'ready') {
        await commitQueue.complete(job.lease);
        return;
      }
      const requeued = await ingestQueue.retry(jobTargetOf(doc));
      if (requeued.status === 'running') {
        // The worker that queued this commit has not completed its ingest job yet, so it cannot be queued again:
        // look again after the commit queue's backoff (its attempts bound how often).
        const reason = `the built article is unreadable (${(error as Error).message}) and its ingest job is still running`;
        if ((await commitQueue.fail(job.lease, { reason, permanent: false })) === 'failed') {
          catalog.documents.updateStatusUnlessReady(doc.id, 'failed', { error: `internal error: ${reason}` });
        }
        return;
      }
      this.logger.warn(`${tag}: ${(error as Error).message}; building the document again`);
      catalog.documents.updateStatusUnlessReady(doc.id, 'queued', { error: null });
      await commitQueue.complete(job.lease);
      return;
    }
    const message = error instanceof Error ? error.message : String(error);
    const known = error instanceof DomainError;
    const reason = known && error.exposable ? message : `internal error: ${message}`;
    const outcome = await commitQueue.fail(job.lease, { reason, permanent: known ? error.permanent : false });
    if (outcome === 'failed' && doc) catalog.documents.updateStatusUnlessReady(doc.id, 'failed', { error: reason });
    this.logger.warn(`${tag} failed${outcome === 'retrying' ? ' (will be retried)' : ''}: ${reason}`);
  }
}
