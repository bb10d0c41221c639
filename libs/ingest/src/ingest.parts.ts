import * as path from 'node:path';
import { backoffDelay } from '@lectern/common';
import { CatalogDb } from '@lectern/corpus';
import type { LecternConfig } from '@lectern/config';
import { embedderConfigFrom, resolveEmbedder, type Embedder, type EmbedderConfig, type ResolvedEmbedder } from '@lectern/embeddings';
import { LocalObjectStore, MinioObjectStore, type ObjectStore } from '@lectern/storage';
import { CorpusRegistry } from './corpus-registry';
import { DocumentIntake } from './document-intake';
import { createPool, type IngestPool } from './ingest.pool';
import type { IngestLogger } from './ingest.logger';
import { IngestWorker, type IngestWorkerDeps, type IngestWorkerOptions } from './ingest.worker';
import { ParseServices } from './parse-services';
import { BullJobQueue } from './queue/bull-job.queue';
import { pageProgress, type JobQueue } from './queue/job-queue';
import { SqliteJobQueue } from './queue/sqlite-job.queue';
import { CommitCoordinator, type CommitCoordinatorDeps } from './result/commit-coordinator';
import { ResultHandOff } from './result/result-handoff';

/*
 * One factory function per part of the ingest graph. The API's Nest providers and the plain factory of the CLI and
 * the worker (`@lectern/application`) both call these, so the two graphs cannot drift apart.
 */

export function openCatalog(config: LecternConfig): CatalogDb {
  return CatalogDb.open(config.dataDir);
}

export function createObjectStore(config: LecternConfig): ObjectStore {
  return config.minio ? new MinioObjectStore(config.minio) : new LocalObjectStore(path.join(config.dataDir, 'objects'));
}

/** The embedder in use, how it was chosen, and what it implies for search. */
export interface ConfiguredEmbedder {
  instance: Embedder;
  /** What pool threads rebuild the embedder from (cloneable). */
  poolConfig: EmbedderConfig;
  /** Which embedding provider was chosen, and why (for the log, /health and the UI). */
  choice: { kind: ResolvedEmbedder['kind']; reason: string };
  /**
   * The search mode used when a request names none. Our evaluation (bench/RESULTS.md) found keyword search ahead
   * of hybrid on Recall@5 when the vectors come from the lexical embedder, which adds little to BM25; with a model
   * embedder, hybrid is the default.
   */
  defaultSearchMode: 'hybrid' | 'keyword';
}

/** Resolves the embedder (loading a model, asking a server): the one asynchronous part, everything else waits on it. */
export async function resolveConfiguredEmbedder(config: LecternConfig, logger?: IngestLogger): Promise<ConfiguredEmbedder> {
  const resolved = await resolveEmbedder(embedderConfigFrom(config.embeddings, config.llm));
  logger?.log(`embeddings: ${resolved.reason}`);
  return {
    instance: resolved.embedder,
    // One ONNX thread per pool thread: the pool gives the parallelism.
    poolConfig: resolved.kind === 'transformers' ? { ...resolved.config, threads: 1 } : resolved.config,
    choice: { kind: resolved.kind, reason: resolved.reason },
    defaultSearchMode: resolved.kind === 'lexical' ? 'keyword' : 'hybrid',
  };
}

export function createCorpusRegistry(config: LecternConfig, embedder: ConfiguredEmbedder): CorpusRegistry {
  const { modelId, dimension } = embedder.instance;
  return new CorpusRegistry(config.dataDir, { modelId, dimension }, config.vectorSearch);
}

export function createParseServices(config: LecternConfig, logger?: IngestLogger): ParseServices {
  return new ParseServices(config.parserServices, logger);
}

/** The pool starts its threads on first use, so commands that never ingest never pay for them. */
export class LazyIngestPool implements IngestPool {
  private pool: IngestPool | null = null;

  constructor(
    private readonly workers: number,
    private readonly maxMemoryMb: number,
    private readonly parseTimeoutMs?: number,
  ) {}

  get threads(): number {
    return this.started().threads;
  }

  parse: IngestPool['parse'] = (task, options) => this.started().parse(task, options);
  embed: IngestPool['embed'] = (task, options) => this.started().embed(task, options);

  /** Starts every pool thread and loads its modules now, so the first documents do not pay for it. */
  async warmUp(embedder: EmbedderConfig): Promise<void> {
    const pool = this.started();
    const tasks = Math.max(1, pool.threads);
    await Promise.all(Array.from({ length: tasks }, () => pool.embed({ embedder, texts: ['warm up'] })));
  }

  /** Closes the threads if they were ever started. */
  async close(): Promise<void> {
    const pool = this.pool;
    this.pool = null;
    await pool?.close();
  }

  private started(): IngestPool {
    return (this.pool ??= createPool(this.workers, this.maxMemoryMb, this.parseTimeoutMs));
  }
}

export function createIngestPool(config: LecternConfig): LazyIngestPool {
  return new LazyIngestPool(config.workers, config.workerMaxMemoryMb, config.parseLimits.timeoutMs);
}

/**
 * Wait before a job that failed for a passing reason (a parsing service timing out, the object store briefly down)
 * is claimed again, given the attempt that failed: 5 s, 10 s, 20 s, … capped at 30 s. Permanent failures (not a
 * PDF, encrypted) are never retried.
 */
export const retryBackoffMs = (attempt: number): number => backoffDelay(attempt - 1, 5_000);

/**
 * The job queue QUEUE names: the catalog's jobs table (the embedded default) or BullMQ on Redis (REDIS_URL), with
 * leases as long as JOB_LEASE_SECONDS and retries with backoff either way.
 */
