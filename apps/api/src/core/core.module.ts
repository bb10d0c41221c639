import { DynamicModule, Global, Inject, Logger, Module, OnApplicationBootstrap, OnApplicationShutdown, type Provider } from '@nestjs/common';
import {
  CATALOG,
  closeLectern,
  CORPUS_REGISTRY,
  INGEST_LOGGER,
  INGEST_POOL,
  INGEST_WORKER,
  initLectern,
  LECTERN_CONFIG,
  LECTERN_PARTS,
  OBJECT_STORE,
  PARSE_SERVICES,
} from '@lectern/application';
import type { LecternConfig } from '@lectern/config';
import type { CatalogDb } from '@lectern/corpus';
import type { CorpusRegistry, IngestWorker, LazyIngestPool, ParseServices } from '@lectern/ingest';
import type { ObjectStore } from '@lectern/storage';

/**
 * Registers every part of Lectern (LECTERN_PARTS: catalog, object store, embedder, corpora, LLM, parse services,
 * worker, intake, use cases) as its own provider, and runs the worker in-process unless INGEST_WORKER=off.
 */
@Global()
@Module({})
export class CoreModule implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('IngestWorker');

  constructor(
    @Inject(LECTERN_CONFIG) private readonly config: LecternConfig,
    @Inject(OBJECT_STORE) private readonly store: ObjectStore,
    @Inject(PARSE_SERVICES) private readonly services: ParseServices,
    @Inject(INGEST_WORKER) private readonly worker: IngestWorker,
    @Inject(INGEST_POOL) private readonly pool: LazyIngestPool,
    @Inject(CORPUS_REGISTRY) private readonly corpora: CorpusRegistry,
    @Inject(CATALOG) private readonly catalog: CatalogDb,
  ) {}

  static register(config: LecternConfig): DynamicModule {
    const parts: Provider[] = LECTERN_PARTS.map(({ provide, inject, useFactory }) => ({
      provide,
      inject,
      useFactory: useFactory as (...deps: unknown[]) => unknown,
    }));
    const providers: Provider[] = [
      { provide: LECTERN_CONFIG, useValue: config },
      { provide: INGEST_LOGGER, useValue: new Logger('IngestWorker') },
      ...parts,
    ];
    return { module: CoreModule, providers, exports: [LECTERN_CONFIG, INGEST_LOGGER, ...LECTERN_PARTS.map((p) => p.provide)] };
  }

  async onApplicationBootstrap(): Promise<void> {
    await initLectern(this.store, this.services);
    if (!this.config.inProcessWorker) return;
    this.worker.start();
    this.logger.log(`in-process ingest worker started (${this.worker.workerId})`);
  }

  async onApplicationShutdown(): Promise<void> {
    await closeLectern({ worker: this.worker, pool: this.pool, corpora: this.corpora, catalog: this.catalog });
  }
}
