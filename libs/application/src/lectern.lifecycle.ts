import type { CatalogDb } from '@lectern/corpus';
import {
  closeIngest,
  initOutsideResources,
  type CorpusRegistry,
  type IngestWorker,
  type LazyIngestPool,
  type ParseServices,
} from '@lectern/ingest';
import type { ObjectStore } from '@lectern/storage';

/** Start and shutdown of the parts that hold outside resources; the API (on bootstrap/shutdown), the CLI and the worker share it. */
export class LecternLifecycle {
  constructor(
    private readonly store: ObjectStore,
    private readonly services: ParseServices,
    private readonly worker: IngestWorker,
    private readonly pool: LazyIngestPool,
    private readonly corpora: CorpusRegistry,
    private readonly catalog: CatalogDb,
  ) {}

  /** Prepares outside resources (the MinIO bucket) and reports which parsing services answer. */
  init(): Promise<void> {
    return initOutsideResources(this.store, this.services);
  }

  /** Starts claiming jobs; resolves to the worker's id (for the log). */
  startWorker(): string {
    this.worker.start();
    return this.worker.workerId;
  }

  /** Stops the worker (finishing its documents), then the pool threads, then the databases. */
  close(): Promise<void> {
    return closeIngest({ worker: this.worker, pool: this.pool, corpora: this.corpora, catalog: this.catalog });
  }
}