export function createJobQueue(config: LecternConfig, catalog: CatalogDb | null, logger?: IngestLogger): JobQueue {
  if (config.queue.kind === 'redis') {
    if (!catalog) {
      // A worker without the catalog (INGEST_COMMIT=handoff): the corpora's owner mirrors stages and failures.
      return new BullJobQueue({
        onConnectionError: (error) => logger?.error(`job queue (Redis): ${error.message}`),
        url: config.queue.url,
        leaseMs: config.jobLeaseMs,
        retryBackoffMs,
        onExhausted: () => undefined,
      });
    }
    return new BullJobQueue({
      onConnectionError: (error) => logger?.error(`job queue (Redis): ${error.message}`),
      url: config.queue.url,
      leaseMs: config.jobLeaseMs,
      retryBackoffMs,
      // The queue cannot reach the catalog's documents; a job whose worker died on every attempt fails its document here.
      onExhausted: (documentId, reason) => catalog.documents.updateStatus(documentId, 'failed', { error: reason }),
      // Workers share the data directory for now (docs/scaling.md): the stage goes to the document as with SQLite.
      onProgress: (documentId, progress) =>
        void catalog.documents.updateStatusUnlessReady(documentId, progress.stage, { progress: pageProgress(progress) }),
    });
  }
  if (!catalog) throw new Error('the SQLite job queue lives in the catalog');
  return new SqliteJobQueue(catalog.jobs, { leaseMs: config.jobLeaseMs, retryBackoffMs });
}

/** BullMQ queue name of the commit jobs (INGEST_COMMIT=handoff): one per handed-off document. */
export const COMMIT_QUEUE_NAME = 'lectern-commit';

/**
 * The commit queue of INGEST_COMMIT=handoff (null otherwise): workers queue a commit job per handed-off result, the
 * corpora's owner claims them. With the catalog, a commit job failed on every attempt fails its document.
 */
export function createCommitQueue(config: LecternConfig, catalog: CatalogDb | null, logger?: IngestLogger): JobQueue | null {
  if (config.ingestCommit !== 'handoff' || config.queue.kind !== 'redis') return null;
  return new BullJobQueue({
    onConnectionError: (error) => logger?.error(`commit queue (Redis): ${error.message}`),
    url: config.queue.url,
    queueName: COMMIT_QUEUE_NAME,
    leaseMs: config.jobLeaseMs,
    retryBackoffMs,
    onExhausted: (documentId, reason) => void catalog?.documents.updateStatusUnlessReady(documentId, 'failed', { error: reason }),
  });
}

/** The API's coordinator of INGEST_COMMIT=handoff (null otherwise): commits handed-off results, mirrors workers' reports. */
export function createCommitCoordinator(
  parts: Omit<CommitCoordinatorDeps, 'commitQueue'> & { commitQueue: JobQueue | null },
): CommitCoordinator | null {
  const { commitQueue, ...rest } = parts;
  return commitQueue ? new CommitCoordinator({ ...rest, commitQueue }) : null;
}

/**
 * A worker for another machine (INGEST_COMMIT=handoff): it opens neither the catalog nor a corpus. The job says
 * where the PDF is; the built article goes to the object store and a commit job to the corpora's owner.
 */
export function createHandoffIngestWorker(
  config: LecternConfig,
  parts: Omit<IngestWorkerParts, 'catalog' | 'corpora' | 'committer'> & { commitQueue: JobQueue },
  options: IngestWorkerOptions = {},
): IngestWorker {
  const { commitQueue, ...rest } = parts;
  const { modelId, dimension } = parts.embedder.instance;
  return createIngestWorker(
    config,
    {
      ...rest,
      catalog: null,
      // Never opened: the committer below is not the corpus's.
      corpora: new CorpusRegistry(config.dataDir, { modelId, dimension }),
      committer: new ResultHandOff(parts.store, (target) => commitQueue.retry(target)),
    },
    options,
  );
}

/** The worker's dependencies, with the embedder as configured (the worker derives the pool's copy and the budget). */
export type IngestWorkerParts = Omit<IngestWorkerDeps, 'embedder' | 'maxTokens'> & { embedder: ConfiguredEmbedder };

export function createIngestWorker(config: LecternConfig, parts: IngestWorkerParts, options: IngestWorkerOptions = {}): IngestWorker {
  const { embedder, ...rest } = parts;
  return new IngestWorker(
    {
      ...rest,
      embedder: { config: embedder.poolConfig, instance: embedder.instance },
      // A context must fit the embedding model's window as well as the configured budget.
      maxTokens: Math.min(config.contextMaxTokens, embedder.instance.maxTokens),
      parseLimits: config.parseLimits,
    },
    { concurrency: config.maxConcurrentDocuments, shutdownGraceMs: config.shutdownGraceMs, ocr: config.ocr, ...options },
  );
}

export function createDocumentIntake(
  config: LecternConfig,
  catalog: CatalogDb,
  queue: JobQueue,
  store: ObjectStore,
  worker: IngestWorker,
): DocumentIntake {
  return new DocumentIntake(catalog, queue, store, config.maxUploadBytes, () => worker.wake());
}

/** Prepares outside resources (the MinIO bucket) and reports which parsing services answer. */
export async function initOutsideResources(store: ObjectStore, services: ParseServices, queue: JobQueue): Promise<void> {
  await queue.open();
  if (store instanceof MinioObjectStore) await store.init();
  await services.checkAtStart();
}

/** Stops the worker (finishing its documents), then the queue's connections, the pool threads, then the databases. */
export async function closeIngest(parts: {
  worker: IngestWorker;
  queue: JobQueue;
  pool: LazyIngestPool;
  corpora: CorpusRegistry;
  catalog: CatalogDb;
}): Promise<void> {
  await parts.worker.stop();
  await parts.queue.close();
  await parts.pool.close();
  parts.corpora.closeAll();
  parts.catalog.close();
}
