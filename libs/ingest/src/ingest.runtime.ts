import * as path from 'node:path';
import { CatalogDb } from '@lectern/corpus';
import type { LecternConfig } from '@lectern/config';
import { embedderConfigFrom, resolveEmbedder, type Embedder, type EmbedderConfig, type ResolvedEmbedder } from '@lectern/embeddings';
import { LocalObjectStore, MinioObjectStore, type ObjectStore } from '@lectern/storage';
import { CorpusRegistry } from './corpus-registry';
import { DocumentIntake } from './document-intake';
import type { IngestLogger } from './ingest.logger';
import { createPool, type IngestPool } from './ingest.pool';
import { IngestWorker, type IngestWorkerOptions } from './ingest.worker';
import { ParseServices } from './parse-services';
import type { JobQueue } from './queue/job-queue';
import { SqliteJobQueue } from './queue/sqlite-job.queue';

/**
 * Everything ingestion and search need, wired from the configuration once. The API, the worker process and
 * the CLI each build one, so they behave the same on the same data directory.
 */
export class IngestRuntime {
  readonly catalog: CatalogDb;
  readonly queue: JobQueue;
  readonly store: ObjectStore;
  readonly embedderConfig: EmbedderConfig;
  readonly embedder: Embedder;
  readonly corpora: CorpusRegistry;
  readonly services: ParseServices;
  readonly worker: IngestWorker;
  readonly intake: DocumentIntake;
  private pool: IngestPool | null = null;

  /** Which embedding provider was chosen, and why (for the log, /health and the UI). */
  readonly embedderChoice: { kind: ResolvedEmbedder['kind']; reason: string };
  /**
   * The search mode used when a request names none. Our evaluation (bench/RESULTS.md) found keyword search ahead
   * of hybrid on Recall@5 when the vectors come from the lexical embedder, which adds little to BM25; with a model
   * embedder, hybrid is the default.
   */
  readonly defaultSearchMode: 'hybrid' | 'keyword';

  /** Resolves the embedder first (loading a model, asking a server), then wires everything around it. */
  static async create(config: LecternConfig, options: RuntimeOptions = {}): Promise<IngestRuntime> {
    const resolved = await resolveEmbedder(embedderConfigFrom(config.embeddings, config.llm));
    options.logger?.log(`embeddings: ${resolved.reason}`);
    return new IngestRuntime(config, resolved, options);
  }

  private constructor(
    readonly config: LecternConfig,
    resolved: ResolvedEmbedder,
    options: RuntimeOptions,
  ) {
    this.catalog = CatalogDb.open(config.dataDir);
    this.queue = new SqliteJobQueue(this.catalog.jobs, { leaseMs: config.jobLeaseMs });
    this.store = config.minio
      ? new MinioObjectStore(config.minio)
      : new LocalObjectStore(path.join(config.dataDir, 'objects'));
    // Pool threads rebuild the embedder from this cloneable config; one ONNX thread each, the pool gives parallelism.
    this.embedderConfig = resolved.kind === 'transformers' ? { ...resolved.config, threads: 1 } : resolved.config;
    this.embedder = resolved.embedder;
    this.embedderChoice = { kind: resolved.kind, reason: resolved.reason };
    this.defaultSearchMode = resolved.kind === 'lexical' ? 'keyword' : 'hybrid';
    this.corpora = new CorpusRegistry(
      config.dataDir,
      { modelId: this.embedder.modelId, dimension: this.embedder.dimension },
      config.vectorSearch,
    );
    this.services = new ParseServices(config.parserServices, options.logger);
    this.worker = new IngestWorker(
      {
        catalog: this.catalog,
        queue: this.queue,
        store: this.store,
        corpora: this.corpora,
        services: this.services,
        // The pool starts its threads on first use, so commands that never ingest never pay for them.
        pool: lazyPool(() => this.ensurePool()),
        embedder: { config: this.embedderConfig, instance: this.embedder },
        // A context must fit the embedding model's window as well as the configured budget.
        maxTokens: Math.min(config.contextMaxTokens, this.embedder.maxTokens),
        logger: options.logger,
      },
      { concurrency: config.maxConcurrentDocuments, ...options.worker },
    );
    this.intake = new DocumentIntake(this.catalog, this.queue, this.store, config.maxUploadBytes, () => this.worker.wake());
  }

  /** Prepares outside resources (the MinIO bucket) and reports which parsing services answer. */
  async init(): Promise<void> {
    if (this.store instanceof MinioObjectStore) await this.store.init();
    await this.services.checkAtStart();
  }

  /** Starts every pool thread and loads its modules now, so the first documents do not pay for it. */
  async warmUp(): Promise<void> {
    const pool = this.ensurePool();
    const tasks = Math.max(1, pool.threads);
    await Promise.all(Array.from({ length: tasks }, () => pool.embed({ embedder: this.embedderConfig, texts: ['warm up'] })));
  }

  private ensurePool(): IngestPool {
    return (this.pool ??= createPool(this.config.workers, this.config.workerMaxMemoryMb));
  }

  async close(): Promise<void> {
    await this.worker.stop();
    await this.pool?.close();
    this.pool = null;
    this.corpora.closeAll();
    this.catalog.close();
  }
}

export interface RuntimeOptions {
  logger?: IngestLogger;
  worker?: IngestWorkerOptions;
}

function lazyPool(get: () => IngestPool): IngestPool {
  return {
    get threads() {
      return get().threads;
    },
    parse: (task) => get().parse(task),
    embed: (task) => get().embed(task),
    close: () => get().close(),
  };
}
